import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// SVG and PDF image cells in bounded memory: the SVG's images are tokens until written
/// (`SVGImageTokens`), the PDF's are raster sources decoded when Cairo asks (`CairoRasterSource`).
/// Either way the document's bytes are the ones Cairo writes from decoded images (a job made
/// for no one format, `ImageCache.Output.whole`).
@Suite struct VectorImagesTests {
    /// A grid of image cells: two files, each shown more than once, in every fit, some faded.
    static func grid(in dir: URL, rows: Int = 3, paged: Bool = false) throws -> PreparedGrid {
        _ = try ImageCacheTests.twoColourPNG(in: dir, width: 120, height: 60)
        try FileManager.default.copyItem(at: dir.appendingPathComponent("photo.png"), to: dir.appendingPathComponent("copy.png"))
        // A second file with bytes after IEND: the SVG embeds what a decoder reads, not the tail.
        let tail = try FileHandle(forWritingTo: dir.appendingPathComponent("copy.png"))
        tail.seekToEndOfFile()
        tail.write(Data("trailing bytes".utf8))
        try tail.close()
        // A third with alpha: half-transparent and fully transparent pixels.
        var clear = makeTable([[.empty, .empty]], columnWidths: [.fixed(20), .fixed(20)], rowHeight: 20, header: false,
                              styler: { _, column in
            var style = ResolvedStyle()
            style.background = column == 0 ? Color(red: 0, green: 0.5, blue: 0, alpha: 0.5) : Color(red: 0, green: 0, blue: 0, alpha: 0)
            return style
        })
        clear.background = Color(red: 0, green: 0, blue: 0, alpha: 0)
        try GridRenderer.render(clear, to: dir.appendingPathComponent("alpha.png").path)
        let fits = ImageFit.allCases, files = ["photo.png", "./copy.png", "alpha.png"]
        let contents: [[CellContent]] = (0..<rows).map { r in
            (0..<3).map { c in .image(path: files[(r + c) % 3], fit: fits[(r + c) % fits.count]) }
        }
        var grid = makeTable(contents, columnWidths: [.fixed(60), .fixed(40), .fixed(80)], rowHeight: 36, header: false,
                             styler: { r, c in
            var style = ResolvedStyle()
            style.opacity = (r + c) % 3 == 0 ? 0.5 : 1
            return style
        })
        grid.baseDirectory = dir.path
        if paged { grid.page = PreparedGrid.Page(width: 200, height: 90) }
        return grid
    }

    static func svg(_ job: RenderJob) throws -> [UInt8] {
        let sink = OutputSink()
        try job.svg(to: sink)
        return sink.bytes
    }

