import CCairo
import Dispatch
import Foundation
import GridDocument
import GridLayout

/// PNG: bands painted on every core into `BandBuffer`s and encoded as they finish.
extension RenderJob {

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
    /// `GRIDRENDER_THREADS` when set, at most the online processors (a lane beyond them runs only
    /// when another waits, and costs a font map and its shaped text: people-100000 to SVG with
    /// `GRIDRENDER_THREADS=16` on two cores held 16 of them), else the online processors that are
    /// idle (by the one-minute load average) plus this one, at most 8. On a busy machine more
    /// threads only add font maps and contention (measured: docs/performance.md). The output
    /// does not depend on it.
    static var defaultPaintThreads: Int {
        let online = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        if let n = threadsFromEnvironment { return min(n, online) }
        let cpus = min(8, online)
        var load = [0.0]
        guard getloadavg(&load, 1) == 1, load[0].isFinite, load[0] >= 0 else { return cpus }
        return max(1, min(cpus, cpus - Int(load[0].rounded()) + 1))
    }
    /// Below this many cells a PDF is measured and painted on one lane unless threads are asked
    /// for. The project's writer paints pages on every lane, so a table that fills pages gains
    /// from a second: two lanes against one on the 2-core machine took 0.70 / 0.61 / 0.57 of the
    /// wall time at 1,000 / 3,000 / 10,000 rows of 8 columns, for 6–11 % more CPU, but 1.02 and
    /// 1.04 at 100 and 300 rows (one page: one lane paints it, and a second font map costs more
    /// than the measuring it shares), 0.96 at 500 (docs/performance.md [S10]).
    static let minLanedPDFCells = 4_096
    /// Below this many pixels a second font map costs more than it saves: one painting thread.
    static let minParallelPixels = 2_000_000

    /// Renders the PNG band by band (tiles of ≤ 32767 px side by side when wider). Bands are
    /// painted on up to `paintThreads` threads, each with its own font map, Pango context and
    /// painter (the text lanes' own, when they measured the table); each thread takes the next
    /// band as it is free (`ChunkClaims`). Each painting thread compresses the bands it painted (`PNGPieceEncoder`
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
        // Each painting thread takes the lowest band nobody has taken, so a thread slowed down
        // (by its compression, or by other programs) never keeps the others waiting for room.
        let claims = ChunkClaims(chunks: bandCount, lanes: threads, inOrder: true)

        /// Paints the bands thread `first` takes with `painter`, handing each to the encoder
        /// (in turn, when it needs them in order). Without a painter (it could not be made) the
        /// bands are only passed along.
        let composes = composesGlyphs, quarters = placesGlyphsAtQuarters
        @Sendable func work(_ first: Int, _ painter: Unchecked<(GridPainter, TextLayout)?>) {
            // The thread's glyph coverages are kept from band to band.
            PNGGlyphs.onThisThread(quarters) { GlyphCompositor.onThisThread(composes) { paintBands(first, painter) } }
        }
        @Sendable func paintBands(_ first: Int, _ painter: Unchecked<(GridPainter, TextLayout)?>) {
            painter.value?.0.pixelsPerDeviceUnit = 1
            var used = 0
            while let index = claims.next(lane: first) {
                let band = bufferSets.value[first][used % buffersPerThread]
                used += 1
                // At most two rounds of bands ahead of what is written.
                Timings.wait("wait for encoder") { encoder.awaitRoom(for: index, ahead: 2 * threads) }
                Timings.wait("wait for band buffer") { band.free.wait() }
                let y = index * bandRows, rows = min(bandRows, height - y)
                var painted = false
                if let (gridPainter, blockText) = painter.value, !failure.happened {
                    do {
                        try Timings.span("paint band", .region, args: [("band", index), ("rows", rows)]) {
                            try job.value.paintBand(band, y: y, rows: rows, painter: gridPainter, blockText: blockText)
                        }
                        painted = true
                    } catch { failure.record(error) }
                }
                if inOrder { Timings.wait("wait for turn") { turns[index].wait() } }
                if painted && !failure.happened {
                    Timings.span("encode band", .region, args: [("band", index), ("rows", rows)]) {
                        encoder.submit(band, index: index, rows: rows)
                    }
                } else {
                    band.free.signal()
                    encoder.cancel()   // the image cannot be finished: no painter waits for it
                }
                if inOrder { turns[index + 1].signal() }
            }
        }

