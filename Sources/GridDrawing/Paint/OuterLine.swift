import GridDocument
import GridLayout

/// One side of the outer line: a horizontal (`edge` is a y) or vertical (`edge` is an x) line
/// from `from` to `to`, in canvas points, placed inside the grid on its edge.
struct OuterLineSide {
    var vertical: Bool
    var edge: Double
    var from: Double
    var to: Double
    var style: LineStyle
    var placement: DeviceTransform.Placement
}

extension GridPainter {
    /// The outer line around what the regions show of the grid, inset inside it: top, bottom,
    /// left, right (the order, and so the SVG paths, of an uncut grid). Where a fixed canvas
    /// cuts the content (`OverflowReport`) that side is dashed — in the outer line's style, else
    /// the grid lines' — so a cut table does not look whole. Item grids whose cells own their
    /// lines, or whose empty slots are hidden, have no rectangle to frame: their lines draw
    /// their edges.
    func outerLineSides(_ regions: [ViewportRegion]) -> [OuterLineSide] {
        guard !itemsOwnLines, !hidesEmptySlots, let b = shownBounds(regions) else { return [] }
        let lines = grid.gridLines
        let cut = OverflowReport(geometry, viewport: grid.spec.viewport)?.cutSides ?? (right: false, bottom: false)
        let clipStyle = (lines.outer ?? lines.horizontal ?? lines.vertical ?? lines.header).map {
            LineStyle(width: $0.width, color: $0.color, dash: $0.dash.isEmpty ? [4, 3] : $0.dash)
        }
        var sides: [OuterLineSide] = []
        if let style = lines.outer { sides.append(.init(vertical: false, edge: b.y, from: b.x, to: b.maxX, style: style, placement: .after)) }
        if let style = cut.bottom ? clipStyle : lines.outer {
            sides.append(.init(vertical: false, edge: b.maxY, from: b.x, to: b.maxX, style: style, placement: .before))
        }
        if let style = lines.outer { sides.append(.init(vertical: true, edge: b.x, from: b.y, to: b.maxY, style: style, placement: .after)) }
        if let style = cut.right ? clipStyle : lines.outer {
            sides.append(.init(vertical: true, edge: b.maxX, from: b.y, to: b.maxY, style: style, placement: .before))
        }
        return sides
    }

    /// The device rectangles the outer line's sides cover (`device` is the canvas's, without a
    /// region's offset), as `horizontalLine` and `verticalLine` place them: whole device pixels.
    func outerLineRects(_ regions: [ViewportRegion], _ device: DeviceTransform) -> [Rect] {
        outerLineSides(regions).map { side in
            let span = device.lineSpan(side.edge, width: side.style.width, vertical: side.vertical, side.placement)
            if side.vertical {
                let y0 = device.edgeY(side.from), y1 = device.edgeY(side.to)
                return Rect(x: span.start, y: y0, width: span.end - span.start, height: y1 - y0)
            }
            let x0 = device.edgeX(side.from), x1 = device.edgeX(side.to)
            return Rect(x: x0, y: span.start, width: x1 - x0, height: span.end - span.start)
        }
    }

    /// `side` less the stretches where a dashed border on the grid's edge draws the line
    /// instead (`MaskedEdges`, collected by the cells pass in `outerLineMasks`), so the outer
    /// line does not show through the border's gaps: the pieces between them, or `side`
    /// itself when nothing masks it.
    func unmasked(_ side: OuterLineSide) -> [OuterLineSide] {
        guard !outerLineMasks.isEmpty else { return [side] }
        let along = side.vertical ? geometry.rows : geometry.columns
        let across = side.vertical ? geometry.columns : geometry.rows
        guard !along.isEmpty, !across.isEmpty else { return [side] }
        var cuts: [(Double, Double)] = []
        for (region, edges) in outerLineMasks {
            let offsetAlong = side.vertical ? region.offset.y : region.offset.x
            let offsetAcross = side.vertical ? region.offset.x : region.offset.y
            // The side lies on the grid's first or last track edge in this region, or on neither.
            let index = side.placement == .after ? 0 : across.count
            let edge = index == 0 ? across[0].offset : across[across.count - 1].end
            guard abs(edge + offsetAcross - side.edge) < 1e-9 else { continue }
            let shown = side.vertical ? region.rows : region.columns
            for track in side.vertical ? edges.rows(alongColumnEdge: index) : edges.columns(alongRowEdge: index)
            where shown.contains(track) && track < along.count {
                cuts.append((along[track].offset + offsetAlong, along[track].end + offsetAlong))
            }
        }
        guard !cuts.isEmpty else { return [side] }
        var pieces: [OuterLineSide] = [], start = side.from
        for (low, high) in cuts.sorted(by: { $0.0 < $1.0 }) {
            if low > start { pieces.append(side.from(start, to: min(low, side.to))) }
            start = max(start, high)
            if start >= side.to { break }
        }
        if start < side.to { pieces.append(side.from(start, to: side.to)) }
        return pieces.filter { $0.to > $0.from }
    }
}

extension OuterLineSide {
    /// The same line from `from` to `to`.
    func from(_ from: Double, to: Double) -> OuterLineSide {
        var piece = self
        piece.from = from
        piece.to = to
        return piece
    }
}