    @Test func svgIsCairosDocument() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let grid = try Self.grid(in: dir)
        let expected = try RenderJob(grid, options: RenderOptions()).svg()
        let svg = try Self.svg(RenderJob(grid, options: RenderOptions(), format: .svg))
        // The one-piece document and the format's job are the same picture (the SVG player and
        // the job for no one format may write different bytes: ids, the accessibility layer).
        #expect(try LayeredSVGTests.differingPixels(svg, expected, scale: 1) == 0)
        let text = String(decoding: svg, as: UTF8.self)
        #expect(!text.contains("gridrender-image"))
        // Each file once, as the bytes a decoder reads (up to IEND).
        #expect(text.components(separatedBy: "data:image/png;base64,").count == 4)
        let photo = try Data(contentsOf: dir.appendingPathComponent("photo.png"))
        #expect(text.contains(photo.base64EncodedString()))
        // Streamed in small chunks, the same.
        let streamed = try RenderJob(grid, options: RenderOptions(paintThreads: 2), format: .svg)
        streamed.streamedChunkCells = 2
        #expect(try LayeredSVGTests.differingPixels(try Self.svg(streamed), expected, scale: 1) == 0)
    }

    /// Through Cairo, the PDF is Cairo's document from the pixels (a job for no one format) except for the
    /// images of 8-bit RGB files, which hold the files' own data (`PDFImagePassthrough`): every
    /// other object is the same, the table finds every object, and the pages look the same.
    @Test(arguments: [ImageCache.keptVectorBytes, 0])
    func pdfIsCairosDocumentWithTheFilesData(keptImageBytes: Int) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for paged in [false, true] {
            let folder = try dir.appendingPathComponent(paged ? "paged" : "one", isDirectory: true).creatingDirectory()
            let grid = try Self.grid(in: folder, rows: paged ? 6 : 3, paged: paged)
            let plain = try RenderJob(grid, options: RenderOptions())
            plain.ownsPDF = false
            let expected = try plain.pdf()
            let job = try RenderJob(grid, options: RenderOptions(), format: .pdf, keptImageBytes: keptImageBytes)
            // Cairo's route (`GRIDRENDER_PDF_WRITER=cairo`); the project's writer draws images
            // itself (OwnPDFImageTests).
            job.ownsPDF = false
            let pdf = try job.pdf()
            // A second document from the same job: its offsets start afresh.
            #expect(try job.pdf() == pdf, "paged: \(paged)")
            let cairo = try PDFObjects(expected), ours = try PDFObjects(pdf)
            #expect(Set(cairo.objects.keys) == Set(ours.objects.keys), "paged: \(paged)")
            var images = 0, lengths = 0
            for (number, object) in cairo.objects where ours.objects[number] != object {
                let text = String(decoding: ours.objects[number] ?? [], as: UTF8.self)
                if text.contains("/Subtype /Image") {
                    #expect(text.contains("/ColorSpace /DeviceRGB") && text.contains("/DecodeParms << /Predictor 15 /Colors 3 /BitsPerComponent 8 /Columns "))
                    images += 1
                } else {
                    #expect(text.hasPrefix("\(number) 0 obj\n   ") && text.hasSuffix("\nendobj\n"), "object \(number): \(text.prefix(80))")
                    lengths += 1
                }
            }
            // photo.png and copy.png (one file each, however often painted); alpha.png and its
            // mask as Cairo writes them.
            #expect(images == 2 && lengths == 2, "paged: \(paged)")
            #expect(String(decoding: pdf, as: UTF8.self).components(separatedBy: "/Subtype /Image").count - 1 == 4, "paged: \(paged)")
            let photo = try PNGChunks.read(folder.appendingPathComponent("photo.png").path).get()
            #expect(pdf.firstRange(of: photo.pixelData.flatMap { photo.bytes[$0] }) != nil)
            // The same pictures, page by page, at twice the resolution.
            let a = try Self.rasterize(expected, in: folder, name: "cairo"), b = try Self.rasterize(pdf, in: folder, name: "ours")
            #expect(a.count == b.count && a.count == (paged ? 3 : 1), "\(a.count) pages")
            for (page, (x, y)) in zip(a, b).enumerated() {
                #expect(x.width == y.width && x.height == y.height && x.rgba == y.rgba, "paged: \(paged), page \(page + 1)")
            }
        }
    }

    /// Every page of `pdf` at 144 dpi (poppler's `pdftoppm`).
    static func rasterize(_ pdf: [UInt8], in dir: URL, name: String) throws -> [PNGImage] {
        let path = dir.appendingPathComponent("\(name).pdf").path
        try Data(pdf).write(to: URL(fileURLWithPath: path))
        let prefix = dir.appendingPathComponent(name).path
        #expect(try run(["pdftoppm", "-png", "-r", "144", path, prefix]).status == 0)
        var pages: [PNGImage] = []
        for page in 1... {
            guard let data = FileManager.default.contents(atPath: "\(prefix)-\(page).png") else { break }
            pages.append(try PNGImage(decoding: Array(data)))
        }
        return pages
    }

    /// SVG pages (`canvas.page`) embed their images as the page files are written.
    @Test func svgPagesAreCairosDocuments() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let grid = try Self.grid(in: dir, rows: 6, paged: true)
        let expected = try RenderJob(grid, options: RenderOptions()).writePages(.svg, to: dir.appendingPathComponent("whole.svg").path,
                                                                               options: RenderOptions())
        let pages = try RenderJob(grid, options: RenderOptions(), format: .svg).writePages(.svg, to: dir.appendingPathComponent("tokens.svg").path,
                                                                                          options: RenderOptions())
        #expect(pages.count == expected.count && pages.count > 1)
        for (page, whole) in zip(pages, expected) {
            // The SVG player names an image by its token or by its bytes' hash: the same picture.
            let bytes = try Data(contentsOf: URL(fileURLWithPath: page))
            let wholeBytes = Array(try Data(contentsOf: URL(fileURLWithPath: whole)))
            #expect(try LayeredSVGTests.differingPixels(Array(bytes), wholeBytes, scale: 1) == 0, "\(page)")
            #expect(String(decoding: bytes, as: UTF8.self).contains("data:image/png;base64,"))
        }
    }

    /// Written through a file as Cairo makes it, the PDF is the same as in memory.
    @Test func pdfToAFileIsTheSameDocument() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let grid = try Self.grid(in: dir)
        let path = dir.appendingPathComponent("out.pdf").path
        try GridRenderer.render(grid, to: path)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == GridRenderer.render(grid, format: .pdf))
        let svgPath = dir.appendingPathComponent("out.svg").path
        try GridRenderer.render(grid, to: svgPath)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: svgPath))) == GridRenderer.render(grid, format: .svg))
    }

    /// A file that goes away after the check fails the render with its name, not a picture
    /// without it.
    @Test func imageGoneAfterTheCheckFails() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let grid = try Self.grid(in: dir)
        let pdf = try RenderJob(grid, options: RenderOptions(), format: .pdf, keptImageBytes: 0)
        let svg = try RenderJob(grid, options: RenderOptions(), format: .svg)
        try FileManager.default.removeItem(at: dir.appendingPathComponent("photo.png"))
        #expect { _ = try pdf.pdf() } throws: { "\($0)".contains("photo.png") }
        #expect { _ = try Self.svg(svg) } throws: { "\($0)".contains("photo.png") }
    }
}

