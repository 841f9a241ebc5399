import GridDocument
import GridLayout

/// Splits a grid into PDF pages by rows (DESIGN.md §5): the first `repeatedRowCount` rows
/// (header and frozen rows) repeat at the top of every page, a row is never split, the title and
/// subtitle open the first page and the footnote closes the last. A grid wider than the page is
/// scaled down to fit its width, unless `canvas.page.split` is `"columns"`: then its columns go
/// into groups as wide as the page (`ColumnPages`), each shown beside the repeated stub, and the
/// pages are every row group of every column group (`canvas.page.order`). `continued` repeats the
/// title with its line on every later page; `continues` notes every page but the last. Each page
/// is regions over the one layout: the repeated rows and columns where they always are, the
/// page's body rows moved up under them and its columns moved left beside them.
struct PDFPagination {
    struct Page {
        var regions: [ViewportRegion]
        var blocks: [CanvasFrame.Block]
        var gridOrigin: Point
        /// The body rows (after the repeated ones) and the columns (after the repeated ones) shown.
        var rows: Range<Int> = 0..<0
        var columns: Range<Int> = 0..<0
    }

    /// The scale from canvas points to page points (≤ 1; 1 when columns are split).
    let fit: Double
    let pages: [Page]
    /// Why the columns cannot be split (one too wide for a page): thrown by the writers.
    let failure: RenderError?

    init(job: RenderJob, page: PreparedGrid.Page) {
        let frame = job.frame, layout = job.layout, flow = job.grid.pageFlow
        let R = layout.rows
        let padTop = job.grid.padding.top, padBottom = job.grid.padding.bottom

        // Columns: one group of all of them (scaled to fit), or groups as wide as the page.
        var split: (groups: [Range<Int>], repeated: Int)?
        var failure: RenderError?
        if flow.splitsColumns {
            let room = page.width - frame.gridOrigin.x - job.grid.padding.right
            do throws(ColumnPages.TooWide) {
                let repeated = min(flow.repeatedColumnCount, layout.columns.count)
                // A spanner's columns stay on one page when they fit one.
                let spanners = job.grid.spec.spans.filter { $0.row < job.grid.repeatedRowCount && $0.columns > 1 }
                    .map { $0.column..<($0.column + $0.columns) }
                split = (try ColumnPages.groups(layout.columns, gridWidth: frame.gridSize.width, repeated: repeated, room: room,
                                                together: spanners), repeated)
            } catch {
                failure = Self.tooWide(error, job: job, room: room)
            }
        }
        self.failure = failure
        let fit = split == nil && frame.size.width > page.width && frame.size.width > 0 ? page.width / frame.size.width : 1
        self.fit = fit
        let pageHeight = page.height / fit
        let blocks = PageBlocks(job: job, width: split.map { _ in page.width - frame.gridOrigin.x - job.grid.padding.right })

        // Rows: as many as fit under the repeated ones, on the first page under the title, on
        // later pages under the continued title, always above the `continues` note.
        let k = min(max(0, job.grid.repeatedRowCount), R.count)
        let bodyTop = k == 0 ? (R.first?.offset ?? 0) : (k < R.count ? R[k].offset : R[k - 1].end)
        let laterTop = padTop + blocks.continuedHeight
        // With several column groups, a first row group is also shown under the continued title.
        let firstTop = (split?.groups.count ?? 1) > 1 ? max(blocks.firstTop, laterTop) : blocks.firstTop
        var rowPages: [Range<Int>] = []
        var row = k
        repeat {
            let room = pageHeight - padBottom - blocks.continuesHeight - (rowPages.isEmpty ? firstTop : laterTop) - bodyTop
            let start = row
            while row < R.count && (row == start || R[row].end - R[start].offset <= room) { row += 1 }
            rowPages.append(start..<row)
        } while row < R.count

        let columnGroups = split?.groups ?? [0..<layout.columns.count]
        var pages: [Page] = []
        for (r, c) in ColumnPages.order(rowPages: rowPages.count, columnGroups: columnGroups.count, downFirst: flow.order == .down) {
            let first = pages.isEmpty
            let origin = Point(x: frame.gridOrigin.x, y: first ? blocks.firstTop : laterTop)
            let regions = split.map { Self.regions(layout, rows: rowPages[r], header: k, bodyTop: bodyTop, group: columnGroups[c], repeated: $0.repeated, gridWidth: frame.gridSize.width) }
                ?? Self.regions(layout, rows: rowPages[r], header: k, bodyTop: bodyTop, width: frame.gridSize.width)
            pages.append(Page(regions: regions, blocks: first ? blocks.first : blocks.continued(top: padTop), gridOrigin: origin,
                              rows: rowPages[r], columns: columnGroups[c]))
        }
        /// Where a page's grid ends.
        func bottom(_ p: Page) -> Double {
            p.gridOrigin.y + bodyTop + (p.rows.isEmpty ? 0 : R[p.rows.upperBound - 1].end - R[p.rows.lowerBound].offset)
        }
        // The footnote goes under the last rows, or on a page of its own when they fill the page.
        if !blocks.footnotes.isEmpty {
            var y = bottom(pages[pages.count - 1])
            if y + blocks.footnoteHeight > pageHeight - padBottom && !(pages.count == 1 && pages[0].regions.isEmpty) {
                pages.append(Page(regions: [], blocks: blocks.continued(top: padTop), gridOrigin: Point(x: frame.gridOrigin.x, y: padTop)))
                y = laterTop
            }
            pages[pages.count - 1].blocks += blocks.footnotes.map { var b = $0; b.rect.y = y; y += b.rect.height; return b }
        }
        // Every page but the last says the table goes on, under its rows.
        for i in pages.indices.dropLast() { pages[i].blocks += blocks.continues(top: bottom(pages[i])) }
        self.pages = pages
    }

