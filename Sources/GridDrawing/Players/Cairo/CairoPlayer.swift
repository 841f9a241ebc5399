/// Draws a display list into a Cairo context, in order: the one place recorded drawing meets
/// Cairo. PNG, SVG and PDF all play through it (their surfaces differ, the calls do not).
enum CairoPlayer {
    /// Throws only when a glow's image cannot be made (Cairo's image limits).
    static func play(_ list: DisplayList, on cr: CairoContext) throws {
        for item in list.items {
            if case .glow(let glow) = item { try play(glow, on: cr) } else { playShape(item, on: cr) }
        }
    }

    /// Plays a list of fills and strokes only (what the line rules and batches record): nothing
    /// in it can fail.
    static func playShapes(_ list: DisplayList, on cr: CairoContext) {
        for item in list.items { playShape(item, on: cr) }
    }

    /// A fill or a stroke; a glow here is a programming error (it is played by `play`).
    private static func playShape(_ item: DisplayItem, on cr: CairoContext) {
        switch item {
        case .fill(let fill): play(fill, on: cr)
        case .stroke(let stroke): play(stroke, on: cr)
        case .glow: preconditionFailure("a glow among shapes")
        }
    }

    static func play(_ fill: FillNode, on cr: CairoContext) {
        for rect in fill.rects { cr.rectangle(rect) }
        cr.setSource(fill.color)
        cr.fill()
    }

    static func play(_ stroke: StrokeNode, on cr: CairoContext) {
        for s in stroke.segments { cr.moveTo(s.x0, s.y0); cr.lineTo(s.x1, s.y1) }
        cr.save()
        cr.setSource(stroke.color)
        cr.setLineWidth(stroke.width)
        cr.setLineCapButt()
        cr.setDash(stroke.dash)
        cr.stroke()
        cr.restore()
    }
}
