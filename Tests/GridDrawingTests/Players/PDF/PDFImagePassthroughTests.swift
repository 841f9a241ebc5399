import CCairo
import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// `PDFImagePassthrough`: a PDF shows opaque RGB, grey and palette PNG files from their own
/// compressed data. The object Cairo writes for the stand-in is swapped wherever the document's bytes are
/// cut, the cross-reference table follows, and the pages look exactly as when Cairo writes the
/// pixels.
@Suite struct PDFImagePassthroughTests {
    // MARK: - Test files

    /// A PNG file of `width`×`height` pixels (colour type 0, 2 or 6; 8 or 16 bits, not interlaced
    /// whatever the header says), its rows stored uncompressed in one zlib stream, split into
    /// IDAT chunks of `chunk` bytes.
    static func png(width: Int, height: Int, colorType: UInt8 = 2, depth: UInt8 = 8, interlace: UInt8 = 0,
                    extra: [(String, [UInt8])] = [], chunk: Int = 1 << 20, filter: (Int) -> UInt8 = { UInt8($0 % 5) },
                    pixel: (Int, Int, Int) -> UInt8) -> [UInt8] {
        let channels = [0: 1, 2: 3, 6: 4][Int(colorType)] ?? 1
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(filter(y))  // every filter type by default: a reader undoes them, so any bytes do
            for x in 0..<width { for c in 0..<channels { raw += Array(repeating: pixel(x, y, c), count: Int(depth) / 8) } }
        }
        return file(width: width, height: height, colorType: colorType, depth: depth, interlace: interlace, extra: extra,
                    chunk: chunk, raw: raw)
    }

    /// A PNG file of one sample per pixel packed at `depth` bits (grey, colour type 0, or palette
    /// indexes, 3): `sample(x, y)`, masked to the depth; rows filtered with type 0 or 2 (up), the
    /// second stored as the difference, so a reader must undo it on packed bytes.
    static func packedPNG(width: Int, height: Int, colorType: UInt8, depth: Int, extra: [(String, [UInt8])] = [],
                          sample: (Int, Int) -> Int) -> [UInt8] {
        let rowBytes = (width * depth + 7) / 8
        var rows: [[UInt8]] = []
        for y in 0..<height {
            var row = [UInt8](repeating: 0, count: rowBytes)
            for x in 0..<width {
                let bit = x * depth
                row[bit / 8] |= UInt8((sample(x, y) & (1 << depth - 1)) << (8 - depth - bit % 8))
            }
            rows.append(row)
        }
        var raw: [UInt8] = []
        for y in 0..<height {
            if y % 2 == 1 {
                raw.append(2)
                raw += zip(rows[y], rows[y - 1]).map { $0 &- $1 }
            } else {
                raw.append(0)
                raw += rows[y]
            }
        }
        return file(width: width, height: height, colorType: colorType, depth: UInt8(depth), extra: extra, raw: raw)
    }

    /// A PNG file holding the scanlines `raw` in one zlib stream of stored blocks.
    static func file(width: Int, height: Int, colorType: UInt8, depth: UInt8, interlace: UInt8 = 0,
                     extra: [(String, [UInt8])] = [], chunk: Int = 1 << 20, raw: [UInt8]) -> [UInt8] {
        // zlib: header, stored blocks of at most 65,535 bytes, Adler-32.
        var z: [UInt8] = [0x78, 0x01]
        var at = 0
        repeat {
            let n = min(65_535, raw.count - at)
            z.append(at + n == raw.count ? 1 : 0)
            z += [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8 & 0xFF)]
            z += raw[at..<at + n]
            at += n
        } while at < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        z += be32(b << 16 | a)
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += Self.chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [depth, colorType, 0, 0, interlace])
        for (type, data) in extra { file += Self.chunk(type, data) }
        for start in stride(from: 0, to: z.count, by: chunk) { file += Self.chunk("IDAT", Array(z[start..<min(z.count, start + chunk)])) }
        return file + Self.chunk("IEND", [])
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return be32(UInt32(data.count)) + body + be32(crc ^ 0xFFFF_FFFF)
    }

    static func chunks(_ bytes: [UInt8]) throws -> PNGChunks { try PNGChunks.parse(bytes).get() }

    // MARK: - Which files

    /// The filter knows the objects of Debian 12's Cairo (1.16); with another Cairo, PDF images
    /// are written from pixels and the swap tests below do not apply.
    @Test func cairoIsTheOneTheFilterKnows() {
        #expect(PDFImagePassthrough.knowsCairosObjects == (cairo_version() / 100 == 116), "\(String(cString: cairo_version_string()))")
        #expect(PDFImagePassthrough.knowsCairosObjects, "this platform's Cairo is 1.16")
    }

    @Test func rgbGreyAndPaletteFilesQualify() throws {
        let pixel: (Int, Int, Int) -> UInt8 = { x, y, c in UInt8((x * 31 + y * 7 + c * 50) & 0xFF) }
        let rgb = try Self.chunks(Self.png(width: 5, height: 3, pixel: pixel))
        #expect(PDFImagePassthrough.image(rgb, path: "a.png") == .init(path: "a.png", width: 5, height: 3, colors: 3))
        let grey = try Self.chunks(Self.png(width: 5, height: 3, colorType: 0, pixel: pixel))
        #expect(PDFImagePassthrough.image(grey, path: "g.png")?.colors == 1)
        for depth in [1, 2, 4] {
            let packed = try Self.chunks(Self.packedPNG(width: 5, height: 3, colorType: 0, depth: depth) { x, y in x + y })
            let image = try #require(PDFImagePassthrough.image(packed, path: "g.png"))
            #expect(image.bits == depth && image.palette == nil && image.rowBytes == (5 * depth + 7) / 8)
        }
        // A palette of three colours at 2 bits: the fourth index is black, as a decoder shows it.
        let plte: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255]
        let indexed = try Self.chunks(Self.packedPNG(width: 5, height: 3, colorType: 3, depth: 2, extra: [("PLTE", plte)]) { x, _ in x })
        let image = try #require(PDFImagePassthrough.image(indexed, path: "p.png"))
        #expect(image.bits == 2 && image.colors == 1 && image.palette == plte + [0, 0, 0])
        #expect(image.colorSpace == "[/Indexed /DeviceRGB 3 <ff000000ff000000ff000000>]")
        // Cairo decodes these to something else than the samples as they are, or a decoder
        // refuses them: they stay decoded.
        for png in [Self.png(width: 5, height: 3, colorType: 6, pixel: pixel),
                    Self.png(width: 5, height: 3, depth: 16, pixel: pixel),
                    Self.png(width: 5, height: 3, colorType: 0, depth: 16, pixel: pixel),
                    Self.png(width: 5, height: 3, interlace: 1, pixel: pixel),
                    Self.png(width: 5, height: 3, extra: [("tRNS", [0, 1, 0, 2, 0, 3])], pixel: pixel),
                    Self.packedPNG(width: 5, height: 3, colorType: 3, depth: 2, extra: [("PLTE", plte), ("tRNS", [0])]) { x, _ in x },
                    Self.packedPNG(width: 5, height: 3, colorType: 3, depth: 2) { x, _ in x },   // no palette
                    Self.packedPNG(width: 5, height: 3, colorType: 3, depth: 1, extra: [("PLTE", plte)]) { x, _ in x },   // 3 colours, 1 bit
                    Self.packedPNG(width: 5, height: 3, colorType: 3, depth: 2, extra: [("PLTE", plte), ("PLTE", plte)]) { x, _ in x },
                    Self.packedPNG(width: 5, height: 3, colorType: 3, depth: 2, extra: [("PLTE", [1, 2, 3, 4])]) { x, _ in x },
                    // The palette after the pixel data.
                    Array(Self.packedPNG(width: 5, height: 3, colorType: 3, depth: 2) { x, _ in x }.dropLast(12))
                        + Self.chunk("PLTE", plte) + Self.chunk("IEND", [])] {
            #expect(PDFImagePassthrough.image(try Self.chunks(png), path: "x.png") == nil)
        }
    }

    /// The check inflates the data and reads every row's filter type, as a decoder would.
    @Test func checkRowsFindsWhatADecoderWould() throws {
        let good = Self.png(width: 40, height: 30, chunk: 500) { x, y, c in UInt8((x + y + c) & 0xFF) }
        let image = try #require(PDFImagePassthrough.image(try Self.chunks(good), path: "p.png"))
        try PDFImagePassthrough.checkRows(try Self.chunks(good), image)
        // A row with filter type 7 (checksums right: only decoding finds it).
        let badFilter = Self.png(width: 40, height: 30, filter: { $0 == 1 ? 7 : 0 }) { x, y, c in UInt8((x + y + c) & 0xFF) }
        #expect { try PDFImagePassthrough.checkRows(try Self.chunks(badFilter), image) } throws: { "\($0)".contains("filter type") }
        // Fewer rows than the header says.
        let short = Self.png(width: 40, height: 29) { x, y, c in UInt8((x + y + c) & 0xFF) }
        #expect { try PDFImagePassthrough.checkRows(try Self.chunks(short), image) } throws: { "\($0)".contains("truncated") }
    }

    // MARK: - Finding the object

    static let object = Array("""
        12 0 obj
        << /Length 13 0 R
           /Filter /FlateDecode
           /Type /XObject
           /Subtype /Image
           /Width 5
           /Height 3
           /ColorSpace /DeviceGray
           /Interpolate false
           /BitsPerComponent 1
        >>
        stream
        ABCDE
        endstream
        endobj
        13 0 obj
           5
        endobj

        """.utf8)

    @Test func parsesTheObjectCairoWrites() throws {
        let whole = PDFImagePassthrough.parse(Self.object)
        guard case .image(let object) = whole else { Issue.record("\(whole)"); return }
        #expect(object.number == 12 && object.lengthNumber == 13 && object.width == 5 && object.height == 3 && !object.interpolate)
        #expect(object.end == Self.object.count)
        #expect(Array(Self.object[object.lengthObjectAt...]).starts(with: Array("13 0 obj".utf8)))
        // Cut anywhere: more is needed.
        for cut in 0..<Self.object.count {
            #expect(PDFImagePassthrough.parse(Array(Self.object[..<cut])) == .needMore, "cut at \(cut)")
        }
        // Page content, another object, or a length that does not match: not an image.
        for text in ["q 1 0 0 1 0 0 cm", "12 0 obj\n<< /Type /Page", "x\u{9c}\u{1}"] {
            #expect(PDFImagePassthrough.parse(Array(text.utf8)) == .notAnImage, "\(text)")
        }
        let wrongLength = Array(String(decoding: Self.object, as: UTF8.self).replacingOccurrences(of: "   5\n", with: "   6\n").utf8)
        #expect(PDFImagePassthrough.parse(wrongLength) == .notAnImage)
    }

    /// A document whose image object follows the moment Cairo asked for the image, cut into
    /// three parts at every pair of places: the object is swapped and the table corrected.
    @Test func swapsWhereverThePartsAreCut() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("p.png").path
        let png = Self.png(width: 5, height: 3, chunk: 9) { x, y, c in UInt8(x * 40 + y * 3 + c) }
        try Data(png).write(to: URL(fileURLWithPath: path))
        let image = try #require(PDFImagePassthrough.image(try Self.chunks(png), path: path))
        let head = Array("%PDF-1.5\n1 0 obj\n<< /Type /Catalog >>\nendobj\n".utf8)
        let tail = Array("2 0 obj\n<< /Producer (x) >>\nendobj\n".utf8)
        let body = head + Self.object + tail
        func table(_ offsets: [Int], start: Int) -> [UInt8] {
            var text = "xref\n0 14\n0000000000 65535 f \n"
            for n in 1...13 { text += offsets.indices.contains(n) && offsets[n] >= 0 ? String(format: "%010d 00000 n \n", offsets[n]) : "0000000000 65535 f \n" }
            return Array((text + "trailer\n<< /Size 14 /Root 1 0 R >>\nstartxref\n\(start)\n%%EOF\n").utf8)
        }
        let lengthAt = try #require(Self.object.firstRange(of: Array("13 0 obj".utf8))).lowerBound
        var offsets = [Int](repeating: -1, count: 14)
        offsets[1] = 9
        offsets[12] = head.count
        offsets[13] = head.count + lengthAt
        offsets[2] = head.count + Self.object.count
        let document = body + table(offsets, start: body.count)
        // The expected document: the file's data and length, every offset after moved.
        let data = try Self.chunks(png).pixelData.flatMap { png[$0] }
        let swapped = Array("""
            12 0 obj
            << /Length 13 0 R
               /Filter /FlateDecode
               /Type /XObject
               /Subtype /Image
               /Width 5
               /Height 3
               /ColorSpace /DeviceRGB
               /Interpolate false
               /BitsPerComponent 8
               /DecodeParms << /Predictor 15 /Colors 3 /BitsPerComponent 8 /Columns 5 >>
            >>
            stream

            """.utf8) + data + Array("\nendstream\nendobj\n".utf8)
        let lengthObject = Array("13 0 obj\n   \(data.count)\nendobj\n".utf8)
        let newBody = head + swapped + lengthObject + tail
        var moved = offsets
        moved[13] = head.count + swapped.count
        moved[2] = head.count + swapped.count + lengthObject.count
        let expected = newBody + table(moved, start: newBody.count)
        let cuts = Array(Set(Array(stride(from: 0, through: document.count, by: 7)) + [head.count, head.count + 1, body.count - 3, body.count + 2])).sorted()
        for first in cuts {
            for second in cuts where second >= first {
                let filter = PDFImagePassthrough()
                var out: [UInt8] = []
                let write: (UnsafeRawBufferPointer) throws -> Void = { out.append(contentsOf: $0) }
                let bounds = Array(Set([0, first, second, head.count, document.count])).sorted()
                for (from, to) in zip(bounds, bounds.dropFirst()) {
                    // Cairo asks for the image just before it writes the object.
                    if from == head.count { filter.arm(key: "k", image: image) }
                    try document[from..<to].withUnsafeBytes { try filter.copy($0, to: write) }
                }
                try filter.finish(to: write)
                #expect(out == expected, "cut at \(first), \(second)")
            }
        }
    }

    /// Asked for while painting (page content follows), the filter passes everything on.
    @Test func askingWithoutAnObjectChangesNothing() throws {
        let filter = PDFImagePassthrough()
        let image = PDFImagePassthrough.Image(path: "/nonexistent.png", width: 5, height: 3, colors: 3)
        var out: [UInt8] = []
        let write: (UnsafeRawBufferPointer) throws -> Void = { out.append(contentsOf: $0) }
        let content = Array("q 80 0 0 40 0 0 cm /x12 Do Q\nendstream\nendobj\nxref\n0 1\n".utf8)
        filter.arm(key: "k", image: image)
        try content.withUnsafeBytes { try filter.copy($0, to: write) }
        // Cairo never wrote the image it was asked for: the render fails.
        #expect { try filter.finish(to: write) } throws: { "\($0)".contains("not embedded") }
        #expect(out == content)
    }

    /// Grey files are shown grey, from their data; files the PDF cannot take as they are (16
    /// bits, interlaced) are decoded as before. The pages look as when Cairo writes the pixels.
    @Test func greyAndOtherFilesLookTheSame() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pixel: (Int, Int, Int) -> UInt8 = { x, y, c in UInt8((x * 9 + y * 5 + c * 60) & 0xFF) }
        let files = ["grey.png": Self.png(width: 30, height: 20, colorType: 0, chunk: 100, pixel: pixel),
                     "deep.png": Self.png(width: 30, height: 20, depth: 16, pixel: pixel),
                     "rgb.png": Self.png(width: 30, height: 20, pixel: pixel)]
        for (name, bytes) in files { try Data(bytes).write(to: dir.appendingPathComponent(name)) }
        let contents: [[CellContent]] = [["grey.png", "deep.png", "rgb.png"].map { .image(path: $0, fit: .contain) }]
        var grid = makeTable(contents, columnWidths: [.fixed(60), .fixed(60), .fixed(60)], rowHeight: 40, header: false)
        grid.baseDirectory = dir.path
        let expected = try RenderJob(grid, options: RenderOptions()).pdf()
        // Cairo's route, where the passthrough works (the project's writer encodes images itself).
        let passing = try RenderJob(grid, options: RenderOptions(), format: .pdf)
        passing.ownsPDF = false
        let pdf = try passing.pdf()
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.contains("/ColorSpace /DeviceGray\n   /Interpolate true\n   /BitsPerComponent 8\n   /DecodeParms << /Predictor 15 /Colors 1 "))
        #expect(text.components(separatedBy: "/DecodeParms").count - 1 == 2)
        let a = try VectorImagesTests.rasterize(expected, in: dir, name: "cairo"), b = try VectorImagesTests.rasterize(pdf, in: dir, name: "ours")
        #expect(a.count == 1 && b.count == 1 && a.first?.rgba == b.first?.rgba)
        _ = try PDFObjects(pdf)
    }

    /// Palette files (an index past the palette included) and grey files of 1, 2 and 4 bits are
    /// shown from their packed data; the pages look as when Cairo writes the decoded pixels.
    @Test func paletteAndPackedGreyFilesLookTheSame() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var plte: [UInt8] = []
        for i in 0..<13 { plte += [UInt8(i * 19), UInt8(255 - i * 11), UInt8(i * 7)] }
        let files: [(String, [UInt8])] = [
            ("p8.png", Self.packedPNG(width: 30, height: 20, colorType: 3, depth: 8, extra: [("PLTE", plte)]) { x, y in (x + 2 * y) % 13 }),
            // 13 colours at 4 bits: indexes 13–15 are past the palette.
            ("p4.png", Self.packedPNG(width: 31, height: 20, colorType: 3, depth: 4, extra: [("PLTE", plte)]) { x, y in (x * 3 + y) % 16 }),
            ("p1.png", Self.packedPNG(width: 29, height: 20, colorType: 3, depth: 1, extra: [("PLTE", [10, 20, 30, 240, 200, 100])]) { x, y in (x ^ y) & 1 }),
            ("g1.png", Self.packedPNG(width: 30, height: 20, colorType: 0, depth: 1) { x, y in (x / 3 + y) & 1 }),
            ("g2.png", Self.packedPNG(width: 30, height: 20, colorType: 0, depth: 2) { x, y in x + y }),
            ("g4.png", Self.packedPNG(width: 33, height: 20, colorType: 0, depth: 4) { x, y in x * 5 + y }),
        ]
        for (name, bytes) in files { try Data(bytes).write(to: dir.appendingPathComponent(name)) }
        let contents: [[CellContent]] = [files.map { .image(path: $0.0, fit: .contain) }]
        var grid = makeTable(contents, columnWidths: files.map { _ in .fixed(60) }, rowHeight: 40, header: false)
        grid.baseDirectory = dir.path
        let expected = try RenderJob(grid, options: RenderOptions()).pdf()
        // Cairo's route, where the passthrough works (the project's writer encodes images itself).
        let passing = try RenderJob(grid, options: RenderOptions(), format: .pdf)
        passing.ownsPDF = false
        let pdf = try passing.pdf()
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.components(separatedBy: "/DecodeParms").count - 1 == files.count)
        #expect(text.components(separatedBy: "/ColorSpace [/Indexed /DeviceRGB ").count - 1 == 3)
        #expect(text.contains("/BitsPerComponent 4\n   /DecodeParms << /Predictor 15 /Colors 1 /BitsPerComponent 4 /Columns 31 >>"))
        let a = try VectorImagesTests.rasterize(expected, in: dir, name: "cairo"), b = try VectorImagesTests.rasterize(pdf, in: dir, name: "ours")
        #expect(a.count == 1 && b.count == 1)
        #expect(a.first?.rgba == b.first?.rgba)
        _ = try PDFObjects(pdf)
    }

    /// The rows of packed files are checked at their packed length.
    @Test func checkRowsCountsPackedBytes() throws {
        let plte: [UInt8] = [0, 0, 0, 255, 255, 255]
        let good = Self.packedPNG(width: 21, height: 9, colorType: 3, depth: 1, extra: [("PLTE", plte)]) { x, y in x + y }
        let image = try #require(PDFImagePassthrough.image(try Self.chunks(good), path: "p.png"))
        #expect(image.rowBytes == 3)
        try PDFImagePassthrough.checkRows(try Self.chunks(good), image)
        let short = Self.packedPNG(width: 21, height: 8, colorType: 3, depth: 1, extra: [("PLTE", plte)]) { x, y in x + y }
        #expect { try PDFImagePassthrough.checkRows(try Self.chunks(short), image) } throws: { "\($0)".contains("truncated") }
    }

    /// Only the PDF writer gets the blank stand-in: a region Cairo rasterizes (a fallback image)
    /// gets the pixels.
    @Test func rasterizingGetsThePixels() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("rgb.png").path
        let png = Self.png(width: 30, height: 20) { x, y, c in UInt8((x * 8 + y * 11 + c * 70) & 0xFF) }
        try Data(png).write(to: URL(fileURLWithPath: path))
        let sources = PDFImageSources(keptBytesLimit: 0)
        let image = try #require(PDFImagePassthrough.image(try Self.chunks(png), path: path))
        try sources.add(key: "k", resolved: path, size: (30, 20), image: nil, transparency: nil, passthrough: image)
        let target = try CairoSurface.image(width: 30, height: 20)
        let cr = try CairoContext(target)
        cr.setSource(.pattern(try sources.source(key: "k", resolved: path, size: (30, 20))), x: 0, y: 0, sx: 1, sy: 1)
        cr.paint(alpha: 1)
        target.flush()
        let decoded = try CairoSurface.png(path: path)
        func pixels(_ surface: CairoSurface) -> [UInt32] {
            let data = cairo_image_surface_get_data(surface.pointer)!, stride = Int(cairo_image_surface_get_stride(surface.pointer))
            return (0..<20).flatMap { y in (0..<30).map { x in
                UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)[x] | 0xFF00_0000
            } }
        }
        #expect(pixels(target) == pixels(decoded))
        #expect(pixels(target).contains { $0 != 0xFF00_0000 })
    }
}
