import GridLayout

/// Images in a page's content stream, as Cairo's PDF surface paints them
/// (`CairoPlayer.play(_: ImageNode, on:)`: the source scaled from the rect's top left, inside
/// the node's clip, at its opacity): the clip where Cairo writes one (`clip(for:within:)` with
/// the image's source extents, `PDFImageExtents`), then `q [/aN gs] w 0 0 -h x y+h cm /ImN Do Q`.
/// Each source is one resource name of the page and, at the join, one XObject of the document
/// (`PDFImageObjects`), however often it is drawn.
extension PDFPlayer {
    func write(_ image: ImageNode, _ t: Transform) {
        let source = image.source
        guard image.alpha > 0, source.width > 0, source.height > 0 else { return }
        // The painter's clip cut to the node's, in Cairo's fixed point.
        let x0 = TrackedClip.fixed(t.x(image.clip.x)), y0 = TrackedClip.fixed(t.y(image.clip.y))
        let own = Rect(x: x0, y: y0, width: TrackedClip.fixed(image.clip.width * t.s), height: TrackedClip.fixed(image.clip.height * t.s))
        guard let wanted = listClip.map({ $0.intersection(own) }) ?? own else { return }
        place(source, x: t.x(image.rect.x), y: t.y(image.rect.y), sx: image.scale.sx * t.s, sy: image.scale.sy * t.s,
              alpha: image.alpha, within: wanted)
    }

    /// Paints `source` with its top left at device (`x`, `y`), `sx`, `sy` device units per
    /// pixel, at opacity `alpha`, under the clip `wanted` (device space, nil: none).
    func place(_ source: ImageSource, x: Double, y: Double, sx: Double, sy: Double, alpha: Double, within wanted: Rect?) {
        guard alpha > 0, source.width > 0, source.height > 0 else { return }
        let placed = PDFImageExtents(width: source.width, height: source.height, x: x, y: y, sx: sx, sy: sy)
        guard clip(for: placed.rect, within: wanted) else { return }
        drawing()
        let index = images.firstIndex { $0.object === source.object } ?? { images.append(source); return images.count - 1 }()
        emit("q\n")
        if alpha < 1 || self.alpha != 1 {
            // Inside this q…Q only: the opacity tracked outside it stays (an image is painted
            // at the fill opacity in force, which a translucent fill before it may have set).
            let a = alphas.firstIndex(of: alpha) ?? { alphas.append(alpha); return alphas.count - 1 }()
            emit("/a"); PDFNumber.append(a, to: &out); emit(" gs\n")
        }
        let w = Double(source.width) * placed.sx, h = Double(source.height) * placed.sy
        for (k, v) in [w, 0, 0, -h, placed.x, placed.y + h].enumerated() {
            if k > 0 { out.append(0x20) }
            PDFNumber.append(v, decimals: 6, to: &out)
        }
        emit(" cm /Im"); PDFNumber.append(index, to: &out); emit(" Do Q\n")
    }
}
