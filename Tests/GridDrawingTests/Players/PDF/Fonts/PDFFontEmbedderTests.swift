import CCairo
import Foundation
import Testing
@testable import GridDrawing

/// Fonts embedded by `PDFFontEmbedder` in a PDF that shows glyphs by id: readers find them
/// embedded, subset and with Unicode, get the text back, and draw the pixels Cairo's own PDF of
/// the same glyphs draws, for scripts whose glyphs and characters do not map one to one.
@Suite struct PDFFontEmbedderTests {
    struct Sample: CustomStringConvertible {
        var font: String
        var text: String
        /// What pdffonts calls the embedded font's type.
        var type: String
        /// What pdffonts calls its encoding (Identity-H; an embedded CMap is "Custom").
        var encoding = "Identity-H"
        var description: String { font }
    }

    static let samples = [
        Sample(font: "DejaVu Sans 14", text: "Revenue ffi fl 4,067.0 Ωmega — “quoted” €", type: "CID TrueType"),
        Sample(font: "Noto Sans Arabic 14", text: "مرحبا بالعالم لا إله", type: "CID TrueType"),
        Sample(font: "Noto Sans Devanagari 14", text: "क्षत्रिय हिन्दी श्री द्व", type: "CID TrueType"),
        Sample(font: "Noto Sans CJK SC 14", text: "漢字表格数据统计 中文字体", type: "CID Type 0C "),
    ]

    @Test(arguments: samples)
    func readersFindTheFontEmbeddedSubsetWithUnicode(_ sample: Sample) throws {
        let line = ShapedLine(sample.text, font: sample.font)
        let pdf = try FontTestPDF.ours([line])
        let check = try FontTestPDF.tool(["qpdf", "--check", "{}"], pdf)
        #expect(check.status == 0 && !check.output.contains("WARNING"), "\(check.output)")
        let fonts = try FontTestPDF.tool(["pdffonts", "{}"], pdf).output.split(separator: "\n").dropFirst(2)
        #expect(fonts.count == Set(line.runs.map { PDFFontEmbedder.key(for: $0.font) }).count, "\(fonts)")
        for font in fonts {
            let columns = font.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            // name, type…, encoding, emb, sub, uni, object, generation
            #expect(columns[0].range(of: #"^[A-Z]{6}\+"#, options: .regularExpression) != nil, "\(font)")
            #expect(font.contains(sample.type) && font.contains(sample.encoding), "\(font)")
            #expect(Array(columns.suffix(5).prefix(3)) == ["yes", "yes", "yes"], "\(font)")
        }
    }

    @Test(arguments: samples)
    func textComesBack(_ sample: Sample) throws {
        let pdf = try FontTestPDF.ours([ShapedLine(sample.text, font: sample.font)])
        let text = try FontTestPDF.tool(["pdftotext", "-raw", "{}", "-"], pdf).output
        // Poppler gives right-to-left text in its order, between embedding marks, and a vowel
        // sign shown before its consonant before it: compare the characters, as a multiset.
        func letters(_ s: String) -> [UInt32] {
            s.unicodeScalars.filter { !$0.properties.isWhitespace && !(0x202A...0x202E).contains($0.value) }.map(\.value).sorted()
        }
        #expect(letters(text) == letters(sample.text), "\(text)")
    }

    @Test(arguments: samples)
    func rasterIsCairos(_ sample: Sample) throws {
        let line = ShapedLine(sample.text, font: sample.font)
        let ours = try FontTestPDF.raster(try FontTestPDF.ours([line]))
        let cairo = try FontTestPDF.raster(try FontTestPDF.cairo([line]))
        #expect(ours.width == cairo.width && ours.height == cairo.height)
        let differences = zip(ours.rgba, cairo.rgba).map { abs(Int($0) - Int($1)) }
        let differing = differences.filter { $0 != 0 }.count, largest = differences.max() ?? 0
        #expect(differing == 0, "\(differing) of \(ours.rgba.count) samples differ, by up to \(largest)")
        // Not blank: the glyphs were drawn.
        #expect(ours.rgba.contains { $0 < 128 })
    }

    @Test func sameGlyphsSameBytes() throws {
        let line = ShapedLine("Determinism 漢字", font: "DejaVu Sans 12")
        #expect(try FontTestPDF.ours([line]) == FontTestPDF.ours([ShapedLine("Determinism 漢字", font: "DejaVu Sans 12")]))
    }

    /// Scaled fonts of one face at two sizes are one PDF font, whose subset and tag follow the glyphs.
    @Test func oneFontPerFaceAndTagFollowsTheGlyphs() throws {
        let small = ShapedLine("abc", font: "DejaVu Sans 10"), large = ShapedLine("abc", font: "DejaVu Sans 30")
        #expect(small.runs[0].font != large.runs[0].font)
        #expect(PDFFontEmbedder.key(for: small.runs[0].font) == PDFFontEmbedder.key(for: large.runs[0].font))
        let other = ShapedLine("abd", font: "DejaVu Sans 10")
        func baseFont(_ line: ShapedLine) throws -> String {
            var n = 10
            let objects = try PDFFontEmbedder.objects(for: line.runs[0].font, glyphs: line.glyphs(of: line.runs[0].font),
                                                      fontObject: 9, reserve: { n += 1; return n })
            let type0 = String(decoding: objects.first { $0.number == 9 }!.value, as: UTF8.self)
            return String(type0.split(separator: "/BaseFont /")[1].prefix { $0 != " " })
        }
        #expect(try baseFont(small) == baseFont(large))
        #expect(try baseFont(small) != baseFont(other))
        #expect(try baseFont(small).hasSuffix("+DejaVuSans"))
    }

    /// `/W` holds the font's unhinted advances in millionths of an em (`PDFWidths`): Cairo's
    /// advances of the same face at 1000 units with metrics unhinted, to three decimals.
    @Test(arguments: samples)
    func widthsAreTheAdvances(_ sample: Sample) throws {
        for run in ShapedLine(sample.text, font: sample.font).runs {
            let ids = run.glyphs.map(\.id)
            let widths = try PDFFontEmbedder.widths(of: ids, in: run.font)
            var matrix = cairo_matrix_t(), identity = cairo_matrix_t()
            cairo_matrix_init_scale(&matrix, 1000, 1000)
            cairo_matrix_init_identity(&identity)
            let options = cairo_font_options_create()
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            let unhinted = cairo_scaled_font_create(cairo_scaled_font_get_font_face(run.font.pointer), &matrix, &identity, options)
            defer { cairo_scaled_font_destroy(unhinted); cairo_font_options_destroy(options) }
            for (id, width) in zip(ids, widths) {
                var glyph = cairo_glyph_t(index: UInt(id), x: 0, y: 0), extents = cairo_text_extents_t()
                cairo_scaled_font_glyph_extents(unhinted, &glyph, 1, &extents)
                #expect(abs(Double(width) / 1000 - extents.x_advance) <= 0.0005, "glyph \(id)")
            }
            #expect(widths.contains { $0 > 100_000 })
        }
    }
}
