import GridDocument
import GridLayout

/// One rendering of one grid: the task's own font map, Pango context, image cache, measurer,
/// layout and painter (Pango objects are not shared across threads, DESIGN.md §4).
/// Built once, then asked for PNG, SVG or PDF output.
final class RenderJob {
    /// PNG limits (DESIGN.md §8): checked before anything is allocated.
    static let maxPixelsPerSide = 1_000_000
    static let maxPixels = 4_000_000_000
    /// Most bytes of one of the two reusable band buffers; bands are up to 2048 rows within it.
    static let bandBytes = 32 << 20
    static let maxBandRows = 2048

    let grid: PreparedGrid
    let context: TextContext
    let layout: Layout
    let frame: CanvasFrame
    private let images: ImageCache
    private let painter: GridPainter
    private let blockText: TextLayout

    init(_ grid: PreparedGrid, options: RenderOptions) throws {
        var grid = grid
        if let scale = options.scale { grid.scale = scale }
        guard grid.scale.isFinite, grid.scale > 0, grid.scale <= 16 else {
            throw RenderError("scale \(grid.scale) is outside 0…16", badInput: true)
        }
        if let fonts = options.fonts { grid.fonts = fonts }
        self.grid = grid
        warningHandler = options.warningHandler
        context = try TextContext(mode: grid.fonts, fontDirectory: options.fontDirectory)
        let tableRows: [RowKind] = if case .table(let table) = grid.spec.content { table.rows } else { [] }
        let decimals = DecimalColumns(source: grid.cells, rowKinds: tableRows, context: context)
        let measurer = TextMeasurer(source: grid.cells, context: context, scale: grid.scale, decimals: decimals)
        (frame, layout) = CanvasFrame.make(grid, measurer: measurer) { spec in
            // Item mode: a cell's item index is only known after placement, and the cell source
            // needs it, so item tracks are not content-sized (their default is `fill` anyway).
            if case .items = spec.content { return LayoutEngine.layout(spec) }
            return LayoutEngine.layout(spec, measurer: measurer)
        }
        images = ImageCache(baseDirectory: grid.baseDirectory)
        painter = GridPainter(grid: grid, geometry: layout, context: context, images: images, decimals: decimals)
        blockText = TextLayout(context: context)
        try preloadImages()
    }

    private let warningHandler: (@Sendable (String) -> Void)?
    private var reportedWarnings = 0

    /// Hands warnings not yet reported to the options' handler (fonts are first seen while
    /// measuring or while painting, so callers report after each step).
    func reportWarnings() {
        let warnings = context.warnings
        guard reportedWarnings < warnings.count else { return }
        warnings[reportedWarnings...].forEach { warningHandler?($0) }
        reportedWarnings = warnings.count
    }

