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
/// inside untouched; the lines are found where the painter draws them (`sideLines`), so the glow
/// covers them alike on all four sides. It is painted after every background, line and border
/// of its region, so it lies over the neighbouring cells, and under text; the outer line, drawn
/// after all regions, gets the glow's pixels on it painted over it then (`GlowPart`). At the grid's outer edges it is not clipped
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
        /// The tracks the run covers (table mode: its edges are these tracks' edges).
        var rows: Range<Int>
        var columns: Range<Int>
    }

    /// The glows of the region's cells (`items`), joined into runs along rows.
    func glowRuns() -> [GlowRun] {
        var runs: [GlowRun] = []
        for (cell, style) in items {
            guard var shadow = style.shadow, shadow.radius > 0, shadow.color.alpha > 0 else { continue }
            shadow.radius = min(shadow.radius, GridPainter.maxGlowRadius)
            let rows = cell.row..<cell.row + cell.rowSpan, columns = cell.column..<cell.column + cell.columnSpan
            if let last = runs.last, last.shadow == shadow, abs(last.rect.y - cell.frame.y) < 1e-9,
               abs(last.rect.height - cell.frame.height) < 1e-9, cell.frame.x >= last.rect.maxX - 1e-9,
               cell.frame.x - last.rect.maxX <= max(1, grid.spec.columnSpacing.size) + 1e-9 {
                runs[runs.count - 1].rect = last.rect.union(cell.frame)
                runs[runs.count - 1].rows = min(last.rows.lowerBound, rows.lowerBound)..<max(last.rows.upperBound, rows.upperBound)
                runs[runs.count - 1].columns = last.columns.lowerBound..<max(last.columns.upperBound, columns.upperBound)
            } else {
                runs.append(GlowRun(rect: cell.frame, shadow: shadow, rows: rows, columns: columns))
            }
        }
        return runs
    }

    typealias LineSpan = (start: Double, end: Double)

    /// The device spans of the lines the painter draws on a run's four sides (nil where none
    /// is), placed exactly as they are drawn: an item's own box lines inset in its frame
    /// (`paintItemBoxes`); in a table the grid lines, centred on inner edges and inset at the
    /// grid's outer edges (the outer line's width there), the header rule below the header.
    private func sideLines(_ run: GlowRun, _ device: DeviceTransform)
        -> (top: LineSpan?, bottom: LineSpan?, left: LineSpan?, right: LineSpan?) {
        let r = run.rect
        func span(_ edge: Double, _ style: LineStyle?, vertical: Bool, _ placement: DeviceTransform.Placement) -> LineSpan? {
            style.map { device.lineSpan(edge, width: $0.width, vertical: vertical, placement) }
        }
        if itemsOwnLines {
            let (across, down) = itemBoxLines
            return (span(r.y, across, vertical: false, .after), span(r.maxY, across, vertical: false, .before),
                    span(r.x, down, vertical: true, .after), span(r.maxX, down, vertical: true, .before))
        }
        let lines = grid.gridLines
        // At the grid's outer edges: the outer line (drawn over everything), else the family's.
        func outer(_ family: LineStyle?) -> LineStyle? { family.map { lines.outer ?? $0 } ?? (hidesEmptySlots ? nil : lines.outer) }
        func line(_ tracks: [Track], _ i: Int, _ family: LineStyle?, vertical: Bool) -> LineSpan? {
            guard i >= 0, i <= tracks.count, !tracks.isEmpty else { return nil }
            let (edge, placement) = GridPainter.edge(tracks, i)
            var style = i > 0 && i < tracks.count ? family : outer(family)
            if !vertical, let rule = lines.header, let h = lastHeaderRow, i == h + 1, i < tracks.count { style = rule }
            return span(edge, style, vertical: vertical, placement)
        }
        let R = geometry.rows, C = geometry.columns
        return (line(R, run.rows.lowerBound, lines.horizontal, vertical: false), line(R, run.rows.upperBound, lines.horizontal, vertical: false),
                line(C, run.columns.lowerBound, lines.vertical, vertical: true), line(C, run.columns.upperBound, lines.vertical, vertical: true))
    }

    /// A run's rectangle grown over the lines on its edges (`outer`, what is blurred) and the
    /// part of the cell no line covers (`inner`, left unpainted), in device units. Both come
    /// from the lines' own spans (`sideLines`), so the glow lies over the lines on all four
    /// sides alike, whichever way a half point rounds.
    private func glowBoxes(_ run: GlowRun, _ device: DeviceTransform) -> (outer: Rect, inner: Rect) {
        let r = run.rect
        let lines = sideLines(run, device)
        // A line counts where it touches the cell's device box; one in a gap between tracks lies apart.
        func axis(_ low: Double, _ high: Double, _ first: LineSpan?, _ last: LineSpan?) -> (outer: (Double, Double), inner: (Double, Double)) {
            var outer = (low, high), inner = (low, high)
            if let s = first, s.end >= low, s.start <= high { outer.0 = min(low, s.start); inner.0 = max(low, s.end) }
            if let s = last, s.start <= high, s.end >= low { outer.1 = max(high, s.end); inner.1 = min(high, s.start) }
            return (outer, inner)
        }
        let h = axis(device.edgeX(r.x), device.edgeX(r.maxX), lines.left, lines.right)
        let v = axis(device.edgeY(r.y), device.edgeY(r.maxY), lines.top, lines.bottom)
        return (Rect(x: h.outer.0, y: v.outer.0, width: h.outer.1 - h.outer.0, height: v.outer.1 - v.outer.0),
                Rect(x: h.inner.0, y: v.inner.0, width: max(0, h.inner.1 - h.inner.0), height: max(0, v.inner.1 - v.inner.0)))
    }

    /// Which pixels of a glow a pass paints. The outer line is drawn over everything, after the
    /// cells (`paintOuterLine`): the cells' pass paints the glow beside it, and the overlay
    /// paints the glow's pixels on it, over it, so the glow lies over the outer line as it lies
    /// over every other line. The rectangles are the line's device pixels (`outerLineRects`).
    enum GlowPart {
        case besideLine([Rect])
        case onLine([Rect])
    }

    /// Paints, over the outer line, the part on it of the glows the cells pass left out.
    func paintGlowsOnOuterLine(_ cr: CairoContext, regions: [ViewportRegion]) throws {
        defer { glowsOnOuterLine = [] }
        guard !glowsOnOuterLine.isEmpty else { return }
        let line = outerLineRects(regions, cr.deviceTransform.scaled(by: pixelsPerDeviceUnit))
        guard !line.isEmpty else { return }
        for glow in glowsOnOuterLine {
            cr.save()
            cr.rectangle(glow.clip)
            cr.clip()
            cr.translate(glow.region.offset.x, glow.region.offset.y)
            try paintGlow(cr, cr.deviceTransform.scaled(by: pixelsPerDeviceUnit), runs: glow.runs, part: .onLine(line))
            cr.restore()
        }
    }

    /// Paints the glows of `runs` (`part` of them). The context's clip must already be the
    /// glow's clip.
    func paintGlow(_ cr: CairoContext, _ device: DeviceTransform, runs: [GlowRun], part: GlowPart = .besideLine([])) throws {
        try CairoPlayer.play(glowList(device, runs: runs, part: part, vector: cr.surface.isVector, clip: cr.clipExtents()), on: cr)
    }

    /// The glow of `runs` as drawn into a surface that is `vector` (SVG, PDF) or not, clipped
    /// to `clip` (user space): one node per run (per side of the outer line it meets, `onLine`).
    func glowList(_ device: DeviceTransform, runs: [GlowRun], part: GlowPart = .besideLine([]), vector: Bool, clip: Rect) -> DisplayList {
        var list = DisplayList()
        guard !runs.isEmpty else { return list }
        // Pixel grid of the image: device pixels for PNG; for SVG and PDF a grid of
        // 1 / vectorGlowResolution points in user space (independent of the scale).
        let pixel: DeviceTransform = vector
            ? DeviceTransform(sx: GridPainter.vectorGlowResolution, sy: GridPainter.vectorGlowResolution, tx: 0, ty: 0)
            : device
        // Device units are points for SVG and PDF: the same rectangles on the image's finer grid.
        func onPixels(_ r: Rect) -> Rect {
            guard vector else { return r }
            let x0 = device.userX(r.x), y0 = device.userY(r.y)
            return Rect(x: pixel.deviceX(x0), y: pixel.deviceY(y0),
                        width: pixel.deviceX(device.userX(r.maxX)) - pixel.deviceX(x0),
                        height: pixel.deviceY(device.userY(r.maxY)) - pixel.deviceY(y0))
        }
        let boxes = runs.map { run -> (outer: Rect, inner: Rect) in
            let b = glowBoxes(run, device)
            return (onPixels(b.outer), onPixels(b.inner))
        }
        let line: [Rect], onLine: Bool
        switch part {
        case .besideLine(let rects): line = rects.map(onPixels); onLine = false
        case .onLine(let rects): line = rects.map(onPixels); onLine = true
        }
        for (index, run) in runs.enumerated() {
            let sigma = run.shadow.radius / 2
            let outer = boxes[index].outer
            let reach = GridPainter.glowReach(run.shadow.radius) * pixel.sx
            // The blurred box and its reach, inside the clip, on whole pixels.
            let px0 = max((outer.x - reach).rounded(.down), pixel.deviceX(clip.x).rounded(.down))
            let px1 = min((outer.maxX + reach).rounded(.up), pixel.deviceX(clip.maxX).rounded(.up))
            let py0 = max((outer.y - reach).rounded(.down), pixel.deviceY(clip.y).rounded(.down))
            let py1 = min((outer.maxY + reach).rounded(.up), pixel.deviceY(clip.maxY).rounded(.up))
            guard px1 > px0, py1 > py0 else { continue }
            let whole = Rect(x: px0, y: py0, width: px1 - px0, height: py1 - py0)
            let holes = boxes.map(\.inner)
            guard onLine else {
                list.append(.glow(GlowNode(pixel: pixel, window: whole, outer: outer, sigma: sigma, color: run.shadow.color, holes: holes + line)))
                continue
            }
            // On the line: an image of each side it meets, less the corners an earlier side painted.
            for (side, rect) in line.enumerated() {
                guard let window = rect.intersection(whole), window.width >= 1, window.height >= 1 else { continue }
                list.append(.glow(GlowNode(pixel: pixel, window: window, outer: outer, sigma: sigma, color: run.shadow.color,
                                           holes: holes + line[..<side])))
            }
        }
        return list
    }
}
