/// One font as the writer met it in a document: the glyph ids its pages show (2-byte codes,
/// Identity-H: code = glyph id) and, per glyph, the text it stands for when the writer knows it
/// ("" when not: the embedder then reads the font's cmap backwards, as Cairo does for
/// `cairo_show_glyphs`). Handed to a `PDFFontEmbedding` once every page is written.
struct PDFFontUse: @unchecked Sendable {
    let font: ScaledFont
    var glyphs: [UInt32: String] = [:]
}

/// Writes a font's objects at the end of a document (H3's `PDFFontEmbedder`): the Type0 font
/// as object `fontObject` (the number the pages' `/Font` resources already refer to), the
/// objects it needs numbered with `reserve()`. Page streams name fonts by resource names the
/// writer assigned, so nothing in a page depends on how the font is subset.
protocol PDFFontEmbedding: Sendable {
    func objects(for use: PDFFontUse, fontObject: Int, reserve: () -> Int) throws -> [PDFObject]
}
