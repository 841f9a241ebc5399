import CCairo
import Foundation
import GridDocument
import Testing
@testable import GridDrawing

/// Images written by `PDFImageObjects`: JPEG bytes as they are, opaque PNG rows as they are,
/// other PNGs from their pixels with a soft mask, each once however often drawn, and the pixels
/// poppler draws equal to those of Cairo's PDF of the same image.
@Suite struct PDFImageObjectsTests {
    static let page = (width: 200.0, height: 120.0)

    /// A page drawing `source` into each of `rects` (x, y, width, height; y down, as Cairo).
    static func ours(_ source: ImageSource, rects: [(Double, Double, Double, Double)]) throws -> (pdf: [UInt8], images: PDFImageObjects) {
        var next = 5
        func reserve() -> Int { defer { next += 1 }; return next }
        let images = PDFImageObjects()
        var content = ""
        for (x, y, w, h) in rects {
            let n = images.object(for: source, reserve: reserve)
            content += "q \(w) 0 0 \(h) \(x) \(page.height - y - h) cm /Im\(n) Do Q\n"
        }
        let objects = try images.objects(reserve: reserve)
        let xobjects = objects.map { "/Im\($0.number) \($0.number) 0 R" }.joined(separator: " ")
        let pdf = FontTestPDF.serialize([
            PDFObject(number: 1, "<< /Type /Catalog /Pages 2 0 R >>"),
            PDFObject(number: 2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
            PDFObject(number: 3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(page.width) \(page.height)] /Contents 4 0 R /Resources << /XObject << \(xobjects) >> >> >>"),
            PDFObject(number: 4, "<< >>", stream: Array(content.utf8)),
        ] + objects)
        return (pdf, images)
    }

    /// The same through Cairo's PDF surface (GOOD filter, as the Cairo player paints images).
    static func cairo(_ surface: CairoSurface, rects: [(Double, Double, Double, Double)]) throws -> [UInt8] {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("cairo.pdf").path
        let pdf = cairo_pdf_surface_create(path, page.width, page.height)
        let cr = cairo_create(pdf)
        for (x, y, w, h) in rects {
            cairo_save(cr)
            cairo_translate(cr, x, y)
            cairo_scale(cr, w / Double(surface.width), h / Double(surface.height))
            cairo_set_source_surface(cr, surface.pointer, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
            cairo_restore(cr)
        }
        cairo_destroy(cr)
        cairo_surface_finish(pdf)
        cairo_surface_destroy(pdf)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func expectSameRaster(_ a: [UInt8], _ b: [UInt8], _ what: String) throws {
        let x = try FontTestPDF.raster(a), y = try FontTestPDF.raster(b)
        #expect(x.width == y.width && x.height == y.height)
        let differing = zip(x.rgba, y.rgba).filter { $0 != $1 }.count
        #expect(differing == 0, "\(what): \(differing) samples differ")
    }

    static func expectClean(_ pdf: [UInt8]) throws {
        let check = try FontTestPDF.tool(["qpdf", "--check", "{}"], pdf)
        #expect(check.status == 0 && !check.output.contains("WARNING"), "\(check.output)")
    }

    /// The raw stream of object `n` (qpdf, filters not applied).
    static func rawStream(_ pdf: [UInt8], _ n: Int) throws -> [UInt8] {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("doc.pdf").path
        try Data(pdf).write(to: URL(fileURLWithPath: path))
        return Array(try run(["qpdf", "--show-object=\(n)", "--raw-stream-data", path]).output)
    }

    /// A surface of `width`×`height` with a gradient, a transparent corner and a half-transparent band.
    static func picture(width: Int = 37, height: Int = 23, alpha: Bool) throws -> CairoSurface {
        try CairoSurface.image(width: width, height: height) { y, row in
            for x in 0..<width {
                var a: UInt32 = 255
                if alpha { a = x < 5 && y < 5 ? 0 : (y > 15 ? 128 : 255) }
                let r = UInt32(x * 255 / width) * a / 255, g = UInt32(y * 255 / height) * a / 255, b = UInt32(90) * a / 255
                row[x] = a << 24 | r << 16 | g << 8 | b
            }
        }
    }

    /// A PNG file of `surface` (Cairo's writer: RGBA with alpha, RGB without).
    static func pngFile(_ surface: CairoSurface, in dir: URL, format: cairo_format_t = CAIRO_FORMAT_ARGB32) throws -> String {
        let path = dir.appendingPathComponent("image-\(UUID().uuidString).png").path
        if format == CAIRO_FORMAT_RGB24 {
            let rgb = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(surface.width), Int32(surface.height))
            let cr = cairo_create(rgb)
            cairo_set_source_surface(cr, surface.pointer, 0, 0)
            cairo_paint(cr)
            cairo_destroy(cr)
            #expect(cairo_surface_write_to_png(rgb, path) == CAIRO_STATUS_SUCCESS)
            cairo_surface_destroy(rgb)
        } else {
            #expect(cairo_surface_write_to_png(surface.pointer, path) == CAIRO_STATUS_SUCCESS)
        }
        return path
    }

    static func fileSource(_ path: String) throws -> (ImageSource, CairoSurface) {
        let decoded = try CairoSurface.png(path: path)
        let source = try CairoRasterSource(width: decoded.width, height: decoded.height) { _ in decoded }
        source.file = path
        return (.pattern(source), decoded)
    }

    static let rects = [(10.0, 10.0, 74.0, 46.0), (100.0, 20.0, 37.0, 23.0), (120.0, 60.0, 60.0, 50.0)]

    @Test func jpegBytesPassUnchanged() throws {
        // A JPEG made by poppler from a page of the picture.
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let picture = try Self.picture(alpha: false)
        let source = try Self.cairo(picture, rects: [(0, 0, 200, 120)])
        try Data(source).write(to: dir.appendingPathComponent("p.pdf"))
        _ = try run(["pdftoppm", "-jpeg", "-r", "36", "-singlefile", dir.appendingPathComponent("p.pdf").path, dir.appendingPathComponent("p").path])
        let jpeg = Array(try Data(contentsOf: dir.appendingPathComponent("p.jpg")))
        let header = try #require(JPEGHeader(jpeg))
        #expect(header.width == 100 && header.height == 60 && header.components == 3)
        let surface = try CairoSurface.image(width: header.width, height: header.height)
        try surface.attach(mime: CAIRO_MIME_TYPE_JPEG, bytes: jpeg)
        let (pdf, images) = try Self.ours(.surface(surface), rects: Self.rects)
        try Self.expectClean(pdf)
        #expect(images.count == 1)
        #expect(try Self.rawStream(pdf, 5) == jpeg)
        // Cairo embeds the same bytes for a surface that carries them.
        try Self.expectSameRaster(pdf, try Self.cairo(surface, rects: Self.rects), "JPEG")
    }

    @Test func opaquePNGRowsPassUnchanged() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Self.pngFile(try Self.picture(alpha: false), in: dir, format: CAIRO_FORMAT_RGB24)
        let chunks = try PNGChunks.read(path).get()
        #expect(chunks.colorType == 2)
        let (source, decoded) = try Self.fileSource(path)
        let (pdf, images) = try Self.ours(source, rects: Self.rects)
        try Self.expectClean(pdf)
        #expect(images.count == 1)
        #expect(try Self.rawStream(pdf, 5) == chunks.pixelData.flatMap { chunks.bytes[$0] })
        #expect(!String(decoding: pdf, as: UTF8.self).contains("/SMask"))
        try Self.expectSameRaster(pdf, try Self.cairo(decoded, rects: Self.rects), "opaque PNG")
    }

    @Test func pngWithAlphaHasASoftMask() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Self.pngFile(try Self.picture(alpha: true), in: dir)
        let (source, decoded) = try Self.fileSource(path)
        let (pdf, images) = try Self.ours(source, rects: Self.rects)
        try Self.expectClean(pdf)
        #expect(images.count == 1)
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.contains("/SMask 6 0 R") && text.components(separatedBy: "/Subtype /Image").count == 3)
        try Self.expectSameRaster(pdf, try Self.cairo(decoded, rects: Self.rects), "PNG with alpha")
    }

    /// A colour glyph's surface (ARGB pixels, its PNG attached) is written from its pixels.
    @Test func surfaceWithAlphaFromItsPixels() throws {
        let surface = try Self.picture(alpha: true)
        let (pdf, _) = try Self.ours(.surface(surface), rects: Self.rects)
        try Self.expectClean(pdf)
        try Self.expectSameRaster(pdf, try Self.cairo(surface, rects: Self.rects), "surface")
    }

    @Test func oneObjectPerSourceHoweverOftenDrawn() throws {
        let a = try Self.picture(alpha: false), b = try Self.picture(alpha: true)
        var next = 1
        func reserve() -> Int { defer { next += 1 }; return next }
        let images = PDFImageObjects()
        let numbers = [a, b, a, a, b].map { images.object(for: .surface($0), reserve: reserve) }
        #expect(numbers == [1, 2, 1, 1, 2])
        #expect(try images.objects(reserve: reserve).map(\.number) == [1, 2, 3])
    }
}
