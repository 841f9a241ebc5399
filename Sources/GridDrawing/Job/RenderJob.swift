#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import GridDocument
import GridLayout

/// One rendering of one grid: the task's own font map, Pango context, image cache, measurer,
/// layout and painter (Pango objects are not shared across threads, DESIGN.md §4).
/// Built once, then asked for PNG, SVG or PDF output.
final class RenderJob {
    /// PNG limits (DESIGN.md §8): checked before anything is allocated. A side may be as long as
    /// PNG allows (2^31 − 1); the total-pixels budget bounds the work.
    static let maxPixelsPerSide = Int(Document.maxCanvasSide)
    static let maxPixels = Int(Document.maxCanvasPixels)
    /// Most bytes of one band buffer (each painting thread has one or two); bands are up to 2048
    /// rows within it.
    static let bandBytes = 32 << 20
    static let maxBandRows = 2048

    let grid: PreparedGrid
    let context: TextContext
    let layout: Layout
    let frame: CanvasFrame
    /// The cell images, as this job's output paints them.
    let images: ImageCache
    /// The job's own painter (this thread's), also used by `writePages`.
    let painter: GridPainter
    let blockText: TextLayout
    let decimals: DecimalColumns
    let fontDirectories: [String]
    /// Whether a PDF gets a structure tree (`PDFStructure`; `RenderOptions.taggedPDF`).
    let tagsPDF: Bool
    /// Whether an SVG gets the accessibility layer (`SVGAccessibility`; `RenderOptions.accessibleSVG`).
    let tagsSVG: Bool
    /// The threads text is measured and, for SVG and PDF, painted on.
    let lanes: TextLanes
    /// How many lanes this job measures and shapes text on (tests).
    var laneCount: Int { lanes.count }
    /// Whether the last PNG was painted on the lanes that measured it (tests).
    var pngPaintedOnLanes = false
    /// Whether any cell shows an image: their decoded surfaces live in one cache, so such grids
    /// are painted on one thread.
    var hasImages = false

