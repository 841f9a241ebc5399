import GridDocument
import GridLayout

/// The text blocks of a paginated grid's pages: the title and subtitle opening the first page,
/// the footnote closing the last, the title repeated with the `continued` line on later pages and
/// the `continues` note under the rows of every page but the last (`PDFPagination`).
struct PageBlocks {
    /// The first page's title and subtitle, and where the grid starts under them.
    let first: [CanvasFrame.Block]
    let firstTop: Double
    /// The footnote, to be moved under the last rows.
    let footnotes: [CanvasFrame.Block]
    var footnoteHeight: Double { footnotes.reduce(0) { $0 + $1.rect.height } }
    /// The title and the `continued` line of later pages (at y 0), and their height.
    private let heading: [CanvasFrame.Block]
    let continuedHeight: Double
    /// The `continues` note (at y 0), and its height (0 without one).
    private let note: CanvasFrame.Block?
    var continuesHeight: Double { note?.rect.height ?? 0 }

    /// `width`: the page's width for text when columns are split (the blocks are measured again
    /// to wrap there); nil = the canvas's blocks as `CanvasFrame` placed them, and the new lines
    /// as wide as they are.
    init(job: RenderJob, width: Double?) {
        let frame = job.frame, grid = job.grid
        let x = frame.gridOrigin.x
        let textWidth = width ?? max(0, frame.size.width - x - grid.padding.right.rounded())
        func block(_ b: PreparedGrid.TextBlock?) -> CanvasFrame.Block? {
            guard let b, !b.text.isEmpty else { return nil }
            let style = CanvasFrame.blockStyle(b.style), p = style.padding
            let height = job.measurer.textSize(b.text, style: style, width: max(0, textWidth - p.left - p.right)).height
            return CanvasFrame.Block(block: b, rect: Rect(x: x, y: 0, width: textWidth, height: (height + p.top + p.bottom - 1e-9).rounded(.up)))
        }
        func stacked(_ blocks: [CanvasFrame.Block], from top: Double) -> [CanvasFrame.Block] {
            var y = top
            return blocks.map { var b = $0; b.rect.y = y; y += b.rect.height; return b }
        }
        if width == nil {
            first = frame.blocks.filter { $0.rect.y < frame.gridOrigin.y }
            firstTop = frame.gridOrigin.y
            footnotes = frame.blocks.filter { $0.rect.y >= frame.gridOrigin.y }
        } else {
            let padTop = grid.padding.top.rounded()
            first = stacked([block(grid.title), block(grid.subtitle)].compactMap { $0 }, from: padTop)
            firstTop = padTop + first.reduce(0) { $0 + $1.rect.height }
            footnotes = [block(grid.footnote)].compactMap { $0 }
        }
        let flow = grid.pageFlow
        heading = flow.continued == nil ? [] : stacked([block(grid.title), block(flow.continuedLine)].compactMap { $0 }, from: 0)
        continuedHeight = heading.reduce(0) { $0 + $1.rect.height }
        note = flow.continues == nil ? nil : block(flow.continuesNote)
    }

    /// The later pages' heading from `top`.
    func continued(top: Double) -> [CanvasFrame.Block] {
        heading.map { var b = $0; b.rect.y += top; return b }
    }

    /// The `continues` note at `top`, or nothing.
    func continues(top: Double) -> [CanvasFrame.Block] {
        note.map { var b = $0; b.rect.y = top; return [b] } ?? []
    }
}