    /// A page's regions of the whole width (scaled to fit): the repeated rows, then `rows` moved
    /// up under them. Unchanged from before column splitting, so such PDFs keep their bytes.
    private static func regions(_ layout: Layout, rows: Range<Int>, header k: Int, bodyTop: Double, width: Double) -> [ViewportRegion] {
        let columns = 0..<layout.columns.count
        var regions = k > 0 ? [ViewportRegion(clip: Rect(x: 0, y: 0, width: width, height: bodyTop), offset: Point(x: 0, y: 0),
                                              rows: 0..<k, columns: columns)] : []
        if let start = rows.first {
            let height = layout.rows[rows.upperBound - 1].end - layout.rows[start].offset
            regions.append(ViewportRegion(clip: Rect(x: 0, y: bodyTop, width: width, height: height),
                                          offset: Point(x: 0, y: bodyTop - layout.rows[start].offset), rows: rows, columns: columns))
        }
        return regions
    }

    /// A page of a column group: the repeated columns (from the grid's left edge to the first
    /// group column's offset) and the group moved left beside them, each for the repeated rows and
    /// for `rows` moved up under them.
    private static func regions(_ layout: Layout, rows: Range<Int>, header k: Int, bodyTop: Double, group: Range<Int>,
                                repeated: Int, gridWidth: Double) -> [ViewportRegion] {
        guard let a = group.first else {
            return regions(layout, rows: rows, header: k, bodyTop: bodyTop, width: gridWidth)
        }
        let lead = layout.columns[repeated].offset, from = layout.columns[a].offset
        let width = ColumnPages.trailingEdge(of: group, layout.columns, gridWidth: gridWidth) - from
        var bands: [(y: Double, height: Double, dy: Double, rows: Range<Int>)] = []
        if k > 0 { bands.append((0, bodyTop, 0, 0..<k)) }
        if let start = rows.first {
            let height = layout.rows[rows.upperBound - 1].end - layout.rows[start].offset
            bands.append((bodyTop, height, bodyTop - layout.rows[start].offset, rows))
        }
        var regions: [ViewportRegion] = []
        for band in bands {
            if repeated > 0 {
                regions.append(ViewportRegion(clip: Rect(x: 0, y: band.y, width: lead, height: band.height), offset: Point(x: 0, y: band.dy),
                                              rows: band.rows, columns: 0..<repeated))
            }
            regions.append(ViewportRegion(clip: Rect(x: lead, y: band.y, width: width, height: band.height),
                                          offset: Point(x: lead - from, y: band.dy), rows: band.rows, columns: group))
        }
        return regions
    }

    /// The error for a column too wide for a page beside the repeated ones.
    private static func tooWide(_ e: ColumnPages.TooWide, job: RenderJob, room: Double) -> RenderError {
        let cell = job.grid.cells.cellDescription(row: 0, column: e.column, item: nil)   // `header, column "x"`
        let name = cell.hasPrefix("header, ") ? String(cell.dropFirst(8)) : cell
        return RenderError("canvas.page.split: \(name) needs a page \(Int(e.needed.rounded(.up))) pt wide "
            + "beside the repeated columns, the page has \(Int(room.rounded(.down))) pt; use a wider page (orientation: \"landscape\", width) "
            + "or a narrower column (columns[].width, wrap)", badInput: true)
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
