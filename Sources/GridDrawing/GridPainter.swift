import GridDocument
import GridLayout

/// Paints cells, grid lines, borders, selection glow, swatches, images and text into a Cairo
/// context whose user space is grid-canvas points. It is told which part of the canvas the target
/// shows (`visible`: a PNG band, a PDF page, the whole SVG) and queries only the cells there, so
/// painting a band costs what is in it, not what is in the table.
///
/// Pass order: backgrounds, grid lines (the `onTop` family last), header separator, cell borders,
/// selection glow, swatches, images, text; the outer line last, over everything.
/// Same-colour fills and same-style strokes go out as one path each (`FillBatch`).
final class GridPainter {
    let grid: PreparedGrid
    let geometry: Layout
    private let text: TextLayout
    private let images: ImageCache
    private var fills = FillBatch()
    private var strokes = StrokeBatch()
    /// The cells of the region being painted with their styles, reused between regions and bands.
    var items: [(cell: PlacedCell, style: ResolvedStyle)] = []
    /// The edges of `items` whose dashed borders replace the grid line (`MaskedEdges`).
    var maskedEdges = MaskedEdges()
    /// The glows the cells pass painted beside the outer line, for the overlay to paint on it.
    var glowsOnOuterLine: [(region: ViewportRegion, clip: Rect, runs: [GlowRun])] = []
    /// The dashed-border edges the cells pass found in each region, for the overlay's outer line.
    var outerLineMasks: [(region: ViewportRegion, edges: MaskedEdges)] = []
    private let decimals: DecimalColumns
    let lastHeaderRow: Int?
    /// Snapping units per device unit of the target: 1 for PNG (device units are its pixels)
    /// and for SVG and PDF (device units are points, which the layout snapped to, so their
    /// output does not depend on the scale); a paginated PDF page scaled to fit uses the
    /// inverse of its fit, so edges land on whole canvas points.
    var pixelsPerDeviceUnit = 1.0

