import Foundation
import GridDocument
import GridLayout

/// PDF written by the project's own writer (`PDFPlayer`, `PDFDocumentJoin`, `PDFWriter`): each
/// page is painted and its content stream deflated on a lane, numbered in page order, its
/// objects formatted and deflated on whichever lane is free, and written in page order
/// (`PDFPageWindow`), at most `window` pages waiting, so memory does not grow with the page
/// count. A page goes to the lane that measured its first row's chunk (`RowChunks`), which
/// still holds that text shaped, unless that lane is still busy when another has painted all
/// its own (`ChunkClaims`). Nothing is parsed or patched.
extension RenderJob {
    /// One page to paint: its size, what of the canvas it shows and how.
    private struct OwnPDFPage {
        var width: Double, height: Double
        var fit: Double
        var regions: [ViewportRegion]?
        var blocks: [CanvasFrame.Block]
        var gridOrigin: Point?
        var closeBottoms: Bool
        var rows: Range<Int>, columns: Range<Int>
    }

    /// `GRIDRENDER_PDF_WRITER=cairo` draws every PDF through Cairo's PDF surface; `=trace` says
    /// on standard error why a document went to Cairo.
    static let cairoPDFForced = ProcessInfo.processInfo.environment["GRIDRENDER_PDF_WRITER"] == "cairo"
    static let pdfRefusalsShown = ProcessInfo.processInfo.environment["GRIDRENDER_PDF_WRITER"] == "trace"

    /// Writes the PDF into `sink` and returns true, or returns false with `sink` emptied when the
    /// writer refuses the document (something it does not write yet: `PDFPlayer`), which is then
    /// drawn through Cairo.
    func ownPDF(to sink: OutputSink) throws -> Bool {
        func refused(_ reason: String) -> Bool {
            if RenderJob.pdfRefusalsShown { FileHandle.standardError.write(Data("gridrender: PDF drawn through Cairo: \(reason)\n".utf8)) }
            return false
        }
        guard ownsPDF, !RenderJob.cairoPDFForced else { return false }
        let (pages, fit) = try ownPDFPages()
        let chunks = RowChunks.partition(rows: layout.rows.count, columns: layout.columns.count)
        let lanesUsed = min(lanes.count, chunks.count)
        // The lane of each page: the one that measured its first body row.
        let laneOf = pages.map { p -> Int in
            measurer.measuringLane(chunk: chunks.firstIndex { $0.contains(p.rows.lowerBound) } ?? 0, lanes: lanesUsed)
        }
        // A lane paints its own pages in order, then the last pages nobody has taken (the
        // painting's tail shared: a page's bytes do not depend on its lane).
        let claims = ChunkClaims(chunks: pages.count, lanes: lanesUsed, owners: laneOf)
        let window = max(8, 3 * pages.count / max(1, chunks.count) + 4)
        let taggedBefore = tagsPDF ? firstPages(pages) : nil
        // The table's text alternative (`alt`, else generated from the data: issue 30 item 3; the
        // file read again, some 10 ms at 10,000 rows) is made by the last lane before it paints,
        // while the others paint, and given to the table element at the end (`setAlt`).
        let alternative = grid.accessibility.alternative
        let metadata = PDFDocumentJoin.Metadata(tags: tagsPDF ? (grid.title?.text, grid.language) : nil)
        let writer = try PDFWriter { try sink.write($0) }
        let join = PDFDocumentJoin(writer: writer, embedder: PDFFontEmbedder(), metadata: metadata)
        let state = PDFPageWindow<PDFPagePart, PDFNumberedPage, PDFFileSegment>(
            window: window, pages: pages.count,
            steps: .init(number: { join.number($0) }, format: { PDFDocumentJoin.format($0) }, write: { try join.emit($0) }))
        let decimals = self.decimals.computed
        try lanes.run(chunks: lanesUsed) { lane in
            if tagsPDF, lane.index == lanesUsed - 1 { Timings.span("alt text") { _ = alternative.text } }
            let lanePainter = self.painter(on: lane, decimals: decimals, pixelsPerDeviceUnit: 1 / fit)
            lanePainter.pixelsPerDeviceUnit = 1 / fit
            let laneBlocks = lane.index == 0 ? blockText : (lane.painter?.1 ?? blockText)
            lanePainter.glyphBatch = GlyphBatch()
            defer { lanePainter.glyphBatch = nil; lanePainter.structure = nil }
            do {
                while let index = claims.next(lane: lane.index) {
                    guard try state.waitForTurn(index) else { return }
                    let part = try Timings.span("paint page", .region, args: [("page", index), ("rows", pages[index].rows.count)]) {
                        try paintOwnPDFPage(pages[index], index: index, painter: lanePainter, blockText: laneBlocks,
                                            taggedBefore: taggedBefore.map { f in { f(index, $0, $1) } })
                    }
                    try state.finished(index, part)
                }
                // The other lanes' pages still to format and write.
                try state.helpUntilDone()
            } catch let refusal as PDFRefusal {
                state.stop(refusal.reason)
            } catch {
                state.stop(nil)
                throw error
            }
        }
        if let reason = state.refusal {
            try sink.restart()
            return refused(reason)
        }
        if tagsPDF { join.setAlt(alternative.text) }
        try Timings.span("write") { try join.finish() }
        return true
    }

