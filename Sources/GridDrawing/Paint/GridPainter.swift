import GridDocument
import GridLayout

/// Paints cells, grid lines, borders, selection glow, swatches, images and text into a Cairo
/// context whose user space is grid-canvas points: its rules record display lists (lines,
/// content a slab at a time) that `CairoPlayer` plays. It is told which part of the canvas the target
/// shows (`visible`: a PNG band, a PDF page, the whole SVG) and queries only the cells there, so
/// painting a band costs what is in it, not what is in the table.
///
/// Pass order: backgrounds, grid lines (the `onTop` family last), header separator, cell borders,
/// selection glow, swatches, images, text; the outer line last, over everything.
/// Same-colour fills and same-style strokes go out as one path each (`FillBatch`).
final class GridPainter {
    let grid: PreparedGrid
    let geometry: Layout
    /// Layouts of the cell texts recorded and not yet played.
    let scratch: ScratchLayouts
    /// The content recorded for the slab being painted (kept for its storage).
    private(set) var content = DisplayList()
    /// The glyphs of `content` played and not yet shown (shown at the end of each slab).
    private var joiner = GlyphJoiner()
    let images: ImageCache
    var fills = FillBatch()
    var strokes = StrokeBatch()
    /// The cells of the region being painted with their styles, reused between regions and bands.
    var items: [(cell: PlacedCell, style: ResolvedStyle)] = []
    /// The edges of `items` whose dashed borders replace the grid line (`MaskedEdges`).
    var maskedEdges = MaskedEdges()
    /// The glows the cells pass painted beside the outer line, for the overlay to paint on it.
    var glowsOnOuterLine: [(region: ViewportRegion, clip: Rect, runs: [GlowRun])] = []
    /// The dashed-border edges the cells pass found in each region, for the overlay's outer line.
    var outerLineMasks: [(region: ViewportRegion, edges: MaskedEdges)] = []
    let decimals: DecimalColumns
    let lastHeaderRow: Int?
    /// Snapping units per device unit of the target: 1 for PNG (device units are its pixels)
    /// and for SVG and PDF (device units are points, which the layout snapped to, so their
    /// output does not depend on the scale); a paginated PDF page scaled to fit uses the
    /// inverse of its fit, so edges land on whole canvas points.
    var pixelsPerDeviceUnit = 1.0

    /// Layouts the measurer shaped with this painter's context, shown instead of shaping again.
    let shaped: ShapedLayouts?
    let context: TextContext
    /// The links painted since `takeLinks()`, in device coordinates, when `recordsLinks` (SVG
    /// adds them to its document; PDF has them as annotations already).
    var linkAreas: [LinkArea] = []
    var recordsLinks = false
    /// Layouts other lanes shaped (`TextLanes.helperShapedLayouts`), while those lanes are idle.
    var borrowedLayouts: [ShapedLayouts] = []
    /// Long texts laid out once by this painter (`prepared(_:style:width:link:scratch:)`).
    private var longLayouts: [LongText: TextLayout] = [:]

    init(grid: PreparedGrid, geometry: Layout, context: TextContext, images: ImageCache, decimals: DecimalColumns,
         shaped: ShapedLayouts? = nil) {
        self.shaped = shaped.flatMap { $0.context === context ? $0 : nil }
        self.context = context
        self.grid = grid
        self.decimals = decimals
        self.geometry = geometry
        self.scratch = ScratchLayouts(context: context)
        self.images = images
        lastHeaderRow = geometry.rowKinds.lastIndex(of: .header)
    }

    /// Texts of at least this many UTF-8 bytes are laid out once per painter and kept.
    static let longTextBytes = 2048
    /// At most this many long layouts are kept (a few cells or titles of thousands of characters).
    static let longLayoutCapacity = 8

    private struct LongText: Hashable {
        var text: String
        var style: ResolvedStyle
        var width: Double?
        var link: String?
    }