    /// Decodes every cell image up front, so a missing or broken file fails the render before any
    /// output exists. Walks the grid a slab of rows at a time to keep the cell lists small.
    private func preloadImages() throws {
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
                    _ = try images.image(path)
                }
            }
            start = end
        }
    }

    var regions: [ViewportRegion] {
        layout.regions.isEmpty
            ? [ViewportRegion(clip: Rect(x: 0, y: 0, width: layout.size.width, height: layout.size.height),
                              offset: Point(x: 0, y: 0), rows: 0..<layout.rows.count, columns: 0..<layout.columns.count)]
            : layout.regions
    }

    /// Paints the text blocks and the grid regions that meet `visible` (canvas points). The
    /// context's user space must be canvas points; the background is the caller's.
    func paintCanvas(_ cr: CairoContext, visible: Rect, regions: [ViewportRegion]? = nil, blocks: [CanvasFrame.Block]? = nil,
                     gridOrigin: Point? = nil, closeBottoms: Bool = false) throws {
        for b in blocks ?? frame.blocks where b.rect.intersects(visible) {
            let style = CanvasFrame.blockStyle(b.block.style)
            let inner = b.rect.inset(by: style.padding)
            blockText.prepare(b.block.text, style: style, width: inner.width)
            cr.setSource(style.color.faded(style.opacity))
            blockText.show(in: cr, x: inner.x, y: inner.y)
        }
        let origin = gridOrigin ?? frame.gridOrigin
        cr.save()
        cr.translate(origin.x, origin.y)
        try painter.paint(cr, regions: regions ?? self.regions,
                          visible: Rect(x: visible.x - origin.x, y: visible.y - origin.y, width: visible.width, height: visible.height),
                          closeBottoms: closeBottoms)
        cr.restore()
        try cr.checkStatus("painting")
    }

    // MARK: - PNG

    /// The PNG size in pixels, refused before allocation when over the limits.
    func pixelSize() throws -> (width: Int, height: Int) {
        let w = (frame.size.width * grid.scale).rounded(), h = (frame.size.height * grid.scale).rounded()
        func text(_ v: Double) -> String { v.isFinite && abs(v) < 1e15 ? String(Int(v)) : String(v) }
        guard w <= Double(RenderJob.maxPixelsPerSide), h <= Double(RenderJob.maxPixelsPerSide), w * h <= Double(RenderJob.maxPixels) else {
            throw RenderError("canvas \(text(w))×\(text(h)) px is too large (at most \(RenderJob.maxPixelsPerSide) px per side and \(RenderJob.maxPixels) px in all)", badInput: true)
        }
        guard w >= 1, h >= 1 else { throw RenderError("canvas \(text(w))×\(text(h)) px is empty", badInput: true) }
        return (Int(w), Int(h))
    }

    /// Renders the PNG band by band (tiles of ≤ 32767 px side by side when wider) into two
    /// reusable buffers: while one band is compressed on a background queue the next is painted.
    /// Peak memory is two bands, whatever the height. Writes to `path`, or returns the bytes.
    func png(path: String?, options: RenderOptions, maxBandRows: Int = RenderJob.maxBandRows) throws -> [UInt8] {
        let (width, height) = try pixelSize()
        painter.pixelsPerDeviceUnit = 1
        let bandRows = max(1, min(maxBandRows, RenderJob.bandBytes / (width * 4), height))
        let encoder = BandEncoder(try PNGEncoder(path: path, width: width, height: height, alpha: !grid.background.isOpaque,
                                                 level: max(0, min(9, options.pngCompression)), filter: options.pngFilter.mask))
        let bands = height > bandRows ? [try BandBuffer(width: width, rows: bandRows), try BandBuffer(width: width, rows: bandRows)]
                                       : [try BandBuffer(width: width, rows: bandRows)]
        defer { encoder.drain() }
        let s = grid.scale
        for (index, y) in Swift.stride(from: 0, to: height, by: bandRows).enumerated() {
            let band = bands[index % bands.count]
            let rows = min(bandRows, height - y)
            band.free.wait()
            for (x, cr) in band.tiles {
                cr.identityMatrix()
                cr.paintReplacing(grid.background)
                cr.translate(Double(-x), Double(-y))
                cr.scale(s, s)
                let visible = Rect(x: Double(x) / s, y: Double(y) / s, width: Double(cr.surface.width) / s, height: Double(rows) / s)
                do { try paintCanvas(cr, visible: visible) } catch { band.free.signal(); throw error }
                cr.surface.flush()
            }
            encoder.submit(band, rows: rows)
        }
        // The bands' contexts are destroyed here, on this thread, after the last band is encoded.
        return try withExtendedLifetime(bands) { try encoder.finish() }
    }

    // MARK: - SVG

    func svg() throws -> [UInt8] {
        painter.pixelsPerDeviceUnit = grid.scale
        let surface = try CairoSurface.svg(width: frame.size.width, height: frame.size.height)
        try withContext(surface) { cr in
            paintBackground(cr, Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height))
            try paintCanvas(cr, visible: Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height))
        }
        return SVGIdNormalizer.normalize(try surface.finish())
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

    func pdf() throws -> [UInt8] {
        painter.pixelsPerDeviceUnit = grid.scale
        guard let page = grid.page else {
            let surface = try CairoSurface.pdf(width: frame.size.width, height: frame.size.height)
            try withContext(surface) { cr in
                let all = Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)
                paintBackground(cr, all)
                try paintCanvas(cr, visible: all)
                cr.showPage()
            }
            return try surface.finish()
        }
        let pages = PDFPagination(job: self, page: page)
        painter.pixelsPerDeviceUnit = grid.scale / pages.fit
        let surface = try CairoSurface.pdf(width: page.width, height: page.height)
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
        return try surface.finish()
    }
}