extension VectorImagesTests {
    /// `path`'s PNG with its pixel data scrambled but every checksum right: only decoding finds it.
    static func undecodableCopy(of path: String, to copy: String) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if Array(bytes[offset + 4..<offset + 8]) == Array("IDAT".utf8) {
                for i in offset + 10..<offset + 8 + length { bytes[i] = 0xFF }
                var crc: UInt32 = 0xFFFF_FFFF
                for byte in bytes[offset + 4..<offset + 8 + length] {
                    crc ^= UInt32(byte)
                    for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
                }
                crc ^= 0xFFFF_FFFF
                for k in 0..<4 { bytes[offset + 8 + length + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * k)) }
            }
            offset += 12 + length
        }
        try Data(bytes).write(to: URL(fileURLWithPath: copy))
    }

    /// Images are checked (SVG, PDF) or decoded and reduced (PNG) on several threads; the error
    /// is the first broken cell's, whatever the threads.
    @Test(arguments: [1, 2, 4])
    func firstBrokenImageIsReported(threads: Int) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = try ImageCacheTests.twoColourPNG(in: dir, width: 120, height: 60)
        for name in ["broken-a.png", "broken-b.png"] { try Self.undecodableCopy(of: good, to: dir.appendingPathComponent(name).path) }
        for format in [OutputFormat.svg, .pdf] {
            let cache = ImageCache(baseDirectory: dir.path, output: ImageCache.output(for: format))
            #expect(throws: RenderError.self) { try cache.check(["photo.png", "broken-b.png", "photo.png", "broken-a.png"], threads: threads) }
            do {
                try ImageCache(baseDirectory: dir.path, output: ImageCache.output(for: format))
                    .check(["photo.png", "broken-b.png", "broken-a.png"], threads: threads)
                Issue.record("\(format): a broken image passed the check")
            } catch {
                #expect("\(error)".contains("broken-b.png"), "\(format): \(error)")
            }
        }
        // PNG output: the same, with each file decoded once for all the sizes it is painted at.
        let raster = ImageCache(baseDirectory: dir.path, output: .raster)
        let requests = ["photo.png", "broken-b.png", "broken-a.png"].map { ImageCache.Request(path: $0, painted: (30, 15)) }
        #expect { try raster.prepare(requests, threads: threads) } throws: { "\($0)".contains("broken-b.png") }
        let sizes = ImageCache(baseDirectory: dir.path, output: .raster)
        try sizes.prepare([ImageCache.Request(path: "photo.png", painted: (30, 15)), ImageCache.Request(path: "photo.png", painted: (60, 30)),
                          ImageCache.Request(path: "photo.png", painted: (.infinity, .infinity))], threads: threads)
        for (painted, width) in [((30.0, 15.0), 30), ((60.0, 30.0), 60), ((.infinity, .infinity), 120)] {
            #expect(try sizes.source("photo.png", painted: painted).width == width)
        }
    }
}

