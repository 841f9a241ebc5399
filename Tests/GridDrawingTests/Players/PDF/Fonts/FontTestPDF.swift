import CCairo
import Foundation
@testable import GridDrawing

/// A one-page PDF showing shaped lines, written two ways: with `PDFFontEmbedder`'s objects and
/// a content stream that shows each glyph by id at its place (as the project's writer does),
/// and by Cairo's PDF surface with `cairo_show_glyphs` of the same glyphs (the Cairo route).
/// The streams are stored as they are (a writer deflates them; nothing here depends on it).
enum FontTestPDF {
    static let width = 420.0, height = 60.0

    /// Lines at baselines 20, 40, …, from x = 10.
    static func ours(_ lines: [ShapedLine], embedder: PDFFontEmbedder = PDFFontEmbedder()) throws -> [UInt8] {
        var next = 5
        func reserve() -> Int { defer { next += 1 }; return next }
        var fonts: [PDFFontKey: (resource: String, number: Int, use: PDFFontUse)] = [:]
        var content = "BT\n"
        for (l, line) in lines.enumerated() {
            for run in line.runs {
                let key = PDFFontEmbedder.key(for: run.font)
                if fonts[key] == nil { fonts[key] = ("F\(fonts.count + 1)", reserve(), PDFFontUse(font: run.font)) }
                for g in run.glyphs where fonts[key]!.use.glyphs[g.id]?.isEmpty ?? true { fonts[key]!.use.glyphs[g.id] = g.text }
                var m = cairo_matrix_t()
                cairo_scaled_font_get_font_matrix(run.font.pointer, &m)
                content += "/\(fonts[key]!.resource) 1 Tf\n"
                for g in run.glyphs {
                    let x = 10 + g.x, y = 20 * Double(l + 1) + g.y
                    content += "\(m.xx) \(-m.yx) \(-m.xy) \(m.yy) \(x) \(height - y) Tm <\(String(format: "%04x", g.id))> Tj\n"
                }
            }
        }
        content += "ET\n"
        let resources = fonts.values.sorted { $0.number < $1.number }.map { "/\($0.resource) \($0.number) 0 R" }.joined(separator: " ")
        var objects = [
            PDFObject(number: 1, "<< /Type /Catalog /Pages 2 0 R >>"),
            PDFObject(number: 2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
            PDFObject(number: 3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Contents 4 0 R /Resources << /Font << \(resources) >> >> >>"),
            PDFObject(number: 4, "<< >>", stream: Array(content.utf8)),
        ]
        for font in fonts.values.sorted(by: { $0.number < $1.number }) {
            objects += try embedder.objects(for: font.use, fontObject: font.number, reserve: reserve)
        }
        return serialize(objects)
    }

    /// `objects` as a PDF file, with a classic cross-reference table; streams stored as given.
    static func serialize(_ objects: [PDFObject]) -> [UInt8] {
        var out = Array("%PDF-1.7\n%\u{e2}\u{e3}\u{cf}\u{d3}\n".utf8)
        var offsets: [Int: Int] = [:]
        for object in objects.sorted(by: { $0.number < $1.number }) {
            offsets[object.number] = out.count
            out += Array("\(object.number) 0 obj\n".utf8)
            if let stream = object.stream {
                var value = object.value
                // "<< … >>" → "<< … /Length n >>"
                value.removeLast(2)
                out += value + Array("/Length \(stream.count) >>\nstream\n".utf8) + stream + Array("\nendstream".utf8)
            } else {
                out += object.value
            }
            out += Array("\nendobj\n".utf8)
        }
        let count = (offsets.keys.max() ?? 0) + 1
        let xref = out.count
        out += Array("xref\n0 \(count)\n0000000000 65535 f \n".utf8)
        for n in 1..<count {
            out += Array((offsets[n].map { String(format: "%010d 00000 n \n", $0) } ?? "0000000000 65535 f \n").utf8)
        }
        out += Array("trailer\n<< /Size \(count) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        return out
    }

    /// The same lines through Cairo's PDF surface.
    static func cairo(_ lines: [ShapedLine]) throws -> [UInt8] {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("cairo.pdf").path
        let surface = cairo_pdf_surface_create(path, width, height)
        let cr = cairo_create(surface)
        for (l, line) in lines.enumerated() {
            for run in line.runs {
                cairo_set_scaled_font(cr, run.font.pointer)
                var glyphs = run.glyphs.map { cairo_glyph_t(index: UInt($0.id), x: 10 + $0.x, y: 20 * Double(l + 1) + $0.y) }
                cairo_show_glyphs(cr, &glyphs, Int32(glyphs.count))
            }
        }
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// A tool's standard output for `pdf` written to a file (`{}` in `arguments` is its path).
    static func tool(_ arguments: [String], _ pdf: [UInt8]) throws -> (status: Int32, output: String) {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("doc.pdf").path
        try Data(pdf).write(to: URL(fileURLWithPath: path))
        let result = try run(arguments.map { $0 == "{}" ? path : $0 })
        return (result.status, String(decoding: result.output, as: UTF8.self))
    }

    /// The page at `dpi` by poppler's pdftoppm (RGBA pixels).
    static func raster(_ pdf: [UInt8], dpi: Int = 144) throws -> PNGImage {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("doc.pdf").path
        try Data(pdf).write(to: URL(fileURLWithPath: path))
        let prefix = dir.appendingPathComponent("page").path
        if let dump = ProcessInfo.processInfo.environment["GRIDRENDER_FONT_TEST_DUMP"] {
            try? Data(pdf).write(to: URL(fileURLWithPath: dump + "-\(pdf.count).pdf"))
        }
        _ = try run(["pdftoppm", "-png", "-r", "\(dpi)", "-singlefile", path, prefix])
        return try PNGImage(decoding: Array(try Data(contentsOf: URL(fileURLWithPath: prefix + ".png"))))
    }
}
