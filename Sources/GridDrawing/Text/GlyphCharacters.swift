import CPangoCairo

/// Which character a PDF reader reads from a glyph shown without its text. Cairo writes a
/// font's ToUnicode entry for a glyph from the text it was first shown with, or, when shown
/// without text (`cairo_show_glyphs`), from the font's character map read backwards: the
/// smallest character that maps to the glyph. A glyph shown without text therefore copies
/// as the same character exactly when that character is the smallest one mapping to it; for
/// such a glyph Cairo writes the same PDF either way (no ActualText, the same ToUnicode).
/// The backward maps are built once per font from HarfBuzz's view of the same character map.
final class GlyphCharacters {
    /// Per font (referenced while kept): the smallest character of each glyph, or `none`.
    private var tables: [UnsafeMutablePointer<PangoFont>: [UInt32]] = [:]
    private static let none = UInt32.max

    deinit { for font in tables.keys { g_object_unref(UnsafeMutableRawPointer(font)) } }

    /// Whether `glyph` of `font`, shown without text, is read as `character`.
    func character(_ character: UInt32, isReadFrom glyph: UInt32, in font: UnsafeMutablePointer<PangoFont>) -> Bool {
        let table = tables[font] ?? makeTable(font)
        return Int(glyph) < table.count && table[Int(glyph)] == character
    }

    private func makeTable(_ font: UnsafeMutablePointer<PangoFont>) -> [UInt32] {
        var table: [UInt32] = []
        if let hbFont = pango_font_get_hb_font(font), let face = hb_font_get_face(hbFont), let set = hb_set_create() {
            defer { hb_set_destroy(set) }
            table = [UInt32](repeating: GlyphCharacters.none, count: Int(hb_face_get_glyph_count(face)))
            hb_face_collect_unicodes(face, set)
            var character = UInt32.max   // HB_SET_VALUE_INVALID: start before the first
            while hb_set_next(set, &character) != 0 {
                var glyph: hb_codepoint_t = 0
                if hb_font_get_nominal_glyph(hbFont, character, &glyph) != 0, Int(glyph) < table.count,
                   table[Int(glyph)] == GlyphCharacters.none {
                    table[Int(glyph)] = character   // the set runs upwards: the first is the smallest
                }
            }
        }
        g_object_ref(UnsafeMutableRawPointer(font))
        tables[font] = table
        return table
    }
}