        let knownDecimals = decimals.computed   // read here, before this thread paints and adds to it
        try Timings.span("paint") {
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
        }
        if let error = failure.error { throw error }
        // The bands' contexts are destroyed here, on this thread, after the last band is encoded.
        return try withExtendedLifetime(buffers) { try Timings.span("encode") { try encoder.finish() } }
    }

    /// Paints with `work` on `threads` threads (this one and new ones), each making its own font
    /// map, Pango context and painter; their warnings are adopted when all are done.
    func paintOnOwnThreads(_ threads: Int, decimals knownDecimals: DecimalColumns.Extents, failure: FirstFailure,
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
                Timings.thread(t, "painter \(t)") {
                    do {
                        let (context, gridPainter, blockText) = try Timings.span("fonts") {
                            try job.value.makePainter(fonts: fonts, fontDirectories: fontDirectories, decimals: knownDecimals)
                        }
                        work(t, Unchecked((gridPainter, blockText)))
                        slots.value[t] = (context.warnings, context.missing)
                    } catch {
                        failure.record(error)
                        work(t, Unchecked(nil))
                    }
                }
            }
        }
        work(0, Unchecked((painter, blockText)))
        Timings.wait("wait for painters") { helpers.wait() }
        for t in 1..<threads {
            for warning in helperWarnings[t].0 { context.adoptWarning(warning) }
            missing.merge(helperWarnings[t].1)
        }
    }

    /// The encoder of the bands: without a row filter, zlib pieces (`PNGPieceEncoder`),
    /// compressed by the painters themselves when there are several, else on
    /// `RenderJob.compressionThreads` queues; with a filter, libpng on one background thread.
    func pngSink(path: String?, width: Int, height: Int, bandRows: Int, painters: Int, options: RenderOptions) throws -> PNGBandSink {
        let alpha = !grid.background.isOpaque, level = max(0, min(9, options.pngCompression))
        guard options.pngFilter == .none else {
            return BandEncoder(try PNGEncoder(path: path, width: width, height: height, alpha: alpha, level: level,
                                              filter: options.pngFilter.mask, pixelsPerPoint: grid.scale))
        }
        return try PNGPieceEncoder(path: path, width: width, height: height, alpha: alpha, level: level, bandRows: bandRows,
                                   threads: painters > 1 ? 1 : RenderJob.compressionThreads(options), pixelsPerPoint: grid.scale)
    }

    /// Threads compressing PNG pieces: `paintThreads` or `GRIDRENDER_THREADS` when given (one:
    /// everything on the painting thread, nothing in parallel), else the default thread count but
    /// at least two where there are two CPUs, so compressing always overlaps painting.
    static func compressionThreads(_ options: RenderOptions) -> Int {
        if let n = options.paintThreads { return max(1, n) }
        if let n = threadsFromEnvironment { return n }
        return max(defaultPaintThreads, min(2, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// Paints rows `y ..< y + rows` of the image into `band`, tile by tile: the one band loop of
    /// PNG output, for the whole canvas and for a page of a paginated PNG (`page`: its regions,
    /// blocks and grid origin, at `scale`; its last rows closed).
    func paintBand(_ band: BandBuffer, y: Int, rows: Int, scale: Double? = nil, page: PDFPagination.Page? = nil,
                   painter: GridPainter, blockText: TextLayout) throws {
        let s = scale ?? grid.scale
        painter.startBand()
        // Text at quarter-pixel positions (`PNGGlyphs`), with this thread's coverages when its
        // band loop keeps them, else this band's.
        try PNGGlyphs.onThisThread(placesGlyphsAtQuarters) {
            try paintTiles(band, y: y, rows: rows, scale: s, page: page, painter: painter, blockText: blockText)
        }
    }

    private func paintTiles(_ band: BandBuffer, y: Int, rows: Int, scale s: Double, page: PDFPagination.Page?,
                            painter: GridPainter, blockText: TextLayout) throws {
        for (x, cr) in band.tiles {
            cr.tracksClipForGlyphs = placesGlyphsAtQuarters
            cr.identityMatrix()
            cr.paintReplacing(grid.background)
            cr.translate(Double(-x), Double(-y))
            cr.scale(s, s)
            let visible = Rect(x: Double(x) / s, y: Double(y) / s, width: Double(cr.surface.width) / s, height: Double(rows) / s)
            try paintCanvas(cr, visible: visible, regions: page?.regions, blocks: page?.blocks, gridOrigin: page?.gridOrigin,
                            closeBottoms: page != nil, painter: painter, blockText: blockText)
            cr.surface.flush()
        }
    }

    /// A painter with its own font map and Pango context, for another painting thread.
    func makePainter(fonts: PreparedGrid.FontMode, fontDirectories: [String], decimals: DecimalColumns.Extents) throws -> (TextContext, GridPainter, TextLayout) {
        let context = try TextContext(mode: fonts, fontDirectories: fontDirectories, links: links, limits: limits)
        let (painter, blockText) = makePainter(context: context, shaped: nil, decimals: decimals)
        return (context, painter, blockText)
    }

    /// A painter drawing with `context` (another thread's), showing the layouts in `shaped`.
    func makePainter(context: TextContext, shaped: ShapedLayouts?, decimals: DecimalColumns.Extents) -> (GridPainter, TextLayout) {
        let tableRows: [RowKind] = if case .table(let table) = grid.spec.content { table.rows } else { [] }
        let columns = DecimalColumns(source: grid.cells, rowKinds: tableRows, context: context, known: decimals)
        let painter = GridPainter(grid: grid, geometry: layout, context: context, images: images, decimals: columns, shaped: shaped)
        painter.slabCells = slabCells
        return (painter, TextLayout(context: context))
    }

    /// The painter of `lane`: the job's own on lane 0, else one made on the lane at first use.
    func painter(on lane: TextLanes.Lane, decimals: DecimalColumns.Extents, pixelsPerDeviceUnit: Double) -> GridPainter {
        if lane.index == 0 { return painter }
        let made = lane.painter ?? makePainter(context: lane.context, shaped: lane.shaped, decimals: decimals)
        lane.painter = made
        made.0.pixelsPerDeviceUnit = pixelsPerDeviceUnit
        return made.0
    }





    /// The row chunks whose text is painted on the lanes (one chunk: no lanes needed).
    var textChunks: [Range<Int>] {
        chunksText ? RowChunks.partition(rows: layout.rows.count, columns: layout.columns.count) : [0..<layout.rows.count]
    }
}
