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
}
