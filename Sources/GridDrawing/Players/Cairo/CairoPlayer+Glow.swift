import Foundation
import GridDocument
import GridLayout

extension CairoPlayer {
    /// Paints the glow over the pixels of its window: an image of the blurred box, its holes
    /// left clear, drawn at the window's place on the pixel grid.
    static func play(_ glow: GlowNode, on cr: CairoContext) throws {
        guard let image = try glowImage(glow) else { return }
        let pixel = glow.pixel
        cr.save()
        cr.setSource(.surface(image), x: pixel.userX(glow.window.x), y: pixel.userY(glow.window.y), sx: 1 / pixel.sx, sy: 1 / pixel.sy)
        cr.paint(alpha: 1)
        cr.restore()
    }

    /// The glow's pixels over its window (nil when the window is too big for an image), which
    /// `play` paints and the SVG player embeds.
    static func glowImage(_ glow: GlowNode) throws -> CairoSurface? {
        let pixel = glow.pixel, window = glow.window, outer = glow.outer, sigma = glow.sigma
        let color = glow.color, allHoles = glow.holes
        let px0 = window.x, py0 = window.y
        guard window.width <= Double(CairoSurface.maxImageSide), window.height <= Double(CairoSurface.maxImageSide) else { return nil }
        let width = Int(window.width), height = Int(window.height)
        // Separable: the blur of a box is f(x)·g(y), each a difference of error functions.
        let scale = (sigma * pixel.sx * 2.0.squareRoot())
        func profile(_ start: Double, _ low: Double, _ high: Double, _ count: Int) -> [Double] {
            (0..<count).map { i in
                let c = start + Double(i) + 0.5
                return 0.5 * (erf((c - low) / scale) - erf((c - high) / scale))
            }
        }
        let fx = profile(px0, outer.x, outer.maxX, width)
        let fy = profile(py0, outer.y, outer.maxY, height)
        let holes = allHoles.filter {
            $0.width > 0 && $0.height > 0 && $0.maxX > px0 && $0.x < window.maxX && $0.maxY > py0 && $0.y < window.maxY
        }
        let image = try CairoSurface.image(width: width, height: height) { y, row in
            let cy = py0 + Double(y) + 0.5
            let rowHoles = holes.filter { cy > $0.y && cy < $0.maxY }
            for x in 0..<width {
                let cx = px0 + Double(x) + 0.5
                if rowHoles.contains(where: { cx > $0.x && cx < $0.maxX }) { row[x] = 0; continue }
                let alpha = color.alpha * fx[x] * fy[y]
                let a = (alpha * 255).rounded()
                guard a > 0 else { row[x] = 0; continue }
                func channel(_ v: Double) -> UInt32 { UInt32(min(a, max(0, (v * a).rounded()))) }
                row[x] = UInt32(min(255, a)) << 24 | channel(color.red) << 16 | channel(color.green) << 8 | channel(color.blue)
            }
        }
        return image
    }
}
