import CPangoCairo
import GridDocument
import GridLayout

/// Texts the painter left to Pango (`PangoTextNode`) as the PDF player reads them: flattened
/// (`TextLayout.flattened`) with the text marks of their glyph runs (`actualTexts`), or the page
/// refused with what Pango draws that the player does not; and Pango's hex boxes for characters
/// no font has, drawn as Pango's Cairo renderer draws them. Colour emoji need nothing here: the
/// painter hides them from Pango and records them as images (`GridPainter.colorGlyphImages`),
/// which the player writes as any image (`PDFPlayer+Images`), one XObject per emoji.
extension PDFPlayer {
    /// `node`'s text flattened, with per glyph run (each `.glyphs` item, in order) the clusters
    /// to mark with their text; nil, the page refused with the reason, when it cannot be.
    func flattened(_ node: PangoTextNode) -> (flat: FlatText, actual: [[PDFActualText]])? {
        func shown() -> String {
            let text = pango_layout_get_text(node.layout.laidOut).map { String(cString: $0) } ?? ""
            return text.prefix(40).debugDescription
        }
        switch node.layout.flattened(color: node.color, fonts: &textFonts) {
        case .failure(let refusal):
            refuse("a text only Pango shows (\(refusal)): \(shown())")
            return nil
        case .success(let flat):
            let runs = flat.items.reduce(0) { n, item in if case .glyphs = item { n + 1 } else { n } }
            guard let actual = node.layout.actualTexts(characters: characters), actual.count == runs else {
                refuse("a text whose glyph runs its text marks do not match: \(shown())")
                return nil
            }
            return (flat, actual)
        }
    }

    /// Pango's hex box (`_pango_cairo_renderer_draw_unknown_glyph`) of the text `node` whose
    /// layout starts at `origin` (Cairo's current point): the frame `cairo_rectangle`d and
    /// stroked `lineWidth` wide (an X across it for invalid input), each operation clipped as
    /// Cairo clips it, then each digit as `cairo_show_text` shows it in the small monospace
    /// font. Readers get the character the box stands for, not its digits: the first digit is
    /// marked with it (`/ActualText`), the others with nothing.
    func write(_ box: FlatText.HexBox, of node: PangoTextNode, origin: (x: Double, y: Double), cr: CairoContext, _ t: Transform) {
        guard box.color.alpha > 0 else { return }
        let c = box.glyphPosition(originX: origin.x, originY: origin.y)
        strokeFrame(box, cx: c.x, cy: c.y, t)
        guard let font = box.digitFont, !box.invalid else { return }
        let text = box.character.flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? ""
        for (k, digit) in box.digits(cx: c.x, cy: c.y).enumerated() {
            guard refusal == nil else { return }
            let run = GlyphsNode.Run(font: font, x: digit.x - origin.x, baseline: digit.y - origin.y, range: 0..<1)
            let glyph = GlyphsNode(x: node.x, y: node.y, color: box.color, runs: [run], glyphs: [GlyphsNode.Glyph(id: digit.id, xUnits: 0, yUnits: 0)])
            write(glyph, cr: cr, t, actual: [PDFActualText(start: 0, count: 1, text: k == 0 ? text : "")])
        }
    }

    /// The frame: `cairo_rectangle` (and the X's `move_to`, `rel_line_to`) in Cairo's fixed
    /// point, stroked solid with miter joins. Pango's miter limit of 2 is not written: a right
    /// angle's miter (√2) is within it and PDF's default of 10, and the X's lines have no joins.
    private func strokeFrame(_ box: FlatText.HexBox, cx: Double, cy: Double, _ t: Transform) {
        let f = box.frame(cx: cx, cy: cy)
        let x0 = SVGPlayer.fixed(t.x(f.x)), y0 = SVGPlayer.fixed(t.y(f.y))
        let w = SVGPlayer.fixed(f.width * t.s), h = SVGPlayer.fixed(f.height * t.s)
        var lines: [(x0: Double, y0: Double, x1: Double, y1: Double)] = []
        if box.invalid {
            let right = SVGPlayer.fixed(t.x(f.x + f.width))
            lines = [(x0, y0, x0 + w, y0 + h), (right, y0, right + SVGPlayer.fixed(-f.width * t.s), y0 + h)]
        }
        // `_cairo_path_fixed_approximate_stroke_extents`: half the width off the axes only for a
        // rectilinear path, else √2 times the miter limit (Pango's 2).
        var left = min(x0, x0 + w), top = min(y0, y0 + h), right = max(x0, x0 + w), bottom = max(y0, y0 + h)
        for l in lines {
            left = min(left, l.x0, l.x1); right = max(right, l.x0, l.x1)
        }
        let expansion = lines.isEmpty ? 0.5 : 2.squareRoot() * 2
        let pad = TrackedClip.fixed(max(expansion * box.lineWidth * t.s, 2.0 / 256))
        left -= pad; top -= pad; right += pad; bottom += pad
        guard clip(for: PDFPlayer.roundedOut(x0: left, y0: top, x1: right, y1: bottom), within: listClip) else { return }
        drawing()
        setStroke(box.color)
        setLineWidth(box.lineWidth * t.s)
        if !dash.isEmpty {
            dash = []
            emit("[] 0 d\n")
        }
        appendRect(Rect(x: x0, y: y0, width: w, height: h))
        emit(" re\n")
        for l in lines {
            PDFNumber.append(l.x0, to: &out); out.append(0x20); PDFNumber.append(l.y0, to: &out); emit(" m ")
            PDFNumber.append(l.x1, to: &out); out.append(0x20); PDFNumber.append(l.y1, to: &out); emit(" l\n")
        }
        emit("S\n")
    }
}
