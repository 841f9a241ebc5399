import CCairo
import GridLayout

/// Clips in a page's content stream where Cairo 1.16's PDF surface writes them, so a reader
/// shows the same pixels: a reader smooths a shape's or an image's edge differently with and
/// without a clip on it. Per operation (a fill, a stroke, a glyph run, an image), with its
/// extents in whole device units (`_cairo_composite_rectangles_init_*`): the clip in force is
/// kept where it holds the operation; else no clip where the painter's clip holds it; else the
/// painter's clip cut to the operation's extents (`_cairo_pdf_surface_set_clip`).
extension PDFPlayer {
    /// Brings the clip in force to Cairo's for an operation covering `extents` (nil: as large
    /// as the page) under the painter's clip `wanted` (nil: none). False when nothing of the
    /// operation is inside `wanted` (Cairo then writes nothing for it).
    func clip(for extents: Rect?, within wanted: Rect?) -> Bool {
        if PDFPlayer.holds(wanted, extents) {
            if !PDFPlayer.holds(clip, extents) { setClip(nil) }
            return true
        }
        let page = Rect(x: 0, y: 0, width: width.rounded(.up), height: height.rounded(.up))
        let covered = extents.map { $0.intersection(page) } ?? page
        guard let wanted, let covered, let cut = wanted.intersection(covered) else { return false }
        setClip(cut)
        return true
    }

    /// Whether clip `c` (nil: none) holds `extents` (nil: unbounded).
    static func holds(_ c: Rect?, _ extents: Rect?) -> Bool {
        guard let c else { return true }
        guard let e = extents else { return false }
        return c.x <= e.x && c.y <= e.y && c.maxX >= e.maxX && c.maxY >= e.maxY
    }

    /// A box rounded out to whole units (`_cairo_box_round_to_rectangle`).
    static func roundedOut(x0: Double, y0: Double, x1: Double, y1: Double) -> Rect {
        let left = x0.rounded(.down), top = y0.rounded(.down)
        return Rect(x: left, y: top, width: x1.rounded(.up) - left, height: y1.rounded(.up) - top)
    }

    /// Ends the clip in force (`Q`, which also forgets the colours, line and opacity set inside
    /// it) and begins `new` (`q … re W n`).
    func setClip(_ new: Rect?) {
        guard new != clip else { return }
        if marked == .artifact { closeMarked() }
        if clip != nil {
            emit("Q\n")
            // The opacity set before the `q` is in force again: unknown (NaN, written again
            // when next needed) unless it was the page's 1.
            fillColor = nil; strokeColor = nil; lineWidth = nil; dash = []
            alpha = alphaOutsideClip == 1 ? 1 : .nan
        }
        clip = new
        if let new {
            alphaOutsideClip = alpha
            emit("q ")
            appendRect(new)
            emit(" re W n\n")
        }
    }

    /// The painter's clip in device space, nil when it holds the page: the rectangles it
    /// clipped to, with Cairo's numbers (`TrackedClip.deviceRect`), so an edge on a whole unit
    /// is that unit (`cairo_in_clip` cannot tell it from the fixed-point step before it).
    func deviceClip(_ cr: CairoContext) -> Rect? {
        switch cr.trackedClip.playerClip(within: Rect(x: 0, y: 0, width: width, height: height)) {
        case .success(let r): return r
        case .failure(let refusal): refuse(refusal.reason); return nil
        }
    }
}

extension PDFPlayer {
    /// A stroke's extents as Cairo estimates them (`_cairo_path_fixed_approximate_stroke_extents`):
    /// the segments' box widened by half the line width (ten times √2 of it for a miter join
    /// off the axes), at least two fixed-point steps, rounded out.
    func extents(of stroke: StrokeNode, _ t: Transform) -> Rect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        var rectilinear = true
        for s in stroke.segments {
            let a = SVGPlayer.fixed(t.x(s.x0)), b = SVGPlayer.fixed(t.y(s.y0))
            let c = SVGPlayer.fixed(t.x(s.x1)), d = SVGPlayer.fixed(t.y(s.y1))
            x0 = min(x0, a, c); y0 = min(y0, b, d); x1 = max(x1, a, c); y1 = max(y1, b, d)
            if a != c && b != d { rectilinear = false }
        }
        let expansion = rectilinear ? 0.5 : 2.squareRoot() * 10
        let pad = TrackedClip.fixed(max(expansion * stroke.width * t.s, 2.0 / 256))
        return PDFPlayer.roundedOut(x0: x0 - pad, y0: y0 - pad, x1: x1 + pad, y1: y1 + pad)
    }

    /// A glyph node's extents as Cairo finds them (`_cairo_scaled_font_glyph_device_extents`):
    /// the ink of its glyphs where they are placed (`cairo_scaled_font_glyph_extents` per run),
    /// rounded out; nil when nothing is inked (Cairo then writes nothing, the clip unchanged).
    func extents(of text: GlyphsNode, origin: (x: Double, y: Double), _ t: Transform) -> Rect? {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        var glyphs: [cairo_glyph_t] = []
        glyphs.reserveCapacity(text.glyphs.count)
        for run in text.runs where !run.range.isEmpty {
            let baseX = origin.x + run.x, baseY = origin.y + run.baseline
            glyphs.removeAll(keepingCapacity: true)
            for glyph in text.glyphs(of: run) {
                glyphs.append(cairo_glyph_t(index: UInt(glyph.id), x: baseX + glyph.x, y: glyph.yUnits == 0 ? baseY : baseY + glyph.y))
            }
            var ink = cairo_text_extents_t()
            cairo_scaled_font_glyph_extents(run.font.pointer, glyphs, Int32(glyphs.count), &ink)
            guard ink.width > 0 || ink.height > 0 else { continue }
            let left = t.x(glyphs[0].x + ink.x_bearing), top = t.y(glyphs[0].y + ink.y_bearing)
            x0 = min(x0, left); y0 = min(y0, top)
            x1 = max(x1, left + ink.width * t.s); y1 = max(y1, top + ink.height * t.s)
        }
        guard x1 >= x0 else { return nil }
        return PDFPlayer.roundedOut(x0: x0, y0: y0, x1: x1, y1: y1)
    }
}