    /// Layouts the measurer shaped with this painter's context, shown instead of shaping again.
    private let shaped: ShapedLayouts?
    private let context: TextContext
    /// The links painted since `takeLinks()`, in device coordinates, when `recordsLinks` (SVG
    /// adds them to its document; PDF has them as annotations already).
    private var linkAreas: [LinkArea] = []
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
        self.text = TextLayout(context: context)
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
            if borders { forEachSlab { addBorders(device) } }
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
        let source = grid.cells
        try forEachSlab {
            for (cell, style) in items {
                let content = source.content(row: cell.row, column: cell.column, item: cell.item)
                if case .text = content { guard layers.contains(.text) else { continue } } else { guard layers.contains(.cells) else { continue } }
                try paintContent(cr, device, cell, style, content)
            }
            glyphBatch?.flush(cr)
        }
        fills.flush(cr)
    }

    /// When set, cell text is shown in stretches of one font and colour (`GlyphBatch`): every
    /// PDF (`RenderJob.pdf`), whose bytes are the same and whose recording is far smaller. Drawing the batch does not
    /// hold: an image, a text Pango must show and the end of each slab show what is pending.
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

    // MARK: - Lines

    /// Adds a line along the horizontal edge at `y` from `x0` to `x1`, whole points thick
    /// (`DeviceTransform.lineSpan`).
    func horizontalLine(_ device: DeviceTransform, y: Double, x0: Double, x1: Double,
                                _ style: LineStyle, _ placement: DeviceTransform.Placement) {
        let span = device.lineSpan(y, width: style.width, vertical: false, placement)
        let left = device.snapX(x0), right = device.snapX(x1)
        let y0 = device.userY(span.start), y1 = device.userY(span.end)
        if style.dash.isEmpty {
            fills.add(Rect(x: left, y: y0, width: right - left, height: y1 - y0), style.color)
        } else {
            strokes.add(.init(x0: left, y0: (y0 + y1) / 2, x1: right, y1: (y0 + y1) / 2), style, width: y1 - y0)
        }
    }

    func verticalLine(_ device: DeviceTransform, x: Double, y0: Double, y1: Double,
                              _ style: LineStyle, _ placement: DeviceTransform.Placement) {
        let span = device.lineSpan(x, width: style.width, vertical: true, placement)
        let top = device.snapY(y0), bottom = device.snapY(y1)
        let x0 = device.userX(span.start), x1 = device.userX(span.end)
        if style.dash.isEmpty {
            fills.add(Rect(x: x0, y: top, width: x1 - x0, height: bottom - top), style.color)
        } else {
            strokes.add(.init(x0: (x0 + x1) / 2, y0: top, x1: (x0 + x1) / 2, y1: bottom), style, width: x1 - x0)
        }
    }

    /// Draws the pending fills and strokes (`recordLines`, then `CairoPlayer`).
    func flushLines(_ cr: CairoContext) {
        var list = DisplayList()
        recordLines(into: &list)
        CairoPlayer.play(list, on: cr)
    }

    /// Moves the pending fills, then strokes, into `list`.
    func recordLines(into list: inout DisplayList) {
        fills.record(into: &list)
        strokes.record(into: &list)
    }

    /// The edge between track `i - 1` and track `i` (the middle of any gap), and how a line sits on it:
    /// inside the grid at its outer edges, centred elsewhere.
    static func edge(_ tracks: [Track], _ i: Int) -> (Double, DeviceTransform.Placement) {
        if i == 0 { return (tracks[0].offset, .after) }
        if i == tracks.count { return (tracks[i - 1].end, .before) }
        return ((tracks[i - 1].end + tracks[i].offset) / 2, .centered)
    }

    /// Where a run of tracks `a...b` starts and ends, reaching into the middle of neighbouring gaps.
    private static func extent(_ tracks: [Track], _ a: Int, _ b: Int) -> (Double, Double) {
        (a > 0 ? (tracks[a - 1].end + tracks[a].offset) / 2 : tracks[a].offset,
         b + 1 < tracks.count ? (tracks[b].end + tracks[b + 1].offset) / 2 : tracks[b].end)
    }

    private func paintGridLines(_ cr: CairoContext, _ device: DeviceTransform, rows: Range<Int>, columns: Range<Int>) {
        if itemsOwnLines {
            paintItemBoxes(cr, device, rows: rows, columns: columns)
            return
        }
        CairoPlayer.play(gridLines(device, rows: rows, columns: columns), on: cr)
    }

    /// The grid lines of `rows` × `columns` (and what was pending before them), as drawn: per
    /// family in `onTop` order, fills then strokes, then the header rule. Table mode only.
    func gridLines(_ device: DeviceTransform, rows: Range<Int>, columns: Range<Int>) -> DisplayList {
        var list = DisplayList()
        let lines = grid.gridLines
        let R = geometry.rows, C = geometry.columns
        let families: [GridLines.Family] = lines.onTop == .horizontal ? [.vertical, .horizontal] : [.horizontal, .vertical]
        // Without an outer line (or when hidden empty slots leave no rectangle to draw it
        // around), each family also draws the grid's outer edges (inset).
        let outerEdges = lines.outer == nil || hidesEmptySlots
        for family in families {
            switch family {
            case .horizontal:
                guard let style = lines.horizontal else { continue }
                for j in rows.lowerBound...rows.upperBound where outerEdges || (j > 0 && j < R.count) {
                    // The header rule replaces the line it lies on, so a dashed rule shows no line in its gaps.
                    if lines.header != nil, let h = lastHeaderRow, j == h + 1 { continue }
                    let (y, placement) = GridPainter.edge(R, j)
                    let edgeStyle = (j == 0 || j == R.count) ? (lines.outer ?? style) : style
                    forEachRun(columns, blocked: { c in self.spanCrossesRowEdge(j, column: c) || self.emptyOnBothSides(row: j, column: c)
                        || self.maskedEdges.hidesRowEdge(j, column: c) }) { a, b in
                        let (x0, x1) = GridPainter.extent(C, a, b)
                        horizontalLine(device, y: y, x0: x0, x1: x1, edgeStyle, placement)
                    }
                }
            case .vertical:
                guard let style = lines.vertical else { continue }
                for i in columns.lowerBound...columns.upperBound where outerEdges || (i > 0 && i < C.count) {
                    let (x, placement) = GridPainter.edge(C, i)
                    let inner = i > 0 && i < C.count
                    let edgeStyle = inner ? style : (lines.outer ?? style)
                    forEachRun(rows, blocked: { r in (inner && self.spanCrossesColumnEdge(i, row: r)) || self.emptyOnBothSides(column: i, row: r)
                        || self.maskedEdges.hidesColumnEdge(i, row: r) }) { a, b in
                        let (y0, y1) = GridPainter.extent(R, a, b)
                        verticalLine(device, x: x, y0: y0, y1: y1, edgeStyle, placement)
                    }
                }
            }
            recordLines(into: &list)
        }
        if let style = lines.header, let h = lastHeaderRow, rows.contains(h) || rows.contains(h + 1) {
            let (y, placement) = GridPainter.edge(R, h + 1)
            let (x0, x1) = GridPainter.extent(C, columns.lowerBound, columns.upperBound - 1)
            horizontalLine(device, y: y, x0: x0, x1: x1, style, placement)
            recordLines(into: &list)
        }
        return list
    }

    /// Calls `body(a, b)` for every maximal run `a...b` of indices in `range` that are not blocked.
    private func forEachRun(_ range: Range<Int>, blocked: (Int) -> Bool, _ body: (Int, Int) -> Void) {
        var start: Int?
        for i in range {
            if blocked(i) {
                if let s = start { body(s, i - 1); start = nil }
            } else if start == nil {
                start = i
            }
        }
        if let s = start { body(s, range.upperBound - 1) }
    }

    /// True when a spanning cell covers both sides of the edge above row `j` in `column`.
    private func spanCrossesRowEdge(_ j: Int, column: Int) -> Bool {
        for s in grid.spec.spans where s.row < j && j < s.row + s.rows && s.column <= column && column < s.column + s.columns {
            return true
        }
        return false
    }

    /// True when a section header or a spanning cell covers both sides of the edge left of column `i`.
    private func spanCrossesColumnEdge(_ i: Int, row: Int) -> Bool {
        if geometry.rowKinds[row] == .section { return true }
        for s in grid.spec.spans where s.column < i && i < s.column + s.columns && s.row <= row && row < s.row + s.rows {
            return true
        }
        return false
    }

    private func paintClosingLines(_ cr: CairoContext, regions: [ViewportRegion]) {
        guard let style = grid.gridLines.horizontal else { return }
        let R = geometry.rows, C = geometry.columns
        let device = cr.deviceTransform.scaled(by: pixelsPerDeviceUnit)
        // The last rows shown: lines between regions are drawn by the region below them.
        if let region = regions.filter({ !$0.rows.isEmpty }).max(by: { $0.rows.upperBound < $1.rows.upperBound }),
           region.rows.upperBound < R.count {
            let columns = region.columns.clamped(to: 0..<C.count)
            guard !columns.isEmpty else { return }
            let (x0, x1) = GridPainter.extent(C, columns.lowerBound, columns.upperBound - 1)
            horizontalLine(device, y: R[region.rows.upperBound - 1].end + region.offset.y,
                           x0: x0 + region.offset.x, x1: x1 + region.offset.x, style, .before)
        }
        flushLines(cr)
    }

    /// The lines between frozen and scrolled regions. Each region clips its own lines, so a line
    /// centred on the boundary lost the half outside the frozen region whenever the scrolled side
    /// did not start on a track edge. Drawn centred on the boundary, as an unscrolled grid has it
    /// (the same pixels when the scroll is on a track edge), over the whole shown grid.
    private func paintFrozenBoundaries(_ cr: CairoContext, regions: [ViewportRegion]) {
        guard regions.count > 1, let bounds = shownBounds(regions) else { return }
        let lines = grid.gridLines
        let device = cr.deviceTransform.scaled(by: pixelsPerDeviceUnit)
        // A frozen side: a region that does not scroll on that axis, with a region next to it that does.
        let frozenRight = regions.filter { r in r.offset.x == 0 && regions.contains { $0.offset.x != 0 && abs($0.clip.x - r.clip.maxX) < 1e-9 } }
            .map(\.clip.maxX).max()
        let frozenBottom = regions.filter { r in r.offset.y == 0 && regions.contains { $0.offset.y != 0 && abs($0.clip.y - r.clip.maxY) < 1e-9 } }
        if let x = frozenRight, let style = lines.vertical, x > bounds.x, x < bounds.maxX {
            verticalLine(device, x: x, y0: bounds.y, y1: bounds.maxY, style, .centered)
        }
        if let region = frozenBottom.max(by: { $0.clip.maxY < $1.clip.maxY }), !region.rows.isEmpty {
            let y = region.clip.maxY
            let last = region.rows.upperBound - 1
            let style = last == lastHeaderRow ? (lines.header ?? lines.horizontal) : lines.horizontal
            if let style, y > bounds.y, y < bounds.maxY {
                horizontalLine(device, y: y, x0: bounds.x, x1: bounds.maxX, style, .centered)
            }
        }
        flushLines(cr)
    }

    /// The part of the grid the regions show, in canvas coordinates.
    func shownBounds(_ regions: [ViewportRegion]) -> Rect? {
        let R = geometry.rows, C = geometry.columns
        var bounds: Rect?
        for region in regions where !region.rows.isEmpty && !region.columns.isEmpty {
            let rows = region.rows.clamped(to: 0..<R.count), columns = region.columns.clamped(to: 0..<C.count)
            guard !rows.isEmpty, !columns.isEmpty else { continue }
            let content = Rect(x: C[columns.lowerBound].offset + region.offset.x, y: R[rows.lowerBound].offset + region.offset.y,
                               width: C[columns.upperBound - 1].end - C[columns.lowerBound].offset,
                               height: R[rows.upperBound - 1].end - R[rows.lowerBound].offset)
            guard let part = content.intersection(region.clip) else { continue }
            bounds = bounds.map { $0.union(part) } ?? part
        }
        return bounds
    }

    /// The outer line (`outerLineSides`, less what dashed borders draw), drawn after everything
    /// else, then the part of any glow that lies on it (`paintGlowsOnOuterLine`).
    private func paintOuterLine(_ cr: CairoContext, regions: [ViewportRegion]) {
        CairoPlayer.play(outerLineList(cr.deviceTransform.scaled(by: pixelsPerDeviceUnit), regions: regions), on: cr)
    }

    /// The outer line of `regions` (less what dashed borders draw), as drawn.
    func outerLineList(_ device: DeviceTransform, regions: [ViewportRegion]) -> DisplayList {
        var list = DisplayList()
        for side in outerLineSides(regions).flatMap(unmasked) {
            if side.vertical {
                verticalLine(device, x: side.edge, y0: side.from, y1: side.to, side.style, side.placement)
            } else {
                horizontalLine(device, y: side.edge, x0: side.from, x1: side.to, side.style, side.placement)
            }
        }
        recordLines(into: &list)
        return list
    }

    /// Adds the borders of `items` to the batches (flushed by the caller after every slab).
    private func addBorders(_ device: DeviceTransform) {
        for (cell, style) in items {
            let b = style.borders, f = cell.frame
            if let top = b.top { horizontalLine(device, y: f.y, x0: f.x, x1: f.maxX, top.faded(style.opacity), .after) }
            if let bottom = b.bottom {
                let trim = min(style.bottomBorderTrim, f.width / 4)
                horizontalLine(device, y: f.maxY, x0: f.x + trim, x1: f.maxX - trim, bottom.faded(style.opacity), .before)
            }
            if let left = b.left { verticalLine(device, x: f.x, y0: f.y, y1: f.maxY, left.faded(style.opacity), .after) }
            if let right = b.right { verticalLine(device, x: f.maxX, y0: f.y, y1: f.maxY, right.faded(style.opacity), .before) }
        }
    }

    // MARK: - Content

    private func paintContent(_ cr: CairoContext, _ device: DeviceTransform, _ cell: PlacedCell,
                              _ style: ResolvedStyle, _ content: CellContent) throws {
        let frame = cell.frame
        let inner = frame.inset(by: style.padding)
        switch content {
        case .empty:
            return
        case .swatch(let color):
            let side = max(0, min(TextMeasurer.defaultGraphicSize, inner.width, inner.height))
            let x: Double = switch style.align {
            case .left: inner.x
            case .center: inner.x + (inner.width - side) / 2
            case .right, .decimal: inner.maxX - side
            }
            let y = verticalOrigin(style.verticalAlign, inner, height: side)
            fills.add(device.snap(Rect(x: x, y: y, width: side, height: side)), color.faded(style.opacity))
        case .image(let path, let fit):
            guard let (image, sx, sy) = try placedImage(path, fit, inner, deviceScale: cr.deviceTransform) else { return }
            // Where the whole image lies; a reduced image is stretched over the same place.
            let own = try images.size(path)
            let width = Double(own.width) * sx, height = Double(own.height) * sy
            let whole = image.width == own.width && image.height == own.height
            glyphBatch?.flush(cr)
            cr.save()
            cr.rectangle(inner)
            cr.clip()
            cr.setSource(image, x: inner.x + (inner.width - width) / 2, y: inner.y + (inner.height - height) / 2,
                         sx: whole ? sx : width / Double(image.width), sy: whole ? sy : height / Double(image.height))
            cr.paint(alpha: style.opacity)
            cr.restore()
        case .text(let string):
            guard !string.isEmpty else { return }
            paintText(cr, string, cell: cell, style: style, frame: frame, inner: inner)
        }
    }

    /// The image of an image cell as painted in `inner` with `fit`: the surface (at its painted
    /// size for raster output, `ImageCache`) and the file's scale in user space. Nil when there
    /// is nothing to paint.
    private func placedImage(_ path: String, _ fit: ImageFit, _ inner: Rect, deviceScale device: DeviceTransform) throws
        -> (ImageSource, sx: Double, sy: Double)? {
        guard let placed = try placement(path, fit, inner, deviceScale: device) else { return nil }
        return (try images.source(path, painted: placed.painted), placed.sx, placed.sy)
    }

    /// How `placedImage` scales the image: the file's scale in user space and its size in device
    /// pixels. Nil when there is nothing to paint.
    private func placement(_ path: String, _ fit: ImageFit, _ inner: Rect, deviceScale device: DeviceTransform) throws
        -> (sx: Double, sy: Double, painted: (width: Double, height: Double))? {
        let own = try images.size(path)
        let iw = Double(own.width), ih = Double(own.height)
        guard iw > 0, ih > 0, inner.width > 0, inner.height > 0 else { return nil }
        var sx = inner.width / iw, sy = inner.height / ih
        switch fit {
        case .contain: sx = min(sx, sy); sy = sx
        case .cover: sx = max(sx, sy); sy = sx
        case .fill: break
        }
        return (sx, sy, (iw * sx * abs(device.sx), ih * sy * abs(device.sy)))
    }

    /// The image of an image cell and the device pixels `paint` will show it at, `scale` per
    /// point (a PNG): infinite when it is not painted (it is still checked, whole). Nil for
    /// other cells.
    func imageRequest(_ cell: PlacedCell, scale: Double) throws -> ImageCache.Request? {
        guard case .image(let path, let fit) = grid.cells.content(row: cell.row, column: cell.column, item: cell.item) else { return nil }
        let style = grid.cells.style(row: cell.row, column: cell.column, item: cell.item)
        let placed = try placement(path, fit, cell.frame.inset(by: style.padding), deviceScale: DeviceTransform(sx: scale, sy: scale, tx: 0, ty: 0))
        return ImageCache.Request(path: path, painted: placed?.painted ?? (.infinity, .infinity))
    }

    private func verticalOrigin(_ align: VerticalAlign, _ inner: Rect, height: Double) -> Double {
        switch align {
        case .top: inner.y
        case .middle: inner.y + (inner.height - height) / 2
        case .bottom: inner.maxY - height
        }
    }

    /// The room Pango gets for a cell's text: its inner width, or none for decimal alignment
    /// (the painter places the point).
    private static func room(_ style: ResolvedStyle, _ inner: Rect) -> Double? {
        style.align == .decimal ? nil : inner.width
    }

    /// Shapes, into this painter's store, the text of the cells whose first row is in `rows` as
    /// `paint` will show it, where no kept natural layout stands in for it (`ShapedLayouts.prepare`).
    /// A lane does this for its rows before another thread paints them all.
    func prepareText(rows: Range<Int>) {
        guard let shaped, !rows.isEmpty, !geometry.columns.isEmpty else { return }
        let R = geometry.rows, C = geometry.columns
        let band = Rect(x: C[0].offset, y: R[rows.lowerBound].offset, width: C[C.count - 1].end - C[0].offset,
                        height: R[rows.upperBound - 1].end - R[rows.lowerBound].offset)
        let source = grid.cells
        for cell in geometry.cells(in: band) where rows.contains(cell.row) {
            guard case .text(let string) = source.content(row: cell.row, column: cell.column, item: cell.item),
                  !string.isEmpty else { continue }
            let style = source.style(row: cell.row, column: cell.column, item: cell.item)
            guard source.link(row: cell.row, column: cell.column, item: cell.item) == nil else { continue }
            shaped.prepare(string, style: style, width: GridPainter.room(style, cell.frame.inset(by: style.padding)))
        }
    }

    private func paintText(_ cr: CairoContext, _ string: String, cell: PlacedCell, style: ResolvedStyle, frame: Rect, inner: Rect) {
        let decimal = style.align == .decimal
        // The column's tail first: computing it reuses the text layout.
        let tail = decimal ? decimals.extent(column: cell.column).tail : 0
        let room = GridPainter.room(style, inner)
        let text: TextLayout
        let settings = TextLayout.settings(style: style, width: room)
        let link = grid.cells.link(row: cell.row, column: cell.column, item: cell.item)
        if link == nil, let kept = shaped?.layout(for: string, font: style.font, markup: style.markup, settings: settings)
            ?? borrowedLayouts.lazy.compactMap({ $0.layout(for: string, font: style.font, markup: style.markup, settings: settings) }).first {
            text = kept
        } else {
            text = prepared(string, style: style, width: room, link: link, scratch: self.text)
        }
        noteMissing(in: text, at: .cell(row: cell.row, column: cell.column, item: cell.item ?? -1))
        noteDropped(in: text, at: .cell(row: cell.row, column: cell.column, item: cell.item ?? -1))
        let logical = text.logicalRect
        var x: Double
        if text.hasWidth {
            x = inner.x
        } else {
            switch style.align {
            case .left: x = inner.x - logical.x
            case .center: x = inner.x + (inner.width - logical.width) / 2 - logical.x
            case .right: x = inner.maxX - logical.width - logical.x
            case .decimal:
                let point = DecimalColumns.pointX(string, width: logical.width, in: text, separator: grid.cells.decimalSeparator(column: cell.column))
                x = inner.maxX - tail - point
            }
        }
        if style.align == .right { x += markHang(string, text, style: style, right: x + logical.maxX, frame: frame) }
        let y = verticalOrigin(style.verticalAlign, inner, height: logical.height) - logical.y
        let drawn = Rect(x: x + logical.x, y: y + logical.y, width: logical.width, height: logical.height)
        // Clip only text that does not fit: a clip per cell would be a clipPath per cell in SVG.
        let epsilon = 1e-6
        let fits = drawn.x >= frame.x - epsilon && drawn.maxX <= frame.maxX + epsilon
            && drawn.y >= frame.y - epsilon && drawn.maxY <= frame.maxY + epsilon && text.lineLimit == 0
        if let glyphBatch {
            if fits && text.links.isEmpty && glyphBatch.add(text, in: cr, x: x, y: y, color: style.color.faded(style.opacity)) { return }
            glyphBatch.flush(cr)
        }
        if !fits {
            cr.save()
            let bottom = text.lineLimit > 0 ? min(frame.maxY, drawn.maxY) : frame.maxY
            cr.rectangle(Rect(x: frame.x, y: frame.y, width: frame.width, height: max(0, bottom - frame.y)))
            cr.clip()
        }
        cr.setSource(style.color.faded(style.opacity))
        text.show(in: cr, x: x, y: y)
        if !fits { cr.restore() }
        if !text.links.isEmpty { addLinks(cr, text, x: x, y: y, clip: frame) }
    }

    /// How far a right-aligned text whose last `hangingMarkBytes` are footnote marks moves right,
    /// so its figures end where an unmarked cell's do and the marks hang into the padding (as far
    /// as the cell reaches). `right`: where the text ends now. Zero for wrapped or markup text.
    private func markHang(_ string: String, _ text: TextLayout, style: ResolvedStyle, right: Double, frame: Rect) -> Double {
        let bytes = string.utf8.count, marks = style.hangingMarkBytes
        guard marks > 0, marks <= bytes, style.markup == .none, text.isSingleWholeLine else { return 0 }
        let logical = text.logicalRect
        let markWidth = logical.maxX - text.x(ofByteIndex: bytes - marks)
        return max(0, min(markWidth, frame.maxX - right))
    }

    /// Makes the links of the text just shown clickable: a PDF link annotation over each (Cairo's
    /// tag API), and areas kept in device coordinates for SVG, whose Cairo surface has no links.
    func addLinks(_ cr: CairoContext, _ text: TextLayout, x: Double, y: Double, clip: Rect) {
        let device = cr.deviceTransform
        // Only what this band, chunk or page shows: a tall cell of many links crosses many PNG bands.
        guard let clip = clip.intersection(cr.clipExtents()) else { return }
        for area in text.linkAreas() {
            let rects = area.rects.compactMap { Rect(x: x + $0.x, y: y + $0.y, width: $0.width, height: $0.height).intersection(clip) }
            guard !rects.isEmpty else { continue }
            cr.link(area.url, rects: rects)
            guard recordsLinks else { continue }
            linkAreas.append(LinkArea(url: area.url, rects: rects.map { r in
                Rect(x: device.deviceX(r.x), y: device.deviceY(r.y), width: r.width * device.sx, height: r.height * device.sy)
            }))
        }
    }

    /// Notes the links of `text` (just prepared or shown) that the link policy dropped, and
    /// font changes past the limit.
    func noteDropped(in text: TextLayout, at place: MissingGlyphs.Place) {
        if !text.droppedLinks.isEmpty { context.links.note(text.droppedLinks, at: place) }
        context.limits.note(fontChanges: text.fontChanges, lineBreaks: text.lineBreaks, at: place)
    }

    /// Notes the characters of `text` (just prepared or shown) that no font has.
    func noteMissing(in text: TextLayout, at place: MissingGlyphs.Place) {
        let missing = text.missingCharacters()
        if !missing.isEmpty { context.missing.add(missing, at: place) }
    }

    /// The link areas painted since the last call, in painting order.
    func takeLinks() -> [LinkArea] {
        defer { linkAreas = [] }
        return linkAreas
    }
}

extension Rect {
    func intersection(_ other: Rect) -> Rect? {
        let x0 = max(x, other.x), y0 = max(y, other.y), x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }
    func union(_ other: Rect) -> Rect {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }
    func inset(by p: Insets<Double>) -> Rect {
        Rect(x: x + p.left, y: y + p.top, width: max(0, width - p.left - p.right), height: max(0, height - p.top - p.bottom))
    }
}

extension DeviceTransform {
    /// `rect` with its edges moved to whole points and then whole device pixels (`edgeX`), so
    /// neighbouring cells meet without seams and scale exactly.
    func snap(_ rect: Rect) -> Rect {
        let x0 = snapX(rect.x), x1 = snapX(rect.maxX)
        let y0 = snapY(rect.y), y1 = snapY(rect.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension Color {
    /// The colour with its alpha multiplied by a style's opacity.
    func faded(_ opacity: Double) -> Color {
        opacity >= 1 ? self : Color(red: red, green: green, blue: blue, alpha: alpha * max(0, opacity))
    }
}

extension LineStyle {
    func faded(_ opacity: Double) -> LineStyle {
        opacity >= 1 ? self : LineStyle(width: width, color: color.faded(opacity), dash: dash)
    }
}
