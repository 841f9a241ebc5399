import GridLayout

/// A glow in a page's content stream, as Cairo's PDF surface paints one
/// (`CairoPlayer.play(_: GlowNode, on:)`): the glow's pixels over its window
/// (`CairoPlayer.glowImage`), an RGB image with its alpha as `/SMask` (`PDFImageEncoding.pixels`),
/// its top left at the window's corner on the glow's pixel grid, one pixel `1 / pixel.sx` user
/// points, under the painter's clip only.
extension PDFPlayer {
    func write(_ glow: GlowNode, _ t: Transform) {
        let image: CairoSurface
        do {
            guard let made = try CairoPlayer.glowImage(glow) else { return }
            image = made
        } catch {
            return refuse("\(error)")
        }
        let pixel = glow.pixel
        place(.surface(image), x: t.x(pixel.userX(glow.window.x)), y: t.y(pixel.userY(glow.window.y)),
              sx: t.s / pixel.sx, sy: t.s / pixel.sy, alpha: 1, within: listClip)
    }
}