    /// `string` laid out for `style` in `width` (as `TextLayout.prepare`): in `scratch`, or, for a
    /// long text, in a layout of its own that this painter keeps. A tall cell or title crosses
    /// many PNG bands and is shown once in each: re-preparing the shared layout every time shaped
    /// a 100,000-character word once per band (26 times for one 52,000-pixel cell). The kept
    /// layout is the same Pango layout the scratch one would be, so the pixels do not change.
    func prepared(_ string: String, style: ResolvedStyle, width: Double?, link: String? = nil, scratch: TextLayout) -> TextLayout {
        guard string.utf8.count >= GridPainter.longTextBytes else {
            scratch.prepare(string, style: style, width: width, link: link)
            return scratch
        }
        let key = LongText(text: string, style: style, width: width, link: link)
        if let kept = longLayouts[key] { return kept }
        if longLayouts.count >= GridPainter.longLayoutCapacity { longLayouts.removeAll() }
        let layout = TextLayout(context: context)
        layout.prepare(string, style: style, width: width, link: link)
        longLayouts[key] = layout
        return layout
    }

    /// Forgets the colour and line-style order of earlier bands, so a PNG band paints the same
    /// whichever bands this painter painted before (bands go to several threads).
    func startBand() {
        fills.forgetOrder()
        strokes.forgetOrder()
    }

    /// Which parts of the grid `paint` draws. A vector output painted in parts (`RenderJob`)
    /// paints the cells once, the text of each chunk of rows on a lane of its own, and the
    /// overlay last. That stacks as one pass does: a cell's text lies inside its frame (clipped
    /// when it does not fit) and frames do not overlap, so nothing painted after it in one pass
    /// covers it, and regions are clipped apart.
    struct Layers: OptionSet {
        let rawValue: Int
        /// Backgrounds, grid lines, borders, selection glow, swatches and images.
        static let cells = Layers(rawValue: 1)
        /// Cell text.
        static let text = Layers(rawValue: 2)
        /// The lines over all regions: frozen boundaries, PDF closing lines, the outer line.
        static let overlay = Layers(rawValue: 4)
        static let all: Layers = [.cells, .text, .overlay]
    }

    /// Paints `regions` (grid-canvas coordinates) where they meet `visible`. `closeBottoms`
    /// (PDF pages) draws the horizontal line under a region that ends at a row boundary inside the
    /// table, which otherwise falls on the next page. `layers` says what to draw; `rows`, when
    /// set, limits the cells painted to those whose first row is in it (a chunk's text).
    func paint(_ cr: CairoContext, regions: [ViewportRegion], visible: Rect, closeBottoms: Bool = false,
               layers: Layers = .all, rows: Range<Int>? = nil) throws {
        if !layers.isDisjoint(with: [.cells, .text]) {
            let bounds = regions.dropFirst().reduce(regions.first?.clip) { $0?.union($1.clip) }
            if layers.contains(.cells) { glowsOnOuterLine = []; outerLineMasks = [] }
            // Worked out only when a glow needs it (`OverflowReport` walks the tracks).
            let canvas = cr.deviceTransform.scaled(by: pixelsPerDeviceUnit)
            var lineRects: [Rect]?
            let outerLine = { () -> [Rect] in
                if let lineRects { return lineRects }
                let rects = self.outerLineRects(regions, canvas)
                lineRects = rects
                return rects
            }
            for region in regions {
                try paint(cr, region, visible: visible, layers: layers, rows: rows, gridBounds: bounds ?? region.clip,
                          outerLine: outerLine)
            }
        }
        if layers.contains(.overlay) {
            paintFrozenBoundaries(cr, regions: regions)
            if closeBottoms { paintClosingLines(cr, regions: regions) }
            paintOuterLine(cr, regions: regions)
            try paintGlowsOnOuterLine(cr, regions: regions)
            outerLineMasks = []
        }
        try cr.checkStatus("painting the grid")
    }

    // MARK: - One region

    /// The clip of a region's glows: the region's clip grown by the widest glow on the sides
    /// where it is the grid's edge, so a glow there reaches into the padding instead of being cut
    /// flat; between regions (frozen panes) it stays inside its own region.
    static func glowClip(_ region: ViewportRegion, gridBounds: Rect) -> Rect {
        let c = region.clip, reach = glowReach(maxGlowRadius)
        let left = c.x <= gridBounds.x + 1e-9 ? reach : 0, right = c.maxX >= gridBounds.maxX - 1e-9 ? reach : 0
        let top = c.y <= gridBounds.y + 1e-9 ? reach : 0, bottom = c.maxY >= gridBounds.maxY - 1e-9 ? reach : 0
        return Rect(x: c.x - left, y: c.y - top, width: c.width + left + right, height: c.height + top + bottom)
    }

