import CCairo
import GridDocument

/// Flattened texts (`FlatText`) as SVG: glyph runs through the player's glyph groups, filled
/// rectangles as paths at Cairo's fixed-point coordinates, hex boxes as a stroked frame and
/// the digits' glyphs, each where Pango's Cairo renderer puts it from the current point.
extension SVGPlayer {
    func write(_ flat: FlatText, x: Double, y: Double, cr: CairoContext, tx: Double, ty: Double) {
        let origin = cr.currentPoint(afterMovingTo: x, y)
        cr.newPath()
        for item in flat.items {
            guard refusal == nil else { return }
            switch item {
            case .glyphs(let run, let color):
                // One run from the same origin: `write(GlyphsNode)` adds the run's offsets.
                write(GlyphsNode(x: x, y: y, color: color, runs: [run], glyphs: flat.glyphs), cr: cr, tx: tx, ty: ty)
            case .fill(let fill):
                let r = fill.rect
                guard r.width > 0, r.height > 0 else { continue }
                closeGroup()
                // cairo_rectangle from the renderer's offset, as `pango_cairo_renderer_draw_rectangle`.
                let x0 = SVGPlayer.fixed(origin.x + r.x + tx), y0 = SVGPlayer.fixed(origin.y + r.y + ty)
                let x1 = x0 + SVGPlayer.fixed(r.width), y1 = y0 + SVGPlayer.fixed(r.height)
                body += Array("<path".utf8)
                appendPaint("fill", fill.color)
                body += Array(" d=\"M".utf8)
                SVGNumber.append(x0, to: &body); body.append(0x20); SVGNumber.append(y0, to: &body)
                body.append(UInt8(ascii: "H")); SVGNumber.append(x1, to: &body)
                body.append(UInt8(ascii: "V")); SVGNumber.append(y1, to: &body)
                body.append(UInt8(ascii: "H")); SVGNumber.append(x0, to: &body)
                body += Array("Z\"/>\n".utf8)
            case .hexBox(let box):
                write(box, origin: origin, tx: tx, ty: ty)
            }
        }
    }

    /// Pango's hex box: the frame stroked with miter joins (limit 2), an X across it for
    /// invalid input, then the digits.
    private func write(_ box: FlatText.HexBox, origin: (x: Double, y: Double), tx: Double, ty: Double) {
        closeGroup()
        let c = box.glyphPosition(originX: origin.x, originY: origin.y)
        let f = box.frame(cx: c.x, cy: c.y)
        let x0 = SVGPlayer.fixed(f.x + tx), y0 = SVGPlayer.fixed(f.y + ty)
        let x1 = x0 + SVGPlayer.fixed(f.width), y1 = y0 + SVGPlayer.fixed(f.height)
        body += Array("<path fill=\"none\"".utf8)
        appendPaint("stroke", box.color)
        body += Array(" stroke-width=\"".utf8)
        SVGNumber.append(box.lineWidth, to: &body)
        body += Array("\" stroke-miterlimit=\"2\" d=\"M".utf8)
        SVGNumber.append(x0, to: &body); body.append(0x20); SVGNumber.append(y0, to: &body)
        body.append(UInt8(ascii: "H")); SVGNumber.append(x1, to: &body)
        body.append(UInt8(ascii: "V")); SVGNumber.append(y1, to: &body)
        body.append(UInt8(ascii: "H")); SVGNumber.append(x0, to: &body)
        body.append(UInt8(ascii: "Z"))
        if box.invalid {
            for (a, b) in [((x0, y0), (x1, y1)), ((x1, y0), (x0, y1))] {
                body.append(UInt8(ascii: "M")); SVGNumber.append(a.0, to: &body); body.append(0x20); SVGNumber.append(a.1, to: &body)
                body.append(UInt8(ascii: "L")); SVGNumber.append(b.0, to: &body); body.append(0x20); SVGNumber.append(b.1, to: &body)
            }
        }
        body += Array("\"/>\n".utf8)
        guard let font = box.digitFont, let met = self.font(font) else { return }
        for digit in box.digits(cx: c.x, cy: c.y) {
            guard let ref = glyphRef(digit.id, in: met) else { return }
            guard ref.ink else { continue }
            body += Array("<use href=\"#".utf8) + ref.id + Array("\" x=\"".utf8)
            SVGNumber.append(digit.x + tx, to: &body)
            body += Array("\" y=\"".utf8)
            SVGNumber.append(digit.y + ty, to: &body)
            body += Array("\"".utf8)
            appendPaint("fill", box.color)
            body += Array("/>\n".utf8)
            use(digit.id, ref, in: met)
        }
    }
}
