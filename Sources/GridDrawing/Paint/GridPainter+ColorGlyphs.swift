import CCairo
import CPangoCairo
import GridLayout

/// Colour glyphs (emoji) in SVG and PDF as images at the font's own resolution. Cairo 1.16
/// draws a colour bitmap glyph as an image of the text's size in device units (a 15-pixel
/// picture of an 11-pt emoji) and embeds that in vector output, blurry at 2x and when zoomed.
/// Instead the painter hides those glyphs from Pango (`TextLayout.hideColorGlyphs`: the rest of
/// the text is shown exactly as before) and records each as an `ImageNode` of the strike's own
/// bitmap (`ColorGlyphImage`, 109 px per em for Noto Color Emoji), scaled to cover exactly the
/// area Cairo's small bitmap covers: Cairo puts the glyph's origin on the nearest device pixel
/// and scales the strike by the text's size in device units over the strike's size, and so
/// does the node. PNG is unchanged (its pixels are the device's).
extension GridPainter {
    /// Whether colour glyphs recorded for `target` are drawn as images: for SVG and PDF (a job
    /// for no one format tells them by its surface).
    func drawsColorGlyphImages(on target: PaintTarget) -> Bool {
        guard images.colorGlyphs.isEnabled else { return false }
        switch images.output {
        case .svg, .pdf: return true
        case .raster: return false
        case .whole: return target.isVector
        }
    }

    /// The colour glyphs of `text` shown with its origin at (`x`, `y`) on `target`, as image
    /// nodes clipped to `clip`, after hiding them from Pango; [] for PNG and for text without
    /// any. A glyph Cairo would not draw as a plain scaled image (a slanted font matrix) or
    /// that draws nothing stays with Pango.
    func colorGlyphImages(of text: TextLayout, x: Double, y: Double, target: PaintTarget, clip: Rect) -> [ImageNode] {
        guard drawsColorGlyphImages(on: target) else { return [] }
        let glyphs = text.colorGlyphs(fonts: context.colorGlyphs)
        guard !glyphs.isEmpty else { return [] }
        let t = target.transform
        guard t.sx > 0, t.sy > 0 else { return [] }
        // Pango starts from the current point as Cairo keeps it: device units in 24.8 fixed point.
        func fixed(_ v: Double) -> Double { (v * 256).rounded(.toNearestOrEven) / 256 }
        let originX = t.userX(fixed(t.deviceX(x))), originY = t.userY(fixed(t.deviceY(y)))
        let unitsPerPoint = Double(PANGO_SCALE)
        var nodes: [ImageNode] = []
        var shown: [Int] = []
        for (k, glyph) in glyphs.enumerated() {
            var font = cairo_matrix_t()
            cairo_scaled_font_get_font_matrix(glyph.scaledFont, &font)
            guard font.xy == 0, font.yx == 0, font.xx > 0, font.yy > 0,
                  let image = images.colorGlyphs.image(glyph),
                  let surface = try? context.colorGlyphs.surface(image) else { continue }
            // The glyph's origin as Pango's Cairo renderer computes it, then Cairo's whole pixel.
            let baseX = originX + Double(glyph.runX) / unitsPerPoint, baseY = originY + Double(glyph.baseline) / unitsPerPoint
            let gx = baseX + Double(glyph.x) / unitsPerPoint
            let gy = glyph.y == 0 ? baseY : baseY + Double(glyph.y) / unitsPerPoint
            let px = DeviceTransform.nearest(t.deviceX(gx)), py = DeviceTransform.nearest(t.deviceY(gy))
            // Image pixels to user units: the text's size over the strike's.
            let sx = font.xx / image.ppem, sy = font.yy / image.ppem
            let rect = Rect(x: t.userX(px) - image.originX * sx, y: t.userY(py) - image.originY * sy,
                            width: Double(image.width) * sx, height: Double(image.height) * sy)
            nodes.append(ImageNode(source: .surface(surface), rect: rect, scale: (sx, sy), alpha: 1, clip: clip))
            shown.append(k)
        }
        text.hideColorGlyphs(shown)
        return nodes
    }
}
