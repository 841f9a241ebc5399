import CCairo
import CFontSubset
import Testing
@testable import GridDrawing

/// The advances `PDFFontEmbedder.widths` reads (CFontSubset's `grfs_advances`: the face's
/// 'hmtx' where FreeType maps the file, no copy of it kept) are the font's: every glyph of
/// TrueType and CFF faces, faces of a collection included, equals what Cairo's FreeType route
/// advances at a size of one unit per point with unhinted metrics; ids past the font's glyphs
/// are an error, not another glyph's advance.
///
/// The ids compared are the first 512 of each face, then every k-th up to the last, about 1,500
/// a face: Cairo's side fills cairo 1.16's process-wide glyph page cache (512 pages), and a test
/// that looked up all 65,000 glyphs of a CJK face kept that cache evicting for seconds, which
/// deadlocks cairo 1.16 against another test's thread drawing text (an evicting thread holds
/// the cache's mutex and waits for a font's, while that font's thread waits for the cache's).
/// The faces run one after the other for the same reason.
@Suite(.serialized) struct PDFFontAdvancesTests {
    @Test(arguments: ["DejaVu Sans Bold 14", "DejaVu Serif 11", "DejaVu Sans Mono 9", "Noto Sans CJK JP 12", "Noto Sans CJK KR 12"])
    func everyGlyphsAdvanceIsTheFonts(font description: String) throws {
        let line = ShapedLine("Hamburg 0123 漢字 한국어", font: description)
        let font = try #require(line.runs.first?.font)
        let units = try #require(PDFFontMetrics(font)).unitsPerEm
        let count = PDFFontAdvancesTests.glyphCount(font)
        #expect(count > 2_000, "\(description): a face of many glyphs")
        let stride = max(1, (count - 512) / 1_000)
        let ids = Array(0..<UInt32(min(512, count))) + Swift.stride(from: 512, to: count, by: stride).map { UInt32($0) } + [UInt32(count - 1)]
        var read = [Int32](repeating: 0, count: ids.count)
        #expect(grfs_advances(font.pointer, ids, ids.count, &read) == 0)
        let cairo = PDFFontAdvancesTests.cairoAdvances(of: ids, face: cairo_scaled_font_get_font_face(font.pointer), units: units)
        let wrong = zip(ids, zip(read, cairo)).filter { abs(Double($0.1.0) - $0.1.1) > 1e-6 }
        #expect(wrong.isEmpty, "\(description): \(wrong.count) advances differ, first \(wrong.prefix(3))")
        #expect(Set(read).count > (description.contains("Mono") ? 1 : 10), "\(description): advances of the face, not one")

        var past: Int32 = 7
        #expect(grfs_advances(font.pointer, [UInt32(count)], 1, &past) == -1, "an id past the font's glyphs is refused")
        #expect(past == 0)
    }

    /// How many glyphs the face has: the first id `grfs_advances` refuses.
    static func glyphCount(_ font: ScaledFont) -> Int {
        var low = 1, high = 70_000
        var advance: Int32 = 0
        while low < high {
            let mid = (low + high) / 2
            if grfs_advances(font.pointer, [UInt32(mid)], 1, &advance) == 0 { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Cairo's unhinted advance of each glyph at a size of `units` (one font unit per point).
    static func cairoAdvances(of ids: [UInt32], face: OpaquePointer?, units: Int) -> [Double] {
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        var matrix = cairo_matrix_t(), identity = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, Double(units), Double(units))
        cairo_matrix_init_identity(&identity)
        let scaled = cairo_scaled_font_create(face, &matrix, &identity, options)
        defer { cairo_scaled_font_destroy(scaled) }
        return ids.map { id in
            var glyph = cairo_glyph_t(index: UInt(id), x: 0, y: 0)
            var extents = cairo_text_extents_t()
            cairo_scaled_font_glyph_extents(scaled, &glyph, 1, &extents)
            return extents.x_advance
        }
    }
}
