import CCairo
import CPangoCairo

/// A stretch of the glyphs `TextLayout.pngGlyphs` gives in one scaled font: one run of a
/// laid-out line, with the font file and face index its glyphs come from (fontconfig's, owned by
/// the Pango font: valid while the layout is).
struct PNGGlyphRun {
    let scaledFont: OpaquePointer
    let file: UnsafePointer<CChar>?
    let faceIndex: Int32
    let range: Range<Int>
}

extension TextLayout {
    /// The glyphs of the current text where Pango's Cairo renderer would show them from the
    /// current point (`originX`, `originY`, user space), appended to `glyphs` run by run; false
    /// (with `glyphs` and `runs` as they were, maybe partly filled) when Pango would draw more
    /// than glyphs in the source colour, and the text must be shown by Pango.
    ///
    /// The walk is `TextLayout.walkRuns` (pango_renderer_draw_layout's order and offsets) and
    /// each glyph's place the arithmetic of Pango's Cairo renderer: the run's start plus the
    /// advances before the glyph plus its offset, Pango units over `PANGO_SCALE`; empty glyphs
    /// advance and draw nothing. Refused: render-time attributes (markup colours, decorations,
    /// shapes: `extra_attrs`), vertical text, unknown glyphs (Pango draws hex boxes), and
    /// layouts of more lines than `show` draws whole.
    func pngGlyphs(originX: Double, originY: Double, glyphs: inout [cairo_glyph_t], runs: inout [PNGGlyphRun]) -> Bool {
        guard pango_layout_get_line_count(laidOut) <= TextLayout.cullingLines else { return false }
        let scale = Double(PANGO_SCALE)
        return TextLayout.walkRuns(of: laidOut) { laid in
            let run = laid.run
            guard let item = run.item, let string = run.glyphs, let font = item.pointee.analysis.font,
                  item.pointee.analysis.extra_attrs == nil,
                  item.pointee.analysis.flags & UInt8(PANGO_ANALYSIS_FLAG_CENTERED_BASELINE) == 0,
                  let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font)) else { return false }
            let baseX = originX + Double(laid.x) / scale, baseY = originY + Double(laid.baseline) / scale
            let start = glyphs.count
            var position: Int32 = 0
            for i in 0..<Int(string.pointee.num_glyphs) {
                let info = string.pointee.glyphs[i]
                defer { position += info.geometry.width }
                if info.glyph == TextLayout.emptyGlyph { continue }
                guard info.glyph & TextLayout.unknownGlyphFlag == 0 else { return false }
                let y = info.geometry.y_offset == 0 ? baseY : baseY + Double(info.geometry.y_offset) / scale
                glyphs.append(cairo_glyph_t(index: UInt(info.glyph), x: baseX + Double(position + info.geometry.x_offset) / scale, y: y))
            }
            guard glyphs.count > start else { return true }
            let pattern = pango_fc_font_get_pattern(UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self))
            var file: UnsafeMutablePointer<FcChar8>?
            var index: Int32 = 0
            if FcPatternGetString(pattern, FC_FILE, 0, &file) != FcResultMatch { file = nil }
            if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
            runs.append(PNGGlyphRun(scaledFont: scaled, file: file.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                                    faceIndex: index, range: start..<glyphs.count))
            return true
        }
    }
}
