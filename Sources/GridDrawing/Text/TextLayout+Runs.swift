import CPangoCairo

/// One run of a laid-out line where Pango's Cairo renderer draws it.
struct LaidOutRun {
    /// The run: its item (font, analysis, text offset) and its glyphs.
    let run: PangoGlyphItem
    /// Where the run starts (Pango units from the layout's origin): the line's logical x plus
    /// the runs before it, moved by the run's `start_x_offset`.
    let x: Int32
    /// The line's baseline raised by the run's `y_offset`.
    let baseline: Int32
}

extension TextLayout {
    /// Walks the runs of `layout` as `pango_renderer_draw_layout` does: lines from the
    /// iterator's logical extents and baselines, runs left to right, each moved by its
    /// `start_x_offset` and raised by its `y_offset`, then advanced by its glyph string's width
    /// and `end_x_offset`. `body` returns false to stop; false when it did, or a line or run is
    /// missing. The one walk of every reader of a layout's glyphs (PDF's plain runs, the SVG
    /// player's glyphs, colour glyphs).
    static func walkRuns(of layout: OpaquePointer, _ body: (LaidOutRun) -> Bool) -> Bool {
        guard let iter = pango_layout_get_iter(layout) else { return false }
        defer { pango_layout_iter_free(iter) }
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iter) else { return false }
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            let baseline = pango_layout_iter_get_baseline(iter)
            var x = logical.x
            var node = line.pointee.runs
            while let link = node {
                node = link.pointee.next
                guard let data = link.pointee.data else { return false }
                let run = data.assumingMemoryBound(to: PangoGlyphItem.self).pointee
                x += run.start_x_offset
                guard body(LaidOutRun(run: run, x: x, baseline: baseline - run.y_offset)) else { return false }
                if let glyphs = run.glyphs { x += pango_glyph_string_get_width(glyphs) }
                x += run.end_x_offset
            }
        } while pango_layout_iter_next_line(iter) != 0
        return true
    }
}