    /// `format`: the output this job is for, when known; a PNG's canvas is checked against the
    /// limits from the row count and fixed lengths before any text is measured. `keptImageBytes`:
    /// the decoded images a PDF keeps (`ImageCache`; tests lower it).
    init(_ grid: PreparedGrid, options: RenderOptions, format: OutputFormat? = nil,
         keptImageBytes: Int = ImageCache.keptVectorBytes) throws {
        var grid = grid
        if let scale = options.scale { grid.scale = scale }
        guard grid.scale.isFinite, grid.scale > 0, grid.scale <= 16 else {
            throw RenderError("scale \(grid.scale) is outside 0…16", badInput: true)
        }
        if let fonts = options.fonts { grid.fonts = fonts }
        // A paginated PNG is pages of the page size: only the whole canvas has to fit (DESIGN §8).
        if format == .png && grid.page == nil { try CanvasEstimate.check(grid) }
        self.grid = grid
        warningHandler = options.warningHandler
        grid.warnings.forEach { options.warningHandler?($0) }
        let links = LinkGate(policy: grid.linkPolicy), limits = TextLimits()
        self.links = links
        self.limits = limits
        context = try Timings.span("fonts") {
            try TextContext(mode: grid.fonts, fontDirectories: options.fontDirectories, links: links, limits: limits)
        }
        let tableRows: [RowKind] = if case .table(let table) = grid.spec.content { table.rows } else { [] }
        let decimals = DecimalColumns(source: grid.cells, rowKinds: tableRows, context: context)
        self.decimals = decimals
        fontDirectories = options.fontDirectories
        tagsPDF = options.taggedPDF
        tagsSVG = options.accessibleSVG
        // Read once: the default follows the load average, which may move meanwhile.
        let requestedThreads = max(1, options.paintThreads ?? RenderJob.defaultPaintThreads)
        var threads = requestedThreads
        if format == .pdf, options.paintThreads == nil, RenderJob.threadsFromEnvironment == nil,
           case .table(let table) = grid.spec.content, table.rows.count * table.columnCount < RenderJob.minLanedPDFCells {
            // A small table's one page is painted by one lane; other lanes would only measure and
            // shape ahead, which costs a font map and shaped text per lane and gains no time.
            threads = 1
        }
        // The lanes share one budget of kept layouts, so memory does not grow with the cores.
        let capacity = ShapedLayouts.defaultCapacity / threads
        let measurer = TextMeasurer(source: grid.cells, context: context, decimals: decimals,
                                    shapedCapacity: capacity)
        let fonts = grid.fonts, fontDirectories = options.fontDirectories
        lanes = TextLanes(count: threads, main: context, shaped: measurer.shaped, shapedCapacity: capacity) {
            try TextContext(mode: fonts, fontDirectories: fontDirectories, links: links, limits: limits)
        }
        if case .table(let table) = grid.spec.content {
            measurer.remember(rows: table.rows.count, columns: table.columnCount)
            // Text measurement is most of a big table's layout: shared out among the lanes.
            let lanes = self.lanes
            // The text alternative made from the data (the file read again, some 10 ms at 10,000
            // rows), which an SVG's ids start with a hash of (`svgIDPrefix`: the accessible name,
            // unless a title is) and an accessible SVG holds, is made by the last lane before it
            // measures, while the others measure (the grid's `AltTextSource` keeps it for whoever
            // asks). A tagged PDF needs it only at its end: made while its pages are painted.
            let alternative = grid.accessibility.alternative
            let needsAlternative = format == .svg && (options.accessibleSVG || grid.accessibility.title == nil)
            Timings.span("measure") {
                measurer.prewarm(rowKinds: table.rows, columnCount: table.columnCount,
                                 chunks: RowChunks.partition(rows: table.rows.count, columns: table.columnCount), lanes: lanes,
                                 aside: needsAlternative ? { Timings.span("alt text") { _ = alternative.text } } : nil)
            }
        }
        self.measurer = measurer
        (frame, layout) = Timings.span("layout") {
            CanvasFrame.make(grid, measurer: measurer) { spec in
                // Item mode: a cell's item index is only known after placement, so the layout
                // measures only section header rows there (their titles), never item tracks.
                LayoutEngine.layout(spec, measurer: measurer)
            }
        }
        if let overflow = OverflowReport(layout, viewport: grid.spec.viewport) { context.adoptWarning(overflow.message) }
        images = ImageCache(baseDirectory: grid.baseDirectory, output: ImageCache.output(for: format),
                            keptBytesLimit: keptImageBytes)
        painter = GridPainter(grid: grid, geometry: layout, context: context, images: images, decimals: decimals,
                              shaped: measurer.shaped)
        blockText = TextLayout(context: context)
        try Timings.span("images") { try preloadImages(threads: requestedThreads) }
    }

    /// The measurer of the layout (its sizes are kept), for messages after it.
    let measurer: TextMeasurer

    /// What the players are done with, freed with the job (`Leftovers`).
    let leftovers = Leftovers()

    /// The cell whose text is widest in `column`, as messages name it ("row 5, column \"a\""),
    /// for a column refused as too wide (`OutputLimits`); nil outside tables.
    func widestCell(column: Int) -> String? {
        guard case .table(let table) = grid.spec.content, !table.rows.isEmpty else { return nil }
        let widths = (0..<table.rows.count).map { measurer.width(row: $0, column: column) }
        guard let row = widths.indices.max(by: { widths[$0] < widths[$1] }) else { return nil }
        return grid.cells.cellDescription(row: row, column: column, item: nil)
    }

    let warningHandler: (@Sendable (String) -> Void)?
    var reportedWarnings = 0
    /// Characters no font had, from every thread that painted (the job's own context's are
    /// added when reporting).
    var missing = MissingGlyphs()
    var reportedMissing = false
    /// The render's link policy and the links it dropped, shared by every painting thread.
    let links: LinkGate
    var reportedLinks = false
    /// What one text may cost, and the texts that had more, shared by every painting thread.
    let limits: TextLimits
    var reportedFontChanges = false