/// `CairoSurface.transparency` sorts images as Cairo does (opaque, on-off alpha, alpha), and
/// the 1×1 probes answer the same.
@Suite struct TransparencyTests {
    @Test func kinds() throws {
        func image(_ pixels: [UInt32]) throws -> CairoSurface {
            try CairoSurface.image(width: pixels.count, height: 1) { _, row in
                for (i, p) in pixels.enumerated() { row[i] = p }
            }
        }
        #expect(try image([0xFF10_2030, 0xFFFF_FFFF]).transparency == .opaque)
        #expect(try image([0xFF10_2030, 0]).transparency == .bilevel)
        #expect(try image([0, 0x8040_4040, 0xFF00_0000]).transparency == .alpha)
        for kind in [CairoSurface.Transparency.opaque, .bilevel, .alpha] {
            #expect(try CairoSurface.transparencyProbe(kind).transparency == kind)
        }
    }
}

/// `SVGImageTokens.copy`: tokens are found wherever the parts are cut.
@Suite struct SVGImageTokensTests {
    @Test func tokensAcrossPartEdges() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try ImageCacheTests.twoColourPNG(in: dir, width: 8, height: 4)
        let tokens = SVGImageTokens()
        let a = tokens.token(for: path), b = tokens.token(for: path)
        let document = Array("<image xlink:href=\"\(a)\"/><image xlink:href=\"\(b)\"/>gridrender-image-g".utf8)
        let uri = "data:image/png;base64," + (try Data(contentsOf: URL(fileURLWithPath: path))).base64EncodedString()
        let expected = Array("<image xlink:href=\"\(uri)\"/><image xlink:href=\"\(uri)\"/>gridrender-image-g".utf8)
        for cut in 0...document.count {
            for second in cut...document.count {
                var out: [UInt8] = []
                let write: (UnsafeRawBufferPointer) throws -> Void = { out.append(contentsOf: $0) }
                for range in [0..<cut, cut..<second, second..<document.count] {
                    try document[range].withUnsafeBytes { try tokens.copy($0, to: write) }
                }
                try tokens.finish(to: write)
                #expect(out == expected, "cut at \(cut), \(second)")
            }
        }
    }

    @Test func unknownTokenIsAnError() throws {
        let tokens = SVGImageTokens()
        let token = tokens.token(for: "/nonexistent.png")
        let forged = Array((String(token.dropLast()) + "7\"").utf8)
        #expect(throws: RenderError.self) { try forged.withUnsafeBytes { try tokens.copy($0) { _ in } } }
    }
}

/// The objects of a PDF, found through its cross-reference table: each must start where the
/// table says (`N 0 obj`); its bytes run to the first `endobj`.
struct PDFObjects {
    var objects: [Int: [UInt8]] = [:]

    init(_ pdf: [UInt8]) throws {
        let text = String(decoding: pdf.suffix(64), as: UTF8.self)
        guard let mark = text.range(of: "startxref\n"), let start = Int(text[mark.upperBound...].prefix { $0.isNumber }),
              start < pdf.count, pdf[start...].starts(with: Array("xref\n0 ".utf8)) else { throw RenderError("no cross-reference table") }
        let countLine = pdf[(start + 7)...].prefix { $0 != 0x0A }
        guard let count = Int(String(decoding: countLine, as: UTF8.self)) else { throw RenderError("bad table") }
        let entries = start + 7 + countLine.count + 1
        for n in 0..<count {
            let entry = pdf[(entries + 20 * n)..<(entries + 20 * n + 20)]
            guard entry[entry.startIndex + 17] == 0x6E, let offset = Int(String(decoding: entry.prefix(10), as: UTF8.self)) else { continue }
            guard pdf[offset...].starts(with: Array("\(n) 0 obj\n".utf8)),
                  let end = pdf[offset...].firstRange(of: Array("endobj\n".utf8))?.upperBound else {
                throw RenderError("object \(n) is not at \(offset)")
            }
            objects[n] = Array(pdf[offset..<end])
        }
    }
}

private extension URL {
    func creatingDirectory() throws -> URL {
        try FileManager.default.createDirectory(at: self, withIntermediateDirectories: true)
        return self
    }
}
