import CPangoCairo
import GridDocument

extension TextLayout {
    /// The glyphs of the current text as `show(in:x:y:)` draws them from the origin (`x`, `y`)
    /// in `color`, for the SVG player; nil when Pango would draw more than glyphs in one colour.
    ///
    /// The walk is `pango_renderer_draw_layout`'s and the placement Pango's Cairo renderer's
    /// (lines from the iterator's logical extents and baselines, runs left to right advancing by
    /// their widths, each glyph at its advances plus its offsets; empty glyphs advance and draw
    /// nothing). Unlike PDF (`plainGlyphRuns`), how glyphs map to characters does not matter to a
    /// picture: ligatures, combining marks and right-to-left runs (whose glyphs Pango keeps in
    /// visual order) are drawn as they are. Refused: render-time attributes (markup colours,
    /// underlines, shapes: `extra_attrs`), baseline shifts and letter-spacing edges, vertical
    /// text, unknown glyphs (Pango draws hex boxes), and layouts of more lines than `show`
    /// draws whole.
    func svgGlyphs(x: Double, y: Double, color: Color, fonts: inout [OpaquePointer: ScaledFont]) -> GlyphsNode? {
        guard pango_layout_get_line_count(laidOut) <= TextLayout.cullingLines else { return nil }
        var runs: [GlyphsNode.Run] = []
        var glyphs: [GlyphsNode.Glyph] = []
        let walked = TextLayout.walkRuns(of: laidOut) { laid in
            let run = laid.run
            guard let item = run.item, let string = run.glyphs, let font = item.pointee.analysis.font,
                  item.pointee.analysis.extra_attrs == nil,
                  item.pointee.analysis.flags & UInt8(PANGO_ANALYSIS_FLAG_CENTERED_BASELINE) == 0,
                  run.y_offset == 0, run.start_x_offset == 0, run.end_x_offset == 0,
                  let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font)) else { return false }
            let start = glyphs.count
            var position: Int32 = 0
            for i in 0..<Int(string.pointee.num_glyphs) {
                let info = string.pointee.glyphs[i]
                defer { position += info.geometry.width }
                if info.glyph == TextLayout.emptyGlyph { continue }
                guard info.glyph & TextLayout.unknownGlyphFlag == 0 else { return false }
                glyphs.append(GlyphsNode.Glyph(id: info.glyph, xUnits: position + info.geometry.x_offset, yUnits: info.geometry.y_offset))
            }
            let shared = fonts[scaled] ?? ScaledFont(retaining: scaled)
            fonts[scaled] = shared
            runs.append(GlyphsNode.Run(font: shared, x: Double(laid.x) / GlyphsNode.unitsPerPoint,
                                       baseline: Double(laid.baseline) / GlyphsNode.unitsPerPoint, range: start..<glyphs.count))
            return true
        }
        guard walked else { return nil }
        return GlyphsNode(x: x, y: y, color: color, runs: runs, glyphs: glyphs)
    }
}
