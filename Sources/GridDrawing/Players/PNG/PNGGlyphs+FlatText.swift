import CCairo
import CGlyphRaster
import CPangoCairo

extension PNGGlyphs {
    /// Shows a text with markup colours or decorations (which `TextLayout.pngGlyphs` refuses) as
    /// Pango's Cairo renderer draws it, item by item of `TextLayout.flatten` from the current
    /// point moved to the text's origin: each glyph run in its colour by the eighth-pixel
    /// compositor (a run it leaves is Cairo's, as Pango would show it), each markup background
    /// and underline, overline or strike line as `pango_cairo_renderer_draw_rectangle` fills it.
    /// False, with nothing drawn, when Pango must show the text: what `flatten` refuses, hex
    /// boxes, layouts of more lines than `show` draws whole, or a run whose font file is unknown.
    static func showFlat(_ text: PangoTextNode, on cr: CairoContext) -> Bool {
        let layout = text.layout
        guard pango_layout_get_line_count(layout.laidOut) <= TextLayout.cullingLines else { return false }
        var fonts: [OpaquePointer: ScaledFont] = [:]
        guard let flat = layout.flatten(color: text.color, fonts: &fonts),
              !flat.items.contains(where: { if case .hexBox = $0 { true } else { false } }),
              let files = layout.fontFiles() else { return false }
        for item in flat.items {
            if case .glyphs(let run, _) = item, files[run.font.pointer] == nil { return false }
        }
        let origin = cr.currentPoint(afterMovingTo: text.x, text.y)
        cr.newPath()
        let tracked = cr.trackedClip
        var box: [Double] = []
        if tracked.isRectangle, let r = tracked.deviceRect { box = [r.x, r.y, r.maxX, r.maxY] }
        var glyphs: [cairo_glyph_t] = []
        for item in flat.items {
            switch item {
            case .glyphs(let run, let color):
                let x = origin.x + run.x, y = origin.y + run.baseline
                glyphs.removeAll(keepingCapacity: true)
                for glyph in flat.glyphs(of: run) {
                    glyphs.append(cairo_glyph_t(index: UInt(glyph.id), x: x + glyph.x, y: glyph.yUnits == 0 ? y : y + glyph.y))
                }
                guard let file = files[run.font.pointer] else { continue }
                cairo_save(cr.pointer)
                cr.setSource(color)
                glyphs.withUnsafeBufferPointer { buffer in
                    let first = buffer.baseAddress, count = Int32(buffer.count)
                    let shown = file.path.withCString { path in
                        box.isEmpty ? grgr_show_glyphs(cr.pointer, run.font.pointer, path, file.index, first, count)
                            : grgr_show_glyphs_in_clip(cr.pointer, run.font.pointer, path, file.index, first, count, box)
                    }
                    if shown != 0 {
                        cairo_set_scaled_font(cr.pointer, run.font.pointer)
                        cairo_show_glyphs(cr.pointer, first, count)
                    }
                }
                cairo_restore(cr.pointer)
            case .fill(let fill):
                let r = fill.rect
                cairo_save(cr.pointer)
                cr.setSource(fill.color)
                cairo_rectangle(cr.pointer, origin.x + r.x, origin.y + r.y, r.width, r.height)
                cairo_fill(cr.pointer)
                cairo_restore(cr.pointer)
            case .hexBox:
                break
            }
        }
        return true
    }
}

extension TextLayout {
    /// The font file and face index of each scaled font the current text's runs show
    /// (fontconfig's, as `pngGlyphs` reads them); nil when a run has no font.
    func fontFiles() -> [OpaquePointer: (path: String, index: Int32)]? {
        var files: [OpaquePointer: (path: String, index: Int32)] = [:]
        let walked = TextLayout.walkRuns(of: laidOut) { laid in
            guard let item = laid.run.item, let font = item.pointee.analysis.font else { return false }
            guard let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font)) else { return true }
            guard files[scaled] == nil else { return true }
            let pattern = pango_fc_font_get_pattern(UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self))
            var file: UnsafeMutablePointer<FcChar8>?
            var index: Int32 = 0
            guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return true }
            if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
            files[scaled] = (String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self)), index)
            return true
        }
        return walked ? files : nil
    }
}
