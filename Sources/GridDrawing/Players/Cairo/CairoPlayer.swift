/// Draws a display list into a Cairo context, in order: the one place recorded drawing meets
/// Cairo. PNG, SVG and PDF all play through it (their surfaces differ, the calls do not).
enum CairoPlayer {
    /// Plays `list`; returns its links in device space, for SVG (`LinkArea`). Consecutive glyph
    /// texts of one font, colour and transform are shown as one Cairo call (`GlyphJoiner`),
    /// ended by any other node (a structure boundary too) and by the end of the list. Throws only when a glow's image
    /// cannot be made (Cairo's image limits).
    @discardableResult
    static func play(_ list: DisplayList, on cr: CairoContext) throws -> [LinkArea] {
        var joiner = GlyphJoiner()
        defer { joiner.flush(cr) }
        return try play(list, on: cr, joiner: &joiner)
    }

    /// Plays `list` with glyphs still pending in `joiner` from the lists before it, leaving the
    /// glyphs at its end pending (the caller flushes): a region recorded in several lists
    /// shows the same calls as in one.
    static func play(_ list: DisplayList, on cr: CairoContext, joiner: inout GlyphJoiner) throws -> [LinkArea] {
        if let svg = cr.svgPlayer { return svg.play(list, on: cr) }
        if let pdf = cr.pdfPlayer { return pdf.play(list, on: cr) }
        var links: [LinkArea] = []
        for item in list.items {
            if case .glyphs(let text) = item {
                joiner.add(text, on: cr)
                continue
            }
            joiner.flush(cr)
            switch item {
            case .fill, .stroke: playShape(item, on: cr)
            case .glow(let glow): try play(glow, on: cr)
            case .image(let image): play(image, on: cr)
            case .link(let link): links.append(play(link, on: cr))
            case .pangoText(let text): play(text, on: cr)
            // After the flush above: a cell's glyphs are marked content of its own element.
            case .structure(let node):
                switch node.event {
                case .begin: cr.beginStructure(node.kind)
                case .end: cr.endStructure(node.kind)
                }
            case .glyphs: break
            }
        }
        return links
    }

    /// Plays a list of fills and strokes only (what the line rules and batches record): nothing
    /// in it can fail.
    static func playShapes(_ list: DisplayList, on cr: CairoContext) {
        if let svg = cr.svgPlayer { _ = svg.play(list, on: cr); return }
        if let pdf = cr.pdfPlayer { _ = pdf.play(list, on: cr); return }
        for item in list.items { playShape(item, on: cr) }
    }

    /// A fill or a stroke; anything else here is a programming error (it is played by `play`).
    private static func playShape(_ item: DisplayItem, on cr: CairoContext) {
        switch item {
        case .fill(let fill): play(fill, on: cr)
        case .stroke(let stroke): play(stroke, on: cr)
        default: preconditionFailure("not a shape: \(item)")
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
