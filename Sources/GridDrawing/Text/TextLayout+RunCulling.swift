import CPangoCairo
import GridLayout

extension TextLayout {
    /// Lines with fewer runs than this are always shown whole.
    static let cullingRuns = 64

    /// Whether the current text is so much wider than `clip` (user space) that showing it whole
    /// would cost more than the clip shows: a long unwrapped line crosses many PNG tiles (32,767
    /// px each), and showing all of its runs in each tile made 40,000 italic spans cost tiles ×
    /// runs (quadratic in the text).
    func isWide(comparedTo clip: Rect) -> Bool {
        var logical = PangoRectangle()
        pango_layout_get_extents(laidOut, nil, &logical)
        return Double(logical.width) / Double(PANGO_SCALE) > 4 * clip.width + 1024
    }

    /// Shows `line` with its origin at the current user-space origin (the caller translated
    /// there, with no current point), only its runs near `clip` when it has many and some are
    /// far from it. Pango's renderer draws the runs of a line left to right from x = 0, each
    /// advanced by its glyph string's width; the runs kept are shown as a line of their own,
    /// moved right by the widths of the runs before them, so every glyph, underline and code
    /// background lands where the whole line puts it. The line's run list is cut for the call
    /// and restored after it; its extents (which backgrounds use) are computed first so Pango's
    /// cache holds the whole line's, and a line whose extents would change is shown whole.
    func showLine(_ line: UnsafeMutablePointer<PangoLayoutLine>, originX: Double, in cr: CairoContext, near clip: Rect) {
        guard let near = runsNear(line, originX: originX, clip: clip) else {
            pango_cairo_show_layout_line(cr.pointer, line)
            return
        }
        guard let range = near else { return }   // nothing near the clip
        var whole = PangoRectangle(), ink = PangoRectangle()
        pango_layout_line_get_extents(line, &ink, &whole)
        let head = line.pointee.runs
        let rest = range.last.pointee.next
        line.pointee.runs = range.first
        range.last.pointee.next = nil
        defer {
            range.last.pointee.next = rest
            line.pointee.runs = head
        }
        var cut = PangoRectangle(), cutInk = PangoRectangle()
        pango_layout_line_get_extents(line, &cutInk, &cut)
        guard cut.y == whole.y, cut.height == whole.height else {
            range.last.pointee.next = rest
            line.pointee.runs = head
            pango_cairo_show_layout_line(cr.pointer, line)
            return
        }
        cr.translate(Double(range.skippedWidth) / Double(PANGO_SCALE), 0)
        pango_cairo_show_layout_line(cr.pointer, line)
    }

    /// The first and last list nodes of the runs of `line` whose boxes, widened by a margin for
    /// ink beyond them, meet `clip`, and the width of the runs before them; nil when the line
    /// is to be shown whole (few runs, all near, letter-spacing offsets it cannot replay); nil
    /// inside when no run is near.
    private func runsNear(_ line: UnsafeMutablePointer<PangoLayoutLine>, originX: Double, clip: Rect)
        -> (first: UnsafeMutablePointer<GSList>, last: UnsafeMutablePointer<GSList>, skippedWidth: Int32)?? {
        var count = 0
        var node = line.pointee.runs
        while let link = node {
            guard let data = link.pointee.data else { return nil }
            let run = data.assumingMemoryBound(to: PangoGlyphItem.self).pointee
            guard run.start_x_offset == 0, run.end_x_offset == 0, run.glyphs != nil else { return nil }
            count += 1
            node = link.pointee.next
        }
        guard count >= TextLayout.cullingRuns else { return nil }
        var logical = PangoRectangle()
        pango_layout_line_get_extents(line, nil, &logical)
        let scale = Double(PANGO_SCALE)
        let margin = 2 * Double(logical.height) / scale + 64
        var x: Int32 = 0, skipped: Int32 = 0
        var first: UnsafeMutablePointer<GSList>?, last: UnsafeMutablePointer<GSList>?
        var kept = 0
        node = line.pointee.runs
        while let link = node {
            let run = link.pointee.data!.assumingMemoryBound(to: PangoGlyphItem.self).pointee
            let width = pango_glyph_string_get_width(run.glyphs)
            let left = originX + Double(x) / scale - margin, right = originX + Double(x + width) / scale + margin
            if right >= clip.x && left <= clip.maxX {
                if first == nil { first = link; skipped = x }
                last = link
                kept += 1
            } else if first != nil {
                break
            }
            x += width
            node = link.pointee.next
        }
        guard kept < count else { return nil }
        guard let first, let last else { return .some(nil) }
        return (first, last, skipped)
    }
}