    /// Hands warnings not yet reported to the options' handler (fonts are first seen while
    /// measuring or while painting, so callers report after each step). Characters no font had
    /// make one warning per render, once painting found any.
    func reportWarnings() {
        for warning in lanes.helperWarnings { context.adoptWarning(warning) }
        for missed in lanes.helperMissing { missing.merge(missed) }
        missing.merge(context.missing)
        context.missing = MissingGlyphs()
        if !reportedMissing, let message = missing.message(grid: grid) {
            context.adoptWarning(message)
            reportedMissing = true
        }
        if !reportedLinks {
            let messages = links.messages(grid: grid)
            messages.forEach(context.adoptWarning)
            reportedLinks = !messages.isEmpty
        }
        if !reportedFontChanges {
            let messages = limits.messages(grid: grid)
            messages.forEach(context.adoptWarning)
            reportedFontChanges = !messages.isEmpty
        }
        let warnings = context.warnings
        guard reportedWarnings < warnings.count else { return }
        warnings[reportedWarnings...].forEach { warningHandler?($0) }
        reportedWarnings = warnings.count
    }

    /// Decodes every cell image up front on up to `threads` threads, so a missing or broken file
    /// fails the render before any output exists. Walks the grid a slab of rows at a time to keep
    /// the cell lists small.
    func preloadImages(threads: Int) throws {
        var vector: [String] = [], raster: [ImageCache.Request] = []
        let rows = layout.rows
        guard grid.cells.mayShowImages, let last = rows.last, !layout.columns.isEmpty else { return }
        let width = layout.columns.last!.end - layout.columns[0].offset
        var start = 0
        while start < rows.count {
            let end = min(rows.count, start + 512)
            let slab = Rect(x: layout.columns[0].offset, y: rows[start].offset, width: width,
                            height: (end == rows.count ? last.end : rows[end].offset) - rows[start].offset)
            for cell in layout.cells(in: slab) where cell.row >= start {
                if case .image(let path, _) = grid.cells.content(row: cell.row, column: cell.column, item: cell.item) {
                    hasImages = true
                    if images.output != .raster { vector.append(path) } else if let request = try painter.imageRequest(cell, scale: grid.scale) {
                        raster.append(request)
                    }
                }
            }
            start = end
        }
        try images.check(vector, threads: threads)
        try images.prepare(raster, threads: threads)
    }

    var regions: [ViewportRegion] {
        layout.regions.isEmpty
            ? [ViewportRegion(clip: Rect(x: 0, y: 0, width: layout.size.width, height: layout.size.height),
                              offset: Point(x: 0, y: 0), rows: 0..<layout.rows.count, columns: 0..<layout.columns.count)]
            : layout.regions
    }

    /// Paints the text blocks and the grid regions that meet `visible` (canvas points). The
    /// context's user space must be canvas points; the background is the caller's. `layers` and
    /// `rows` as in `GridPainter.paint`; the blocks belong to the cells layer.
    func paintCanvas(_ cr: CairoContext, visible: Rect, regions: [ViewportRegion]? = nil, blocks: [CanvasFrame.Block]? = nil,
                     gridOrigin: Point? = nil, closeBottoms: Bool = false) throws {
        try paintCanvas(cr, visible: visible, regions: regions, blocks: blocks, gridOrigin: gridOrigin, closeBottoms: closeBottoms,
                        painter: painter, blockText: blockText)
    }

