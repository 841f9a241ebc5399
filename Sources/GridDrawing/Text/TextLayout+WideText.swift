import CPangoCairo

extension TextLayout {
    /// Whether a text of `bytes` UTF-8 bytes at `size` points could be wider than Pango's
    /// `Int32` extents hold (2,097,151 pt): no glyph advances more than four ems per byte.
    static func mayOverflow(bytes: Int, size: Double) -> Bool {
        Double(bytes) * max(size, 1) * 4 >= Double(Int32.max) / Double(PANGO_SCALE)
    }

    /// The widest line of the current text in points, added up glyph by glyph in `Double`.
    /// Pango adds a line's widths in `Int32` units of 1/1024 pt, which wrap past 2,097,151 pt:
    /// a 200,000-character line was measured 25 pt wide, its column made that wide and the
    /// text squeezed into it with exit 0. With the true width the column is refused
    /// (`OutputLimits`).
    func summedLineWidth() -> Double {
        guard let iter = pango_layout_get_iter(laidOut) else { return 0 }
        defer { pango_layout_iter_free(iter) }
        var widest = 0.0
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iter) else { continue }
            var sum = 0.0
            var node = line.pointee.runs
            while let link = node {
                node = link.pointee.next
                guard let data = link.pointee.data,
                      let glyphs = data.assumingMemoryBound(to: PangoGlyphItem.self).pointee.glyphs else { continue }
                for i in 0..<Int(glyphs.pointee.num_glyphs) { sum += Double(glyphs.pointee.glyphs[i].geometry.width) }
            }
            widest = max(widest, sum)
        } while pango_layout_iter_next_line(iter) != 0
        return widest / Double(PANGO_SCALE)
    }
}
