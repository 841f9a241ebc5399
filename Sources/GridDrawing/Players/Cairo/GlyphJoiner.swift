import CCairo
import GridDocument

/// Shows consecutive glyph texts (`GlyphsNode`) with one Cairo call for each stretch of glyphs in
/// the same font, colour and transform, in order. Why the PDF is the same, byte for byte, as
/// Pango showing each text: `GlyphBatch`. Each text starts where Pango's renderer starts it, from
/// the current point as Cairo keeps it after moving to the node's origin.
struct GlyphJoiner {
    private var font: ScaledFont?
    private var color: Color?
    /// The transform the pending glyphs were placed in.
    private var matrix = cairo_matrix_t()
    private var glyphs: [cairo_glyph_t] = []

    mutating func add(_ text: GlyphsNode, on cr: CairoContext) {
        let matrix = cr.matrix
        if !glyphs.isEmpty && !GlyphJoiner.same(matrix, self.matrix) { flush(cr) }
        self.matrix = matrix
        let origin = cr.currentPoint(afterMovingTo: text.x, text.y)
        for run in text.runs {
            if run.font != font || text.color != color {
                flush(cr)
                font = run.font
                color = text.color
            }
            let baseX = origin.x + run.x, baseY = origin.y + run.baseline
            for glyph in text.glyphs(of: run) {
                glyphs.append(cairo_glyph_t(index: UInt(glyph.id), x: baseX + glyph.x, y: glyph.yUnits == 0 ? baseY : baseY + glyph.y))
            }
        }
    }

    /// Shows the pending glyphs.
    mutating func flush(_ cr: CairoContext) {
        guard !glyphs.isEmpty, let font, let color else { return }
        cr.showGlyphs(&glyphs, scaledFont: font.pointer, color: color)
        glyphs.removeAll(keepingCapacity: true)
    }

    private static func same(_ a: cairo_matrix_t, _ b: cairo_matrix_t) -> Bool {
        a.xx == b.xx && a.yx == b.yx && a.xy == b.xy && a.yy == b.yy && a.x0 == b.x0 && a.y0 == b.y0
    }
}