    /// `paintCanvas` with a given painter and block layout (another thread's own).
    func paintCanvas(_ cr: CairoContext, visible: Rect, regions: [ViewportRegion]?, blocks: [CanvasFrame.Block]?,
                             gridOrigin: Point?, closeBottoms: Bool, painter: GridPainter, blockText: TextLayout?,
                             layers: GridPainter.Layers = .all, rows: Range<Int>? = nil) throws {
        // A layer or a chunk's text (an SVG part) is a region of the trace; all layers (a PNG
        // band's tile, a PDF page) are their caller's region.
        guard layers != .all || rows != nil else {
            return try paintLayers(cr, visible: visible, regions: regions, blocks: blocks, gridOrigin: gridOrigin, closeBottoms: closeBottoms,
                                   painter: painter, blockText: blockText, layers: layers, rows: rows)
        }
        let name = rows != nil ? "paint chunk" : layers == .cells ? "paint cells" : layers == .overlay ? "paint overlay" : "paint layers"
        try Timings.span(name, .region, args: rows.map { [("first row", $0.lowerBound), ("rows", $0.count)] } ?? []) {
            try paintLayers(cr, visible: visible, regions: regions, blocks: blocks, gridOrigin: gridOrigin, closeBottoms: closeBottoms,
                            painter: painter, blockText: blockText, layers: layers, rows: rows)
        }
    }

    private func paintLayers(_ cr: CairoContext, visible: Rect, regions: [ViewportRegion]?, blocks: [CanvasFrame.Block]?,
                             gridOrigin: Point?, closeBottoms: Bool, painter: GridPainter, blockText: TextLayout?,
                             layers: GridPainter.Layers, rows: Range<Int>?) throws {
        if layers.contains(.cells), let blockText {
            try paintBlocks(blocks ?? frame.blocks, cr: cr, visible: visible, painter: painter, blockText: blockText)
        }
        let origin = gridOrigin ?? frame.gridOrigin
        cr.save()
        cr.translate(origin.x, origin.y)
        try painter.paint(cr, regions: regions ?? self.regions,
                          visible: Rect(x: visible.x - origin.x, y: visible.y - origin.y, width: visible.width, height: visible.height),
                          closeBottoms: closeBottoms, layers: layers, rows: rows)
        cr.restore()
        try cr.checkStatus("painting")
    }

    /// Cells per slab of every painter of this job (`ItemSlabs`; tests paint in small slabs).
    var slabCells = ItemSlabs.defaultCellsPerSlab {
        didSet { painter.slabCells = slabCells }
    }
    /// Whether PDF cell text is shown in joined Cairo calls (`GlyphBatch`): the same bytes as a
    /// Pango show per cell, with a fraction of Cairo's page recording (people-100000: 628 → 248
    /// MiB) and less CPU (people-10000: 1.58 → 1.15 s). Tests turn it off to compare.
    var joinsGlyphs = true
    /// Whether PNG text is composited by each painting thread (`GlyphCompositor`), the same
    /// pixels as Cairo's, without its process-wide glyph lock. Tests turn it off to compare.
    var composesGlyphs = true
    /// Whether PNG text is placed at quarter-pixel positions (`PNGGlyphs`) where it can be; off,
    /// Pango and Cairo show it on whole pixels. Tests turn it off to compare.
    var placesGlyphsAtQuarters = true
    /// Whether SVG text is painted in chunks on the lanes (tests compare with one piece).
    var chunksText = true
    /// Whether PDF is written by the project's writer (`RenderJob.ownPDF`) where it can write
    /// the document (tests turn it off to compare with Cairo's).
    var ownsPDF = true
    /// Cells per chunk of a streamed SVG (tests stream small grids).
    var streamedChunkCells = RowChunks.streamedCellsPerChunk
    /// Bytes of chunk bodies a streamed SVG paints ahead of the output (`SVGPartWriter`).
    var streamedBytesAhead = SVGPartWriter.defaultBytesAhead
    /// The last streamed SVG's part writer (tests read how many bytes it held ahead).
    var streamedPartWriter: SVGPartWriter?

}

/// The first error of any painting thread; the others stop painting when they see it.
final class FirstFailure: @unchecked Sendable {
    let lock = DispatchSemaphore(value: 1)
    var first: Error?

    func record(_ error: Error) {
        lock.wait(); defer { lock.signal() }
        if first == nil { first = error }
    }
    var happened: Bool { error != nil }
    var error: Error? {
        lock.wait(); defer { lock.signal() }
        return first
    }
}
