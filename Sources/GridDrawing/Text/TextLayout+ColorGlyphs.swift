import CPangoCairo

extension TextLayout {
    /// The glyphs of the current text in colour bitmap fonts (`ColorFont`), found once per
    /// layout of the text (a kept layout is recorded for many cells and pages) and, once hidden,
    /// still reported with the ids they had. The walk is `pango_renderer_draw_layout`'s: lines
    /// from the iterator's logical extents and baselines, runs left to right, each moved by its
    /// `start_x_offset` and raised by its `y_offset`, then advanced by its glyph string's width
    /// and `end_x_offset`. Vertical runs (centred baselines) are left to Pango.
    func colorGlyphs(fonts: ColorGlyphSources) -> [ColorGlyph] {
        // Most cells are ASCII, which no colour glyph shows: answered before Pango's serials,
        // which every cell of a PDF would otherwise ask for.
        guard let text = pango_layout_get_text(pointer), !TextLayout.isASCII(text) else { return [] }
        let serial = pango_layout_get_serial(pointer)
        if let scan = colorGlyphScan, scan.serial == serial { return scan.glyphs }
        let glyphs = scanColorGlyphs(fonts: fonts)
        // The scan laid the text out (and decorated it): the serial to keep is the one after.
        colorGlyphScan = ColorGlyphScan(serial: pango_layout_get_serial(pointer), glyphs: glyphs)
        return glyphs
    }

    /// Sets the ids of the colour glyphs at `indices` (of `colorGlyphs`) to the empty glyph,
    /// which Pango's renderer skips with its advance kept: the layout then shows every other
    /// glyph, decoration and background exactly where it did, and those glyphs are drawn as
    /// images (`GridPainter.colorGlyphImages`). Until the text is laid out again.
    func hideColorGlyphs(_ indices: [Int]) {
        guard let scan = colorGlyphScan, scan.serial == pango_layout_get_serial(pointer) else { return }
        for k in indices { scan.glyphs[k].slot.pointee.glyph = TextLayout.emptyGlyph }
    }

    private func scanColorGlyphs(fonts: ColorGlyphSources) -> [ColorGlyph] {
        var found: [ColorGlyph] = []
        _ = TextLayout.walkRuns(of: laidOut) { laid in
            let run = laid.run
            guard let item = run.item, let glyphs = run.glyphs, let pangoFont = item.pointee.analysis.font,
                  item.pointee.analysis.flags & UInt8(PANGO_ANALYSIS_FLAG_CENTERED_BASELINE) == 0,
                  let font = fonts.font(pangoFont),
                  let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(pangoFont)) else { return true }
            var position: Int32 = 0
            for i in 0..<Int(glyphs.pointee.num_glyphs) {
                let slot = glyphs.pointee.glyphs + i
                let info = slot.pointee
                defer { position += info.geometry.width }
                guard info.glyph & TextLayout.unknownGlyphFlag == 0, info.glyph != TextLayout.emptyGlyph else { continue }
                found.append(ColorGlyph(font: font, scaledFont: scaled, id: info.glyph, runX: laid.x,
                                        baseline: laid.baseline, x: position + info.geometry.x_offset,
                                        y: info.geometry.y_offset, slot: slot))
            }
            return true
        }
        return found
    }

    /// Whether a NUL-terminated UTF-8 text is ASCII (no colour glyph can show it).
    private static func isASCII(_ text: UnsafePointer<CChar>) -> Bool {
        var p = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
        while p.pointee != 0 {
            if p.pointee >= 0x80 { return false }
            p += 1
        }
        return true
    }
}