    private func paint(_ cr: CairoContext, _ region: ViewportRegion, visible: Rect, layers: Layers, rows limit: Range<Int>?,
                       gridBounds: Rect, outerLine: () -> [Rect]) throws {
        // A glow reaches beyond the grid: the part of the canvas next to it still paints it.
        let glowClip = GridPainter.glowClip(region, gridBounds: gridBounds)
        let glowShown = layers.contains(.cells) && limit == nil ? glowClip.intersection(visible) : nil
        let inside = region.clip.intersection(visible)
        guard var shown = inside ?? glowShown else { return }
        let onlyGlow = inside == nil
        if let limit {
            // Only the band of the region the limited rows lie in.
            let R = geometry.rows
            let first = max(limit.lowerBound, region.rows.lowerBound), end = min(limit.upperBound, region.rows.upperBound, R.count)
            guard first < end, let band = shown.intersection(Rect(x: shown.x, y: R[first].offset + region.offset.y, width: shown.width,
                                                                  height: R[end - 1].end - R[first].offset)) else { return }
            shown = band
        }
        let rows = geometry.rows.indices(overlapping: shown.y - region.offset.y, shown.maxY - region.offset.y).clamped(to: region.rows)
        let columns = geometry.columns.indices(overlapping: shown.x - region.offset.x, shown.maxX - region.offset.x).clamped(to: region.columns)
        guard onlyGlow || (!rows.isEmpty && !columns.isEmpty) else { return }
        cr.save()
        defer { cr.restore() }
        cr.translate(region.offset.x, region.offset.y)
        let device = cr.deviceTransform.scaled(by: pixelsPerDeviceUnit)
        cr.translate(-region.offset.x, -region.offset.y)

        // Cells just outside the visible part still glow into it: query a little wider.
        let reach = layers.contains(.cells) ? GridPainter.glowReach(GridPainter.maxGlowRadius) : 0
        let query = Rect(x: shown.x - region.offset.x - reach, y: shown.y - region.offset.y - reach,
                         width: shown.width + 2 * reach, height: shown.height + 2 * reach)
        slabs = ItemSlabs(query: query, region: region, limit: limit, rows: geometry.rows, columnCount: columns.count,
                          cellsPerSlab: slabCells)
        defer { slabs = nil }
        collectItems(slab: 0)

        // Which of the later passes have anything to draw (each is a walk over the slabs).
        var glows = onlyGlow
        if layers.contains(.cells) && !onlyGlow {
            cr.save()
            cr.rectangle(region.clip)
            cr.clip()
            cr.translate(region.offset.x, region.offset.y)
            var bars = false, borders = false
            forEachSlab {
                for (cell, style) in items {
                    fills.add(device.snap(cell.frame), style.background.faded(style.opacity))
                    bars = bars || style.bar != nil
                    let b = style.borders
                    borders = borders || b.top != nil || b.right != nil || b.bottom != nil || b.left != nil
                    glows = glows || style.shadow != nil
                }
            }
            fills.flush(cr)
            if bars { forEachSlab { paintBars(device) } }
            var masked = MaskedEdges()
            if borders { forEachSlab { masked.add(MaskedEdges(items)) } }
            maskedEdges = masked
            if !masked.isEmpty { outerLineMasks.append((region, masked)) }
            paintGridLines(cr, device, rows: rows, columns: columns)
            if borders { forEachSlab { addBorders(device, items) } }
            flushLines(cr)
            cr.restore()
        }
        if glowShown != nil && glows {
            var runs: [GlowRun] = []
            forEachSlab { runs += glowRuns() }
            if !runs.isEmpty {
                cr.save()
                cr.rectangle(glowClip)
                cr.clip()
                cr.translate(region.offset.x, region.offset.y)
                // The outer line is drawn over everything after the regions: the glow on it is
                // left out here and painted over the line then (`paintGlowsOnOuterLine`).
                let line = outerLine()
                try paintGlow(cr, device, runs: runs, part: .besideLine(line))
                if !line.isEmpty { glowsOnOuterLine.append((region, glowClip, runs)) }
                cr.restore()
            }
        }
        guard !onlyGlow else { return }
        cr.rectangle(region.clip)
        cr.clip()
        cr.translate(region.offset.x, region.offset.y)
        // Cell content: recorded a slab at a time, played in parts of at most `contentItems`
        // nodes or `ScratchLayouts.capacity` Pango texts; glyphs pending at the end of a part
        // wait for the next one, so the calls are those of the slab in one list.
        let target = PaintTarget(cr)
        let source = grid.cells
        try forEachSlab {
            for (cell, style) in items {
                let content = source.content(row: cell.row, column: cell.column, item: cell.item)
                if case .text = content { guard layers.contains(.text) else { continue } } else { guard layers.contains(.cells) else { continue } }
                let header = structure != nil && geometry.rowKinds[cell.row] == .header
                let tagged = structure?.beginCell(cell, header: header, into: &self.content) ?? false
                try recordContent(into: &self.content, target, device, cell, style, content)
                if tagged { structure?.endCell(header: header, into: &self.content) }
                if scratch.isFull || self.content.items.count >= contentItems { try playContent(cr) }
            }
            try playContent(cr)
            joiner.flush(cr)
        }
        // A region's rows end with it (the next region is another page's or other rows).
        if let structure {
            structure.closeRow(into: &content)
            try playContent(cr)
        }
        fills.flush(cr)
    }

