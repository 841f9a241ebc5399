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
    private let blockText: TextLayout
    private let decimals: DecimalColumns
    private let fontDirectories: [String]
    /// The threads text is measured and, for SVG and PDF, painted on.
    private let lanes: TextLanes
    /// How many lanes this job measures and shapes text on (tests).
    var laneCount: Int { lanes.count }
    /// Whether the last PNG was painted on the lanes that measured it (tests).
    private(set) var pngPaintedOnLanes = false
    /// Whether any cell shows an image: their decoded surfaces live in one cache, so such grids
    /// are painted on one thread.
    private var hasImages = false

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
        context = try TextContext(mode: grid.fonts, fontDirectories: options.fontDirectories, links: links,
                                  limits: limits)
        let tableRows: [RowKind] = if case .table(let table) = grid.spec.content { table.rows } else { [] }
        let decimals = DecimalColumns(source: grid.cells, rowKinds: tableRows, context: context)
        self.decimals = decimals
        fontDirectories = options.fontDirectories
        // Read once: the default follows the load average, which may move meanwhile.
        let requestedThreads = max(1, options.paintThreads ?? RenderJob.defaultPaintThreads)
        var threads = requestedThreads
        if format == .pdf, options.paintThreads == nil, RenderJob.threadsFromEnvironment == nil,
           case .table(let table) = grid.spec.content, table.rows.count * table.columnCount < RenderJob.minLanedPDFCells {
            // A PDF page is painted on this thread; other lanes only measure and shape ahead, which
            // costs a font map and shaped text per lane and gains no time on smaller tables.
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
            measurer.prewarm(rowKinds: table.rows, columnCount: table.columnCount,
                             chunks: RowChunks.partition(rows: table.rows.count, columns: table.columnCount), lanes: lanes)
            RenderTrace.mark("measured")
        }
        self.measurer = measurer
        (frame, layout) = CanvasFrame.make(grid, measurer: measurer) { spec in
            // Item mode: a cell's item index is only known after placement, so the layout measures
            // only section header rows there (their titles), never item tracks.
            LayoutEngine.layout(spec, measurer: measurer)
        }
        if let overflow = OverflowReport(layout, viewport: grid.spec.viewport) { context.adoptWarning(overflow.message) }
        images = ImageCache(baseDirectory: grid.baseDirectory, output: ImageCache.output(for: format),
                            keptBytesLimit: keptImageBytes)
        painter = GridPainter(grid: grid, geometry: layout, context: context, images: images, decimals: decimals,
                              shaped: measurer.shaped)
        blockText = TextLayout(context: context)
        try preloadImages(threads: requestedThreads)
        RenderTrace.mark("laid out")
    }

    /// The measurer of the layout (its sizes are kept), for messages after it.
    private let measurer: TextMeasurer

    /// The cell whose text is widest in `column`, as messages name it ("row 5, column \"a\""),
    /// for a column refused as too wide (`OutputLimits`); nil outside tables.
    func widestCell(column: Int) -> String? {
        guard case .table(let table) = grid.spec.content, !table.rows.isEmpty else { return nil }
        let widths = (0..<table.rows.count).map { measurer.width(row: $0, column: column) }
        guard let row = widths.indices.max(by: { widths[$0] < widths[$1] }) else { return nil }
        return grid.cells.cellDescription(row: row, column: column, item: nil)
    }

    private let warningHandler: (@Sendable (String) -> Void)?
    private var reportedWarnings = 0
    /// Characters no font had, from every thread that painted (the job's own context's are
    /// added when reporting).
    private var missing = MissingGlyphs()
    private var reportedMissing = false
    /// The render's link policy and the links it dropped, shared by every painting thread.
    private let links: LinkGate
    private var reportedLinks = false
    /// What one text may cost, and the texts that had more, shared by every painting thread.
    private let limits: TextLimits
    private var reportedFontChanges = false

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
    private func preloadImages(threads: Int) throws {
        var vector: [String] = [], raster: [ImageCache.Request] = []
        defer { if !vector.isEmpty || !raster.isEmpty { RenderTrace.mark("images checked") } }
        let rows = layout.rows
        guard let last = rows.last, !layout.columns.isEmpty else { return }
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
    private func paintCanvas(_ cr: CairoContext, visible: Rect, regions: [ViewportRegion]?, blocks: [CanvasFrame.Block]?,
                             gridOrigin: Point?, closeBottoms: Bool, painter: GridPainter, blockText: TextLayout?,
                             layers: GridPainter.Layers = .all, rows: Range<Int>? = nil) throws {
        if layers.contains(.cells), let blockText {
            for b in blocks ?? frame.blocks where b.rect.intersects(visible) {
                let style = CanvasFrame.blockStyle(b.block.style)
                let inner = b.rect.inset(by: style.padding)
                let text = painter.prepared(b.block.text, style: style, width: inner.width, scratch: blockText)
                cr.setSource(style.color.faded(style.opacity))
                text.show(in: cr, x: inner.x, y: inner.y)
                let place: MissingGlyphs.Place = b.block == grid.title ? .title : b.block == grid.subtitle ? .subtitle : .footnote
                painter.noteMissing(in: text, at: place)
                painter.noteDropped(in: text, at: place)
                if !text.links.isEmpty { painter.addLinks(cr, text, x: inner.x, y: inner.y, clip: b.rect) }
            }
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

    // MARK: - PNG

    /// The PNG size in pixels, refused before allocation when over the limits.
    func pixelSize() throws -> (width: Int, height: Int) {
        let w = PixelEdges.edge(frame.size.width, scale: grid.scale), h = PixelEdges.edge(frame.size.height, scale: grid.scale)
        func text(_ v: Double) -> String { v.isFinite && abs(v) < 1e15 ? String(Int(v)) : String(v) }
        guard w <= Double(RenderJob.maxPixelsPerSide), h <= Double(RenderJob.maxPixelsPerSide), w * h <= Double(RenderJob.maxPixels) else {
            throw RenderError("canvas \(text(w))×\(text(h)) px is too large (at most \(RenderJob.maxPixelsPerSide) px per side and \(RenderJob.maxPixels) px in all)", badInput: true)
        }
        guard w >= 1, h >= 1 else { throw RenderError("canvas \(text(w))×\(text(h)) px is empty", badInput: true) }
        return (Int(w), Int(h))
    }

    /// `GRIDRENDER_THREADS` when set to a count (at most 64), else nil.
    static var threadsFromEnvironment: Int? {
        guard let value = getenv("GRIDRENDER_THREADS"), let n = Int(String(cString: value)), n >= 1 else { return nil }
        return min(n, 64)
    }

    /// Threads for PNG painting and text measurement when `RenderOptions.paintThreads` is nil:
    /// `GRIDRENDER_THREADS` when set, else the online processors that are idle (by the one-minute
    /// load average) plus this one, at most 8. On a busy machine more threads only add font maps
    /// and contention (measured: docs/performance.md). The output does not depend on it.
    static var defaultPaintThreads: Int {
        if let n = threadsFromEnvironment { return n }
        let cpus = max(1, min(8, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        var load = [0.0]
        guard getloadavg(&load, 1) == 1, load[0].isFinite, load[0] >= 0 else { return cpus }
        return max(1, min(cpus, cpus - Int(load[0].rounded()) + 1))
    }
    /// Below this many cells a PDF is measured and painted on one lane unless threads are asked
    /// for: people-1000 and people-10000 (8,008 and 80,008 cells) took the same time with two
    /// lanes as with one, for 15–25 % more CPU (docs/performance.md).
    static let minLanedPDFCells = 131_072
    /// Below this many pixels a second font map costs more than it saves: one painting thread.
    static let minParallelPixels = 2_000_000

    /// Renders the PNG band by band (tiles of ≤ 32767 px side by side when wider). Bands are
    /// painted on up to `paintThreads` threads, each with its own font map, Pango context and
    /// painter (the text lanes' own, when they measured the table); band `i` on thread
    /// `i % threads`. Each painting thread compresses the bands it painted (`PNGPieceEncoder`
    /// without queues), and the pieces are written in image order; one painting thread instead
    /// hands its bands to compression queues on the other cores. A band's pixels and pieces
    /// depend only on the band (the painter starts every band afresh), so the bytes are the same
    /// whatever the thread count. With a row filter (libpng, one thread) the bands go to the
    /// encoder in turn. Peak memory is one or two bands per thread, whatever the height. Writes to
    /// `path`, or returns the bytes.
    func png(path: String?, options: RenderOptions, maxBandRows: Int = RenderJob.maxBandRows) throws -> [UInt8] {
        let (width, height) = try pixelSize()
        reportWarnings()   // the lanes' warnings so far
        let bandRows = max(1, min(maxBandRows, RenderJob.bandBytes / (width * 4), height))
        let bandCount = (height + bandRows - 1) / bandRows
        var parallel = max(1, min(options.paintThreads ?? RenderJob.defaultPaintThreads, bandCount))
        if hasImages || (options.paintThreads == nil && width * height < RenderJob.minParallelPixels) { parallel = 1 }
        let threads = parallel
        let encoder = try pngSink(path: path, width: width, height: height, bandRows: bandRows, painters: threads, options: options)
        // A painter that compresses its own bands reuses one buffer; otherwise the encoder reads
        // one band while the next is painted.
        let inOrder = encoder.needsBandsInOrder
        let buffersPerThread = bandCount > threads && (inOrder || threads == 1) ? 2 : 1
        let buffers: [[BandBuffer]] = try (0..<threads).map { _ in try (0..<buffersPerThread).map { _ in try BandBuffer(width: width, rows: bandRows) } }
        let bufferSets = Unchecked(buffers)
        defer { encoder.drain() }
        // `turns[i]` is signalled when band i may go to an in-order encoder (band i - 1 has gone).
        let turns = inOrder ? (0...bandCount).map { _ in DispatchSemaphore(value: 0) } : []
        turns.first?.signal()
        let failure = FirstFailure()
        let job = Unchecked(self)

        /// Paints bands `first`, `first + threads`, … with `painter`, handing each to the encoder
        /// (in turn, when it needs them in order). Without a painter (it could not be made) the
        /// bands are only passed along.
        let composes = composesGlyphs
        @Sendable func work(_ first: Int, _ painter: Unchecked<(GridPainter, TextLayout)?>) {
            GlyphCompositor.onThisThread(composes) { paintBands(first, painter) }
        }
        @Sendable func paintBands(_ first: Int, _ painter: Unchecked<(GridPainter, TextLayout)?>) {
            painter.value?.0.pixelsPerDeviceUnit = 1
            var used = 0
            for index in Swift.stride(from: first, to: bandCount, by: threads) {
                let band = bufferSets.value[first][used % buffersPerThread]
                used += 1
                // At most two rounds of bands ahead of what is written.
                encoder.awaitRoom(for: index, ahead: 2 * threads)
                band.free.wait()
                let y = index * bandRows, rows = min(bandRows, height - y)
                var painted = false
                if let (gridPainter, blockText) = painter.value, !failure.happened {
                    do {
                        try job.value.paintBand(band, y: y, rows: rows, painter: gridPainter, blockText: blockText)
                        painted = true
                    } catch { failure.record(error) }
                }
                if inOrder { turns[index].wait() }
                if painted && !failure.happened {
                    encoder.submit(band, index: index, rows: rows)
                } else {
                    band.free.signal()
                    encoder.cancel()   // the image cannot be finished: no painter waits for it
                }
                if inOrder { turns[index + 1].signal() }
            }
        }

        let knownDecimals = decimals.computed   // read here, before this thread paints and adds to it
        if threads > 1, threads <= lanes.count, lanes.areReady(threads) {
            // The lanes that measured paint too: their font maps are warm and their shaped
            // layouts are shown without shaping again (people-10000 on two threads: 1.49 →
            // 1.29 s, 2.4 → 2.1 s of CPU, against a font map made afresh for painting).
            pngPaintedOnLanes = true
            try lanes.run(chunks: threads) { lane in
                if lane.index == 0 { return work(0, Unchecked((painter, blockText))) }
                _ = job.value.painter(on: lane, decimals: knownDecimals, pixelsPerDeviceUnit: 1)
                work(lane.index, Unchecked(lane.painter))
            }
            for warning in lanes.helperWarnings { context.adoptWarning(warning) }
            for missed in lanes.helperMissing { missing.merge(missed) }
        } else {
            lanes.releaseHelpers()
            paintOnOwnThreads(threads, decimals: knownDecimals, failure: failure, work: work)
        }
        if let error = failure.error { throw error }
        // The bands' contexts are destroyed here, on this thread, after the last band is encoded.
        return try withExtendedLifetime(buffers) { try encoder.finish() }
    }

    /// Paints with `work` on `threads` threads (this one and new ones), each making its own font
    /// map, Pango context and painter; their warnings are adopted when all are done.
    private func paintOnOwnThreads(_ threads: Int, decimals knownDecimals: DecimalColumns.Extents, failure: FirstFailure,
                                   work: @escaping @Sendable (Int, Unchecked<(GridPainter, TextLayout)?>) -> Void) {
        let job = Unchecked(self)
        // Warnings of the other threads' font contexts, one slot per thread.
        let helperWarnings = UnsafeMutablePointer<([String], MissingGlyphs)>.allocate(capacity: threads)
        helperWarnings.initialize(repeating: ([], MissingGlyphs()), count: threads)
        defer { helperWarnings.deinitialize(count: threads); helperWarnings.deallocate() }
        let slots = Unchecked(helperWarnings)
        let helpers = DispatchGroup()
        let fonts = grid.fonts, fontDirectories = fontDirectories
        for t in 1..<threads {
            DispatchQueue(label: "gridrender.png-painter").async(group: helpers) {
                // A thread's Pango objects are made, used and released on that thread.
                do {
                    let (context, gridPainter, blockText) = try job.value.makePainter(fonts: fonts, fontDirectories: fontDirectories, decimals: knownDecimals)
                    work(t, Unchecked((gridPainter, blockText)))
                    slots.value[t] = (context.warnings, context.missing)
                } catch {
                    failure.record(error)
                    work(t, Unchecked(nil))
                }
            }
        }
        work(0, Unchecked((painter, blockText)))
        helpers.wait()
        for t in 1..<threads {
            for warning in helperWarnings[t].0 { context.adoptWarning(warning) }
            missing.merge(helperWarnings[t].1)
        }
    }

    /// The encoder of the bands: without a row filter, zlib pieces (`PNGPieceEncoder`),
    /// compressed by the painters themselves when there are several, else on
    /// `RenderJob.compressionThreads` queues; with a filter, libpng on one background thread.
    private func pngSink(path: String?, width: Int, height: Int, bandRows: Int, painters: Int, options: RenderOptions) throws -> PNGBandSink {
        let alpha = !grid.background.isOpaque, level = max(0, min(9, options.pngCompression))
        guard options.pngFilter == .none else {
            return BandEncoder(try PNGEncoder(path: path, width: width, height: height, alpha: alpha, level: level,
                                              filter: options.pngFilter.mask))
        }
        return try PNGPieceEncoder(path: path, width: width, height: height, alpha: alpha, level: level, bandRows: bandRows,
                                   threads: painters > 1 ? 1 : RenderJob.compressionThreads(options))
    }

    /// Threads compressing PNG pieces: `paintThreads` or `GRIDRENDER_THREADS` when given (one:
    /// everything on the painting thread, nothing in parallel), else the default thread count but
    /// at least two where there are two CPUs, so compressing always overlaps painting.
    static func compressionThreads(_ options: RenderOptions) -> Int {
        if let n = options.paintThreads { return max(1, n) }
        if let n = threadsFromEnvironment { return n }
        return max(defaultPaintThreads, min(2, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// Paints rows `y ..< y + rows` of the image into `band`.
    private func paintBand(_ band: BandBuffer, y: Int, rows: Int, painter: GridPainter, blockText: TextLayout) throws {
        let s = grid.scale
        painter.startBand()
        for (x, cr) in band.tiles {
            cr.identityMatrix()
            cr.paintReplacing(grid.background)
            cr.translate(Double(-x), Double(-y))
            cr.scale(s, s)
            let visible = Rect(x: Double(x) / s, y: Double(y) / s, width: Double(cr.surface.width) / s, height: Double(rows) / s)
            try paintCanvas(cr, visible: visible, regions: nil, blocks: nil, gridOrigin: nil, closeBottoms: false,
                            painter: painter, blockText: blockText)
            cr.surface.flush()
        }
    }

    /// A painter with its own font map and Pango context, for another painting thread.
    private func makePainter(fonts: PreparedGrid.FontMode, fontDirectories: [String], decimals: DecimalColumns.Extents) throws -> (TextContext, GridPainter, TextLayout) {
        let context = try TextContext(mode: fonts, fontDirectories: fontDirectories, links: links, limits: limits)
        let (painter, blockText) = makePainter(context: context, shaped: nil, decimals: decimals)
        return (context, painter, blockText)
    }

    /// A painter drawing with `context` (another thread's), showing the layouts in `shaped`.
    private func makePainter(context: TextContext, shaped: ShapedLayouts?, decimals: DecimalColumns.Extents) -> (GridPainter, TextLayout) {
        let tableRows: [RowKind] = if case .table(let table) = grid.spec.content { table.rows } else { [] }
        let columns = DecimalColumns(source: grid.cells, rowKinds: tableRows, context: context, known: decimals)
        let painter = GridPainter(grid: grid, geometry: layout, context: context, images: images, decimals: columns, shaped: shaped)
        painter.slabCells = slabCells
        return (painter, TextLayout(context: context))
    }

    /// The painter of `lane`: the job's own on lane 0, else one made on the lane at first use.
    private func painter(on lane: TextLanes.Lane, decimals: DecimalColumns.Extents, pixelsPerDeviceUnit: Double) -> GridPainter {
        if lane.index == 0 { return painter }
        let made = lane.painter ?? makePainter(context: lane.context, shaped: lane.shaped, decimals: decimals)
        lane.painter = made
        made.0.pixelsPerDeviceUnit = pixelsPerDeviceUnit
        return made.0
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

    /// Whether SVG text is painted in chunks on the lanes (tests compare with one piece).
    var chunksText = true
    /// Cells per chunk of a streamed SVG (tests stream small grids).
    var streamedChunkCells = RowChunks.streamedCellsPerChunk

    /// The row chunks whose text is painted on the lanes (one chunk: no lanes needed).
    private var textChunks: [Range<Int>] {
        chunksText ? RowChunks.partition(rows: layout.rows.count, columns: layout.columns.count) : [0..<layout.rows.count]
    }

    // MARK: - SVG

    /// The SVG document in memory (`svg(to:)` writes it to a file as it is made).
    func svg() throws -> [UInt8] {
        let sink = OutputSink()
        try writeJoinedSVG(to: sink)
        return sink.bytes
    }

    /// Writes the SVG made in one piece (`svgWithImageTokens`) to `sink`, images embedded.
    private func writeJoinedSVG(to sink: OutputSink) throws {
        sink.imageFilter = images.tokens
        try sink.write(svgWithImageTokens())
        try sink.finishImages()
    }

    /// The SVG document, its images still tokens (`SVGImageTokens`) when it has any.
    private func svgWithImageTokens() throws -> [UInt8] {
        // Device units are points, which the layout snapped to: the SVG is the same at any scale.
        painter.pixelsPerDeviceUnit = 1
        painter.recordsLinks = true
        let all = Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)
        let chunks = textChunks
        if chunks.count > 1, let joined = try layeredSVG(chunks) { return joined }
        let surface = try CairoSurface.svg(width: all.width, height: all.height)
        try withContext(surface) { cr in
            paintBackground(cr, all)
            try paintCanvas(cr, visible: all)
        }
        RenderTrace.mark("painted")
        let bytes = try surface.finish()
        RenderTrace.mark("finished")
        defer { RenderTrace.mark("normalized") }
        return SVGLinks.insert(painter.takeLinks(), into: SVGIdNormalizer.normalize(bytes))
    }

    /// The SVG in layers, each a Cairo document of its own, painted on the lanes at once and
    /// joined (`SVGStitcher`): the cells and the overlay on this thread, the text of chunk `c`
    /// on lane `c % lanes.count`. Nil when Cairo's documents cannot be joined.
    private func layeredSVG(_ chunks: [Range<Int>]) throws -> [UInt8]? {
        let all = Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)
        var cells: [UInt8] = [], overlay: [UInt8] = []
        let text = UnsafeMutablePointer<[UInt8]>.allocate(capacity: chunks.count)
        text.initialize(repeating: [], count: chunks.count)
        defer { text.deinitialize(count: chunks.count); text.deallocate() }
        // The links of each chunk's text, joined in chunk order after the blocks' (lane 0).
        let links = UnsafeMutablePointer<[LinkArea]>.allocate(capacity: chunks.count)
        links.initialize(repeating: [], count: chunks.count)
        defer { links.deinitialize(count: chunks.count); links.deallocate() }
        var blockLinks: [LinkArea] = []
        let decimals = self.decimals.computed, pixels = painter.pixelsPerDeviceUnit
        try lanes.run(chunks: chunks.count) { lane in
            if lane.index == 0 {
                cells = try svgPart { cr in
                    paintBackground(cr, all)
                    try paintCanvas(cr, visible: all, regions: nil, blocks: nil, gridOrigin: nil, closeBottoms: false,
                                    painter: painter, blockText: blockText, layers: .cells)
                }
                blockLinks = painter.takeLinks()
                overlay = try svgPart { cr in
                    try paintCanvas(cr, visible: all, regions: nil, blocks: [], gridOrigin: nil, closeBottoms: false,
                                    painter: painter, blockText: blockText, layers: .overlay)
                }
            }
            let lanePainter = self.painter(on: lane, decimals: decimals, pixelsPerDeviceUnit: pixels)
            lanePainter.recordsLinks = true
            for c in Swift.stride(from: lane.index, to: chunks.count, by: lanes.count) {
                text[c] = try svgPart { cr in
                    // A page-wide first operation keeps Cairo's finish linear; the join drops it.
                    cr.paint(.white)
                    try paintCanvas(cr, visible: all, regions: nil, blocks: [], gridOrigin: nil, closeBottoms: false,
                                    painter: lanePainter, blockText: nil, layers: .text, rows: chunks[c])
                }
                links[c] = lanePainter.takeLinks()
            }
        }
        RenderTrace.mark("painted and finished in \(chunks.count) chunks")
        defer { RenderTrace.mark("joined") }
        let layers = [cells] + Array(UnsafeBufferPointer(start: text, count: chunks.count)) + [overlay]
        let areas = blockLinks + UnsafeBufferPointer(start: links, count: chunks.count).flatMap { $0 }
        return SVGStitcher.join(layers, dropsPage: layers.indices.map { $0 > 0 && $0 <= chunks.count })
            .map { SVGLinks.insert(areas, into: $0) }
    }

    /// Writes the SVG to `sink`. A grid too big to join in memory (`RowChunks.streamed`) is
    /// painted in more, smaller chunks on the lanes and written layer by layer as they are
    /// finished (`SVGLayerWriter`), so memory holds a few chunks' documents, not the whole; other
    /// grids are `svg()`'s bytes.
    func svg(to sink: OutputSink) throws {
        guard chunksText, let chunks = RowChunks.streamed(rows: layout.rows.count, columns: layout.columns.count,
                                                          cellsPerChunk: streamedChunkCells) else {
            return try writeJoinedSVG(to: sink)
        }
        sink.imageFilter = images.tokens
        painter.pixelsPerDeviceUnit = 1   // as in `svg()`
        painter.recordsLinks = true
        let all = Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)
        let decimals = self.decimals.computed, pixels = painter.pixelsPerDeviceUnit
        let writer = SVGLayerWriter(sink: sink, chunks: chunks.count, window: 2 * lanes.count)
        // The links of the blocks (lane 0) and of each chunk's text, joined in that order at the end.
        let links = UnsafeMutablePointer<[LinkArea]>.allocate(capacity: chunks.count + 1)
        links.initialize(repeating: [], count: chunks.count + 1)
        defer { links.deinitialize(count: chunks.count + 1); links.deallocate() }
        let slots = Unchecked(links)
        try lanes.run(chunks: chunks.count) { lane in
            do {
                if lane.index == 0 {
                    try writer.deliver(0, svgPart { cr in
                        paintBackground(cr, all)
                        try paintCanvas(cr, visible: all, regions: nil, blocks: nil, gridOrigin: nil, closeBottoms: false,
                                        painter: painter, blockText: blockText, layers: .cells)
                    }, dropsPage: false)
                    slots.value[0] = painter.takeLinks()
                }
                let lanePainter = self.painter(on: lane, decimals: decimals, pixelsPerDeviceUnit: pixels)
                lanePainter.recordsLinks = true
                for c in Swift.stride(from: lane.index, to: chunks.count, by: lanes.count) {
                    try writer.waitTurn(c)
                    try writer.deliver(c + 1, svgPart { cr in
                        cr.paint(.white)   // as in `layeredSVG`: keeps Cairo's finish linear; dropped
                        try paintCanvas(cr, visible: all, regions: nil, blocks: [], gridOrigin: nil, closeBottoms: false,
                                        painter: lanePainter, blockText: nil, layers: .text, rows: chunks[c])
                    }, dropsPage: true)
                    slots.value[c + 1] = lanePainter.takeLinks()
                }
                if lane.index == 0 {
                    try writer.deliver(chunks.count + 1, svgPart { cr in
                        try paintCanvas(cr, visible: all, regions: nil, blocks: [], gridOrigin: nil, closeBottoms: false,
                                        painter: painter, blockText: blockText, layers: .overlay)
                    }, dropsPage: false)
                }
            } catch {
                writer.fail(error)
                throw error
            }
        }
        RenderTrace.mark("painted and written in \(chunks.count) chunks")
        try writer.finish(links: SVGLinks.elements(UnsafeBufferPointer(start: links, count: chunks.count + 1).flatMap { $0 }))
        try sink.finishImages()
    }

    /// Has each lane shape, for its chunks, the text the painter cannot show from a natural
    /// layout (right- or centre-aligned in a width, wrapped), so a PDF page painted on this
    /// thread shapes only its own share. The bytes are the same: the layouts are the ones the
    /// painter would make.
    private func prepareTextOnLanes() throws {
        let chunks = textChunks
        guard chunks.count > 1, lanes.count > 1 else { return }
        let decimals = self.decimals.computed, pixels = painter.pixelsPerDeviceUnit
        try lanes.run(chunks: chunks.count) { lane in
            let painter = self.painter(on: lane, decimals: decimals, pixelsPerDeviceUnit: pixels)
            for c in Swift.stride(from: lane.index, to: chunks.count, by: self.lanes.count) {
                painter.prepareText(rows: chunks[c])
            }
        }
        RenderTrace.mark("text prepared on \(lanes.count) lanes")
    }

    /// One layer of the SVG: a document of the canvas's size painted by `body`.
    private func svgPart(_ body: (CairoContext) throws -> Void) throws -> [UInt8] {
        let cr = try CairoContext(CairoSurface.svg(width: frame.size.width, height: frame.size.height))
        try body(cr)
        return try cr.finishSurface()
    }

    /// Runs `body` with a context that is destroyed before the surface is finished.
    private func withContext(_ surface: CairoSurface, _ body: (CairoContext) throws -> Void) throws {
        let cr = try CairoContext(surface)
        try body(cr)
        try cr.checkStatus("drawing")
    }

    private func paintBackground(_ cr: CairoContext, _ rect: Rect) {
        guard grid.background.alpha > 0 else { return }
        cr.rectangle(rect)
        cr.setSource(grid.background)
        cr.fill()
    }

    // MARK: - PDF

    /// The PDF document in memory.
    func pdf() throws -> [UInt8] {
        let sink = OutputSink()
        try pdf(to: sink)
        return sink.bytes
    }

    /// Writes the PDF to `sink` as Cairo makes it: the page's contents when it is shown, each
    /// image when the page is written, so neither the document nor its images are held whole.
    func pdf(to sink: OutputSink) throws {
        sink.imageFilter = images.newPDFDocument()
        try writePDF(to: sink)
        try sink.finishImages()
        // An image that could not be decoded again while Cairo wrote it (changed since the check).
        if let failure = images.failure { throw failure }
    }

    private func writePDF(to sink: OutputSink) throws {
        // As for SVG: snapped to points, the same at any scale.
        painter.pixelsPerDeviceUnit = 1
        guard let page = grid.page else {
            let surface = try CairoSurface.pdf(width: frame.size.width, height: frame.size.height, output: sink)
            try withContext(surface) { cr in
                let all = Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)
                paintBackground(cr, all)
                // One page is one stream: painted here, showing the layouts every lane shaped
                // while measuring and, just before, for the rows it paints (they are idle now).
                try prepareTextOnLanes()
                painter.borrowedLayouts = lanes.helperShapedLayouts
                // Cairo records the whole page before writing it: text is joined into few calls.
                if joinsGlyphs { painter.glyphBatch = GlyphBatch() }
                defer { painter.borrowedLayouts = []; painter.glyphBatch = nil }
                try paintCanvas(cr, visible: all)
                RenderTrace.mark("painted")
                cr.showPage()
            }
            defer { RenderTrace.mark("finished") }
            _ = try surface.finish()
            return
        }
        let pages = PDFPagination(job: self, page: page)
        painter.pixelsPerDeviceUnit = 1 / pages.fit
        let surface = try CairoSurface.pdf(width: page.width, height: page.height, output: sink)
        try prepareTextOnLanes()
        painter.borrowedLayouts = lanes.helperShapedLayouts
        if joinsGlyphs { painter.glyphBatch = GlyphBatch() }
        defer { painter.borrowedLayouts = []; painter.glyphBatch = nil }
        try withContext(surface) { cr in
            for p in pages.pages {
                cr.identityMatrix()
                paintBackground(cr, Rect(x: 0, y: 0, width: page.width, height: page.height))
                cr.scale(pages.fit, pages.fit)
                let visible = Rect(x: 0, y: 0, width: page.width / pages.fit, height: page.height / pages.fit)
                try paintCanvas(cr, visible: visible, regions: p.regions, blocks: p.blocks, gridOrigin: p.gridOrigin, closeBottoms: true)
                cr.showPage()
            }
        }
        _ = try surface.finish()
    }
}

/// The first error of any painting thread; the others stop painting when they see it.
final class FirstFailure: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var first: Error?

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
