import GridDocument
import GridLayout

/// Splits a grid into PDF pages by rows (DESIGN.md §5): the first `repeatedRowCount` rows
/// (header and frozen rows) repeat at the top of every page, a row is never split, the title and
/// subtitle open the first page and the footnote closes the last. A grid wider than the page is
/// scaled down to fit its width. Each page is a pair of regions over the one layout: the repeated
/// rows where they always are, and the page's body rows moved up under them.
struct PDFPagination {
    struct Page {
        var regions: [ViewportRegion]
        var blocks: [CanvasFrame.Block]
        var gridOrigin: Point
    }

    /// The scale from canvas points to page points (≤ 1).
    let fit: Double
    let pages: [Page]

    init(job: RenderJob, page: PreparedGrid.Page) {
        let frame = job.frame, layout = job.layout
        let R = layout.rows, columns = 0..<layout.columns.count
        fit = frame.size.width > page.width && frame.size.width > 0 ? page.width / frame.size.width : 1
        let pageHeight = page.height / fit
        let padTop = job.grid.padding.top, padBottom = job.grid.padding.bottom
        let above = frame.blocks.filter { $0.rect.y < frame.gridOrigin.y }
        var footnotes = frame.blocks.filter { $0.rect.y >= frame.gridOrigin.y }
        let width = frame.gridSize.width

        let k = min(max(0, job.grid.repeatedRowCount), R.count)
        let bodyTop = k == 0 ? (R.first?.offset ?? 0) : (k < R.count ? R[k].offset : R[k - 1].end)
        let header = ViewportRegion(clip: Rect(x: 0, y: 0, width: width, height: bodyTop), offset: Point(x: 0, y: 0),
                                    rows: 0..<k, columns: columns)
        var pages: [Page] = []
        var row = k
        var lastBottom = frame.gridOrigin.y + bodyTop
        repeat {
            let first = pages.isEmpty
            let origin = Point(x: frame.gridOrigin.x, y: first ? frame.gridOrigin.y : padTop)
            let room = pageHeight - padBottom - origin.y - bodyTop
            let start = row
            while row < R.count && (row == start || R[row].end - R[start].offset <= room) { row += 1 }
            var regions = k > 0 ? [header] : []
            var bodyHeight = 0.0
            if start < row {
                bodyHeight = R[row - 1].end - R[start].offset
                regions.append(ViewportRegion(clip: Rect(x: 0, y: bodyTop, width: width, height: bodyHeight),
                                              offset: Point(x: 0, y: bodyTop - R[start].offset), rows: start..<row, columns: columns))
            }
            lastBottom = origin.y + bodyTop + bodyHeight
            pages.append(Page(regions: regions, blocks: first ? above : [], gridOrigin: origin))
        } while row < R.count

        // The footnote goes under the last rows, or on a page of its own when they fill the page.
        if !footnotes.isEmpty {
            let height = footnotes.reduce(0) { $0 + $1.rect.height }
            var y = lastBottom
            if y + height > pageHeight - padBottom && !(pages.count == 1 && pages[0].regions.isEmpty) {
                pages.append(Page(regions: [], blocks: [], gridOrigin: Point(x: frame.gridOrigin.x, y: padTop)))
                y = padTop
            }
            for i in footnotes.indices {
                footnotes[i].rect.y = y
                y += footnotes[i].rect.height
            }
            pages[pages.count - 1].blocks += footnotes
        }
        self.pages = pages
    }
}

extension PDFPagination {
    /// The longest page side PDF readers are sure to show, in points (Acrobat's limit, 200 in).
    static let readerPageLimit = 14_400.0
    /// The page a too-long PDF is cut into.
    static let fallbackPage = PreparedGrid.Page(width: 595.28, height: 841.89)

    /// The page size a PDF is written with: the grid's `page`; else, when the canvas would be
    /// past `readerPageLimit` on a side and the user fixed no size (`canvas.width`/`height`,
    /// `--width`), A4 with a warning; else nil (one page the canvas's size). Decided here, where
    /// the canvas size is first known, so the CLI and the library paginate alike.
    static func page(for grid: PreparedGrid, canvas: Size) -> (page: PreparedGrid.Page?, warning: String?) {
        if let page = grid.page { return (page, nil) }
        let longest = max(canvas.width, canvas.height)
        guard grid.canvasWidth == nil, grid.canvasHeight == nil, longest > readerPageLimit else { return (nil, nil) }
        let side = canvas.height >= canvas.width ? "tall" : "wide"
        let warning = "the PDF page would be \(grouped(longest)) pt \(side), past the \(grouped(readerPageLimit)) pt PDF readers show (Acrobat's limit): "
            + "paginated to A4; set canvas.page (--page) or canvas.width/height to choose"
        return (fallbackPage, warning)
    }

    /// `74294.3` → `74,295`: whole points, rounded up, grouped by thousands.
    private static func grouped(_ v: Double) -> String {
        let digits = String(Int(v.rounded(.up)))
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return out
    }
}

extension RenderJob {
    /// The page size this job's PDF is written with (`PDFPagination.page(for:canvas:)`).
    var pdfPage: PreparedGrid.Page? { PDFPagination.page(for: grid, canvas: frame.size).page }
}
