#if canImport(Glibc)
import Glibc
#endif
import GridDocument
import GridLayout

/// The selection glow (style `shadow: {"radius", "color"}`): the Gaussian blur of the selected
/// cell's rectangle, painted around it as an image.
///
/// The blur of a rectangle has a closed form, the product of two error-function differences
/// (σ = radius / 2, as a CSS blur radius), so each pixel is computed from its own centre:
/// no convolution, no dependence on bands, threads or tiles, and the same picture at every
/// scale (sampled at the scale's pixels). SVG and PDF embed it as an image at
/// `vectorGlowResolution` pixels per point, the same for any `--scale`.
///
/// The glow covers the grid lines on the cell's edges (a centred line is half inside the cell,
/// which would otherwise show as a line between the cell and its glow) and leaves the cell's
/// inside untouched. It is painted after every background, line and border of its region, so it
/// lies over the neighbouring cells, and under text. At the grid's outer edges it is not clipped
/// by the grid: it reaches into the padding (`GridPainter.glowClip`). Adjacent cells of one row
/// with the same shadow glow as one rectangle, not as a row of boxes.
extension GridPainter {
    /// The largest radius a style may give (`shadow.radius`, checked when decoding).
    static let maxGlowRadius = 16.0
    /// How far a glow reaches beyond its cell: three standard deviations.
    static func glowReach(_ radius: Double) -> Double { 1.5 * radius }
    /// Glow image pixels per point in SVG and PDF.
    static let vectorGlowResolution = 2.0

    struct GlowRun {
        var rect: Rect
        var shadow: Shadow
    }

    /// The glows of the region's cells (`items`), joined into runs along rows.
    func glowRuns() -> [GlowRun] {
        var runs: [GlowRun] = []
        for (cell, style) in items {
            guard var shadow = style.shadow, shadow.radius > 0, shadow.color.alpha > 0 else { continue }
            shadow.radius = min(shadow.radius, GridPainter.maxGlowRadius)
            if let last = runs.last, last.shadow == shadow, abs(last.rect.y - cell.frame.y) < 1e-9,
               abs(last.rect.height - cell.frame.height) < 1e-9, cell.frame.x >= last.rect.maxX - 1e-9,
               cell.frame.x - last.rect.maxX <= max(1, grid.spec.columnSpacing.size) + 1e-9 {
                runs[runs.count - 1].rect = last.rect.union(cell.frame)
            } else {
                runs.append(GlowRun(rect: cell.frame, shadow: shadow))
            }
        }
        return runs
    }

    /// A run's rectangle grown over its edge lines (`outer`, what is blurred) and the part of
    /// the cell no line covers (`inner`, left unpainted), in device units.
    private func glowBoxes(_ r: Rect, _ device: DeviceTransform) -> (outer: Rect, inner: Rect) {
        // Lines lie on cell edges only where tracks touch (no spacing between them).
        let lines = grid.gridLines
        let rowLine = grid.spec.rowSpacing.size == 0 ? lines.horizontal?.width : nil
        let columnLine = grid.spec.columnSpacing.size == 0 ? lines.vertical?.width : nil
        let x0 = device.edgeX(r.x), x1 = device.edgeX(r.maxX)
        let y0 = device.edgeY(r.y), y1 = device.edgeY(r.maxY)
        // Line spans [start, end) on each edge; an absent line spans nothing at the edge.
        func span(_ edge: Double, _ deviceEdge: Double, _ width: Double?, vertical: Bool) -> (Double, Double) {
            guard let width else { return (deviceEdge, deviceEdge) }
            let line = device.lineSpan(edge, width: width, vertical: vertical, .centered)
            return (line.start, line.end)
        }
        let top = span(r.y, y0, rowLine, vertical: false), bottom = span(r.maxY, y1, rowLine, vertical: false)
        let left = span(r.x, x0, columnLine, vertical: true), right = span(r.maxX, x1, columnLine, vertical: true)
        let ox0 = min(x0, left.0), ox1 = max(x1, right.1), oy0 = min(y0, top.0), oy1 = max(y1, bottom.1)
        let ix0 = max(x0, left.1), ix1 = min(x1, right.0), iy0 = max(y0, top.1), iy1 = min(y1, bottom.0)
        return (Rect(x: ox0, y: oy0, width: ox1 - ox0, height: oy1 - oy0),
                Rect(x: ix0, y: iy0, width: max(0, ix1 - ix0), height: max(0, iy1 - iy0)))
    }

    /// Paints the glows of `runs`. The context's clip must already be the glow's clip.
    func paintGlow(_ cr: CairoContext, _ device: DeviceTransform, runs: [GlowRun]) throws {
        guard !runs.isEmpty else { return }
        let vector = cr.surface.isVector
        // Pixel grid of the image: device pixels for PNG; for SVG and PDF a grid of
        // 1 / vectorGlowResolution points in user space (independent of the scale).
        let pixel: DeviceTransform = vector
            ? DeviceTransform(sx: GridPainter.vectorGlowResolution, sy: GridPainter.vectorGlowResolution, tx: 0, ty: 0)
            : device
        let clip = cr.clipExtents()
        let boxes = runs.map { run -> (outer: Rect, inner: Rect) in
            let b = glowBoxes(run.rect, device)
            guard vector else { return b }
            // Device units are points here: the same boxes on the image's finer grid.
            func user(_ r: Rect) -> Rect {
                let x0 = device.userX(r.x), y0 = device.userY(r.y)
                return Rect(x: pixel.deviceX(x0), y: pixel.deviceY(y0),
                            width: pixel.deviceX(device.userX(r.maxX)) - pixel.deviceX(x0),
                            height: pixel.deviceY(device.userY(r.maxY)) - pixel.deviceY(y0))
            }
            return (user(b.outer), user(b.inner))
        }
        for (index, run) in runs.enumerated() {
            let sigma = run.shadow.radius / 2
            let outer = boxes[index].outer
            let reach = GridPainter.glowReach(run.shadow.radius) * pixel.sx
            // The image: the blurred box and its reach, inside the clip, on whole pixels.
            let px0 = max((outer.x - reach).rounded(.down), pixel.deviceX(clip.x).rounded(.down))
            let px1 = min((outer.maxX + reach).rounded(.up), pixel.deviceX(clip.maxX).rounded(.up))
            let py0 = max((outer.y - reach).rounded(.down), pixel.deviceY(clip.y).rounded(.down))
            let py1 = min((outer.maxY + reach).rounded(.up), pixel.deviceY(clip.maxY).rounded(.up))
            guard px1 > px0, py1 > py0, px1 - px0 <= Double(CairoSurface.maxImageSide),
                  py1 - py0 <= Double(CairoSurface.maxImageSide) else { continue }
            let width = Int(px1 - px0), height = Int(py1 - py0)
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
            // Cells the glow must not cover: this run's and any other glowing cell's inside.
            let holes = boxes.map(\.inner).filter { $0.width > 0 && $0.height > 0 && $0.maxX > px0 && $0.x < px1 && $0.maxY > py0 && $0.y < py1 }
            let color = run.shadow.color
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
            cr.save()
            cr.setSource(image, x: pixel.userX(px0), y: pixel.userY(py0), sx: 1 / pixel.sx, sy: 1 / pixel.sy)
            cr.paint(alpha: 1)
            cr.restore()
        }
    }
}