    /// The structure of a tagged PDF, recorded around each cell's content (`PDFStructure`);
    /// nil for PNG, SVG and untagged PDF.
    var structure: PDFStructure?

    /// The most nodes of cell content recorded before they are played (a slab holds up to
    /// 16,384 cells: recorded whole, a PDF slab's glyphs took megabytes; tests play in small
    /// parts to compare with one).
    var contentItems = 1024

    /// Plays the content recorded so far (its last glyphs left pending in `joiner`), keeps its
    /// links for SVG and frees its layouts.
    private func playContent(_ cr: CairoContext) throws {
        let links = try CairoPlayer.play(content, on: cr, joiner: &joiner)
        if recordsLinks { linkAreas += links }
        content.removeAll()
        scratch.releaseAll()
    }

    /// Plays `list`, keeping its links for SVG (`recordsLinks`).
    func play(_ list: DisplayList, on cr: CairoContext) throws {
        let links = try CairoPlayer.play(list, on: cr)
        if recordsLinks { linkAreas += links }
    }

    /// When set, cell text that shows the same as plain glyphs is recorded so (`GlyphBatch`),
    /// and the player joins it into stretches of one font and colour: every PDF
    /// (`RenderJob.pdf`), whose bytes are the same and whose recording is far smaller.
    var glyphBatch: GlyphBatch?

    /// Cells per slab of `items` (tests paint in small slabs to compare with one).
    var slabCells = ItemSlabs.defaultCellsPerSlab
    /// The slabs of the region being painted, while `paint` paints it.
    private var slabs: ItemSlabs?

    /// Fills `items` with the cells of slab `index` and their styles.
    private func collectItems(slab index: Int) {
        guard let slabs else { return }
        items.removeAll(keepingCapacity: true)
        let source = grid.cells, region = slabs.region, limit = slabs.limit
        let keep = slabs.rows(ofSlab: index)
        for cell in geometry.cells(in: slabs.rect(ofSlab: index))
        where region.rows.overlaps(cell.row..<cell.row + cell.rowSpan)
            && region.columns.overlaps(cell.column..<cell.column + cell.columnSpan)
            && limit?.contains(cell.row) != false && keep.contains(cell.row) {
            items.append((cell, source.style(row: cell.row, column: cell.column, item: cell.item)))
        }
    }

    /// Runs `body` with `items` holding each slab's cells in turn, in row order: once with the
    /// cells already collected when the region is one slab. A pass that adds to a batch over all
    /// slabs and flushes after them draws exactly what one pass over every cell draws.
    func forEachSlab(_ body: () throws -> Void) rethrows {
        guard let slabs, slabs.count > 1 else { return try body() }
        for index in 0..<slabs.count {
            collectItems(slab: index)
            try body()
        }
    }

    /// Data bars (a column's `bar`): over the background, under lines and text, inside the
    /// cell's padding. The prepared style says where the bar starts and ends.
    private func paintBars(_ device: DeviceTransform) {
        for (cell, style) in items {
            guard let bar = style.bar else { continue }
            let inner = cell.frame.inset(by: style.padding)
            let rect = Rect(x: inner.x + bar.start * inner.width, y: inner.y,
                            width: (bar.end - bar.start) * inner.width, height: inner.height)
            fills.add(device.snap(rect), bar.color.faded(style.opacity))
        }
    }

}