    /// The pages: the canvas's pagination (`PDFPagination`), or the whole canvas as one page.
    private func ownPDFPages() throws -> ([OwnPDFPage], Double) {
        let resolved = PDFPagination.page(for: grid, canvas: frame.size)
        if let warning = resolved.warning { context.adoptWarning(warning) }
        guard let page = resolved.page else {
            return ([OwnPDFPage(width: frame.size.width, height: frame.size.height, fit: 1, regions: nil, blocks: frame.blocks, gridOrigin: nil,
                                closeBottoms: false, rows: 0..<layout.rows.count, columns: 0..<layout.columns.count)], 1)
        }
        let pagination = PDFPagination(job: self, page: page)
        if let failure = pagination.failure { throw failure }
        return (pagination.pages.map { p in
            OwnPDFPage(width: page.width, height: page.height, fit: pagination.fit, regions: p.regions, blocks: p.blocks,
                       gridOrigin: p.gridOrigin, closeBottoms: true, rows: p.rows, columns: p.columns)
        }, pagination.fit)
    }

    /// Whether cell (row, column) is on a page before page `index` (a repeated header row or
    /// stub column), so it is in the structure tree once.
    private func firstPages(_ pages: [OwnPDFPage]) -> (Int, Int, Int) -> Bool {
        let k = min(max(0, grid.repeatedRowCount), layout.rows.count)
        let flow = grid.pageFlow
        let repeatedColumns = flow.splitsColumns ? min(flow.repeatedColumnCount, layout.columns.count) : layout.columns.count
        var rowPage: [Int: Int] = [:], columnPage: [Int: Int] = [:]
        for (index, p) in pages.enumerated() {
            if rowPage[p.rows.lowerBound] == nil { rowPage[p.rows.lowerBound] = index }
            if columnPage[p.columns.lowerBound] == nil { columnPage[p.columns.lowerBound] = index }
        }
        return { index, row, column in
            let rowRepeated = row < k, columnRepeated = column < repeatedColumns
            guard rowRepeated || columnRepeated else { return false }
            let p = pages[index]
            let first = rowRepeated && columnRepeated ? 0 : rowRepeated ? columnPage[p.columns.lowerBound] ?? 0 : rowPage[p.rows.lowerBound] ?? 0
            return first < index
        }
    }

    /// Paints page `index` with `painter` into a player of its own and encodes it.
    private func paintOwnPDFPage(_ p: OwnPDFPage, index: Int, painter: GridPainter, blockText: TextLayout,
                                 taggedBefore: ((Int, Int) -> Bool)?) throws -> PDFPagePart {
        let structure = tagsPDF ? PDFStructure(columnCount: layout.columns.count, language: grid.language) : nil
        structure?.taggedBefore = taggedBefore
        structure?.rowHeaders = grid.accessibility.hasStub
        structure?.footRows = grid.accessibility.footRows
        painter.structure = structure
        defer { painter.structure = nil }
        let player = PDFPlayer(width: p.width, height: p.height, structure: structure)
        let cr = try CairoContext(CairoSurface.svg(width: p.width, height: p.height))
        cr.pdfPlayer = player
        if grid.background.alpha > 0 {
            var list = DisplayList()
            list.append(.fill(FillNode(rects: [Rect(x: 0, y: 0, width: p.width, height: p.height)], color: grid.background)))
            try painter.play(list, on: cr)
        }
        cr.scale(p.fit, p.fit)
        let visible = Rect(x: 0, y: 0, width: p.width / p.fit, height: p.height / p.fit)
        // The title and subtitle of the first page are the table's caption, before its rows.
        let caption = index == 0 ? p.blocks.filter { $0.block == grid.title || $0.block == grid.subtitle } : []
        if !caption.isEmpty {
            player.begin(.caption)
            try paintBlocks(caption, cr: cr, visible: visible, painter: painter, blockText: blockText)
            player.end(.caption)
        }
        try paintCanvas(cr, visible: visible, regions: p.regions, blocks: [], gridOrigin: p.gridOrigin, closeBottoms: p.closeBottoms,
                        painter: painter, blockText: blockText)
        structure.map { s in var list = DisplayList(); s.closeSection(into: &list); _ = player.play(list, on: cr) }
        // The footnote is a note after the table; a repeated title and the page notes are decoration.
        for b in p.blocks where !caption.contains(where: { $0.block == b.block && $0.rect == b.rect }) {
            let note = b.block == grid.footnote
            if note { player.begin(.paragraph) }
            try paintBlocks([b], cr: cr, visible: visible, painter: painter, blockText: blockText)
            if note { player.end(.paragraph) }
        }
        if let reason = player.refusal { throw PDFRefusal(reason: reason) }
        return Timings.span("encode page") { player.finish() }
    }
}

/// Why the project's PDF writer stopped: the document has something it does not write yet.
struct PDFRefusal: Error {
    var reason: String
}
