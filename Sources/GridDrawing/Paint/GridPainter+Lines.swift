import GridDocument
import GridLayout

/// The line rules of `GridPainter`: grid lines (per family, spans and empty slots leaving gaps,
/// the header rule), lines closing a viewport and between frozen regions, the outer line and
/// cell borders. Each adds rectangles (solid) or segments (dashed) placed on whole points and
/// device pixels (`DeviceTransform.lineSpan`) to the painter's batches, recorded into a
/// display list (`recordLines`) and drawn by `CairoPlayer`; `gridLines` and `outerLineList`
/// return the list itself, so the rules are tested without a surface.
extension GridPainter {

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
        CairoPlayer.playShapes(list, on: cr)
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

    func paintGridLines(_ cr: CairoContext, _ device: DeviceTransform, rows: Range<Int>, columns: Range<Int>) {
        if itemsOwnLines {
            paintItemBoxes(cr, device, rows: rows, columns: columns)
            return
        }
        CairoPlayer.playShapes(gridLines(device, rows: rows, columns: columns), on: cr)
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

    func paintClosingLines(_ cr: CairoContext, regions: [ViewportRegion]) {
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
    func paintFrozenBoundaries(_ cr: CairoContext, regions: [ViewportRegion]) {
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
    func paintOuterLine(_ cr: CairoContext, regions: [ViewportRegion]) {
        CairoPlayer.playShapes(outerLineList(cr.deviceTransform.scaled(by: pixelsPerDeviceUnit), regions: regions), on: cr)
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
    func addBorders(_ device: DeviceTransform, _ items: [(cell: PlacedCell, style: ResolvedStyle)]) {
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

    /// The borders of `items` as drawn (top, bottom trimmed by `bottomBorderTrim`, left, right;
    /// inside the cell's frame; faded by the cell's opacity), after anything pending.
    func borderLines(_ device: DeviceTransform, items: [(cell: PlacedCell, style: ResolvedStyle)]) -> DisplayList {
        var list = DisplayList()
        addBorders(device, items)
        recordLines(into: &list)
        return list
    }
}
