import GridLayout

extension CairoPlayer {
    /// The image over its clip: the source moved and scaled into place, painted with its alpha.
    static func play(_ image: ImageNode, on cr: CairoContext) {
        cr.save()
        cr.rectangle(image.clip)
        cr.clip()
        cr.setSource(image.source, x: image.rect.x, y: image.rect.y, sx: image.scale.sx, sy: image.scale.sy)
        cr.paint(alpha: image.alpha)
        cr.restore()
    }

    /// A text Pango shows, in its colour, inside its clip when it has one; on a PNG band, its
    /// glyphs at quarter-pixel positions where they are all Pango would draw (`PNGGlyphs`).
    static func play(_ text: PangoTextNode, on cr: CairoContext) {
        if let clip = text.clip {
            cr.save()
            cr.rectangle(clip)
            cr.clip()
        }
        cr.setSource(text.color)
        if !PNGGlyphs.show(text, on: cr) { text.layout.show(in: cr, x: text.x, y: text.y) }
        if text.clip != nil { cr.restore() }
    }

    /// A PDF link annotation over the link's rectangles (Cairo's tag API; other surfaces ignore
    /// it), and the same area in device space for SVG.
    static func play(_ link: LinkNode, on cr: CairoContext) -> LinkArea {
        cr.link(link.url, rects: link.rects)
        let device = cr.deviceTransform
        return LinkArea(url: link.url, rects: link.rects.map { r in
            Rect(x: device.deviceX(r.x), y: device.deviceY(r.y), width: r.width * device.sx, height: r.height * device.sy)
        }, text: link.text)
    }
}
