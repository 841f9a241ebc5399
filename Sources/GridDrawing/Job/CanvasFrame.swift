import GridDocument
import GridLayout

/// Where everything sits on the canvas: the padding, the title and subtitle above the grid, the
/// footnote below it, and the grid's own canvas. Edges are whole points, as the grid's tracks
/// are (DESIGN.md §3: snapping in points, the scale only multiplies), so the canvas in pixels is
/// exactly `scale ×` its size at scale 1 at every integer scale.
struct CanvasFrame {
    struct Block {
        var block: PreparedGrid.TextBlock
        /// The block's box, padding included, in canvas points.
        var rect: Rect
    }

    var size: Size
    var gridOrigin: Point
    var gridSize: Size
    var blocks: [Block]

    /// Measures the text blocks, adjusts `spec` to the space left for the grid (width = canvas −
    /// padding; with a fixed height, minus the blocks too), lays it out with `layout`, and places
    /// everything. Returns the frame and the grid's layout.
    static func make(_ grid: PreparedGrid, measurer: TextMeasurer, layout: (GridSpec) -> Layout) -> (CanvasFrame, Layout) {
        func snap(_ v: Double) -> Double { v.rounded() }
        func snapUp(_ v: Double) -> Double { (v - 1e-9).rounded(.up) }
        let pad = Insets(top: snap(grid.padding.top), right: snap(grid.padding.right),
                         bottom: snap(grid.padding.bottom), left: snap(grid.padding.left))
        let textWidth = grid.canvasWidth.map { max(0, snap($0) - pad.left - pad.right) }

        func measure(_ block: PreparedGrid.TextBlock?) -> (block: PreparedGrid.TextBlock, width: Double, height: Double)? {
            guard let block, !block.text.isEmpty else { return nil }
            let style = blockStyle(block.style)
            let p = style.padding
            let natural = measurer.textSize(block.text, style: style, width: nil)
            let room = textWidth.map { max(0, $0 - p.left - p.right) }
            let height = room.map { measurer.textSize(block.text, style: style, width: $0).height } ?? natural.height
            return (block, natural.width + p.left + p.right, snapUp(height + p.top + p.bottom))
        }
        let above = [measure(grid.title), measure(grid.subtitle)].compactMap { $0 }
        let below = [measure(grid.footnote)].compactMap { $0 }
        let aboveHeight = above.reduce(0) { $0 + $1.height }
        let belowHeight = below.reduce(0) { $0 + $1.height }

        var spec = grid.spec
        spec.scale = grid.scale
        if let textWidth { spec.width = textWidth }
        if let height = grid.canvasHeight {
            spec.height = max(0, snap(height) - pad.top - pad.bottom - aboveHeight - belowHeight)
        }
        let gridLayout = layout(spec)
        let gridSize = Size(width: snap(gridLayout.size.width), height: snap(gridLayout.size.height))
        let contentWidth = textWidth ?? snapUp((above + below).reduce(gridSize.width) { max($0, $1.width) })

        var blocks: [Block] = []
        var y = pad.top
        for b in above {
            blocks.append(Block(block: b.block, rect: Rect(x: pad.left, y: y, width: contentWidth, height: b.height)))
            y += b.height
        }
        let gridOrigin = Point(x: pad.left, y: y)
        y += gridSize.height
        for b in below {
            blocks.append(Block(block: b.block, rect: Rect(x: pad.left, y: y, width: contentWidth, height: b.height)))
            y += b.height
        }
        let size = Size(width: grid.canvasWidth.map(snap) ?? contentWidth + pad.left + pad.right,
                        height: grid.canvasHeight.map(snap) ?? y + pad.bottom)
        return (CanvasFrame(size: size, gridOrigin: gridOrigin, gridSize: gridSize, blocks: blocks), gridLayout)
    }

    /// Text blocks always wrap at the canvas width.
    static func blockStyle(_ style: ResolvedStyle) -> ResolvedStyle {
        var style = style
        style.wrap = true
        return style
    }
}
