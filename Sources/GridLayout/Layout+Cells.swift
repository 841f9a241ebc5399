extension Layout {
    /// The cell covering (row, column): a spanned position returns the span's anchor cell;
    /// nil where there is no cell (an empty item slot, a hidden column of a section row — a
    /// section row's one cell is returned for column 0 only — or a position outside the grid).
    package func cell(row: Int, column: Int) -> PlacedCell? {
        guard column == 0 || row < 0 || row >= rowKinds.count || rowKinds[row] != .section else { return nil }
        return coveringCell(row: row, column: column)
    }

    /// Like `cell(row:column:)`, but every column of a section row returns the section cell,
    /// as for any other span: what rectangle queries and iteration need.
    func coveringCell(row: Int, column: Int) -> PlacedCell? {
        guard row >= 0, row < rows.count, row < rowKinds.count, column >= 0, column < columns.count else { return nil }
        let section = row < rowSections.count ? rowSections[row] : 0
        if rowKinds[row] == .section {
            return placedCell(row: row, column: 0, rowSpan: 1, columnSpan: columns.count, item: nil, section: section)
        }
        var anchorRow = row, anchorColumn = column, rowSpan = 1, columnSpan = 1
        if let span = cellMap.spans.span(covering: row, column: column) {
            anchorRow = span.row; anchorColumn = span.column; rowSpan = span.rows; columnSpan = span.columns
        }
        switch cellMap.structure {
        case .table:
            let anchorSection = anchorRow < rowSections.count ? rowSections[anchorRow] : 0
            return placedCell(row: anchorRow, column: anchorColumn, rowSpan: rowSpan, columnSpan: columnSpan,
                              item: nil, section: anchorSection)
        case .items(let placement):
            guard let item = placement.item(row: anchorRow, column: anchorColumn) else { return nil }
            return placedCell(row: anchorRow, column: anchorColumn, rowSpan: rowSpan, columnSpan: columnSpan,
                              item: item, section: placement.section(ofItem: item))
        }
    }

    /// Cells whose frames intersect `rect` (content coordinates; touching edges do not count):
    /// a binary search over the track offsets, then only the cells in the found range — never
    /// a walk over all cells. Each cell once (spans included once), in row-major order of
    /// their anchors.
    package func cells(in rect: Rect) -> [PlacedCell] {
        guard rect.width > 0, rect.height > 0, !rect.x.isNaN, !rect.y.isNaN, !rect.maxX.isNaN, !rect.maxY.isNaN,
              let columnRange = TrackSearch.candidates(columns, from: rect.x, to: rect.maxX),
              let rowRange = TrackSearch.candidates(rows, from: rect.y, to: rect.maxY) else { return [] }
        var result: [PlacedCell] = []
        let positions = rowRange.count <= LayoutLimits.maxReservedCells / columnRange.count
            ? rowRange.count * columnRange.count : LayoutLimits.maxReservedCells
        result.reserveCapacity(Swift.min(positions, LayoutLimits.maxReservedCells))
        var needsSorting = false
        for row in rowRange {
            if row < rowKinds.count && rowKinds[row] == .section {
                if let cell = coveringCell(row: row, column: columnRange.lowerBound), cell.frame.intersects(rect) {
                    result.append(cell)
                }
                continue
            }
            for column in columnRange {
                guard let cell = coveringCell(row: row, column: column) else { continue }
                if cell.row != row || cell.column != column {
                    // A covered position: report the span at its first position in the window only.
                    guard row == Swift.max(cell.row, rowRange.lowerBound),
                          column == Swift.max(cell.column, columnRange.lowerBound) else { continue }
                    if cell.row != row { needsSorting = true }
                }
                if cell.frame.intersects(rect) { result.append(cell) }
            }
        }
        if needsSorting {
            result.sort { ($0.row, $0.column) < ($1.row, $1.column) }
        }
        return result
    }

    /// Calls `body` with every cell, in row-major order of anchors, each once.
    package func forEachCell(_ body: (PlacedCell) -> Void) {
        let rowCount = Swift.min(rows.count, rowKinds.count)
        guard !columns.isEmpty else { return }
        for row in 0..<rowCount {
            if rowKinds[row] == .section {
                if let cell = coveringCell(row: row, column: 0) { body(cell) }
                continue
            }
            var columnLimit = columns.count
            if case .items(let placement) = cellMap.structure, cellMap.spans.isEmpty {
                // Past the first empty slot of a row there are only empty slots.
                columnLimit = Swift.min(columnLimit, Self.itemsInRow(row, placement))
            }
            for column in 0..<columnLimit {
                guard let cell = coveringCell(row: row, column: column), cell.row == row, cell.column == column else { continue }
                body(cell)
            }
        }
    }

    /// How many leading positions of an item row can hold items (an upper bound is fine).
    private static func itemsInRow(_ row: Int, _ placement: ItemPlacement) -> Int {
        guard row < placement.rowGroup.count else { return 0 }
        let group = placement.rowGroup[row]
        guard group >= 0 else { return 0 }
        switch placement.flow {
        case .rows: return placement.lines[group].count
        case .columns: return placement.blocks[group].lineCount
        }
    }

    /// The cell anchored at (row, column) with its frame: the slot of its tracks, then cell
    /// alignment within it.
    func placedCell(row: Int, column: Int, rowSpan: Int, columnSpan: Int, item: Int?, section: Int) -> PlacedCell {
        // Clamped so a caller who edits the public tracks cannot make a lookup trap.
        let first = columns[column], last = columns[Swift.min(column + columnSpan, columns.count) - 1]
        let top = rows[row], bottom = rows[Swift.min(row + rowSpan, rows.count) - 1]
        var frame = Rect(x: first.offset, y: top.offset, width: last.end - first.offset, height: bottom.end - top.offset)
        if let sizes = cellMap.contentSizes {
            let content = sizes.size(row: row, column: column)
            (frame.x, frame.width) = align(start: frame.x, length: frame.width, content: content.width,
                                           cellMap.alignment.horizontal)
            (frame.y, frame.height) = align(start: frame.y, length: frame.height, content: content.height,
                                            cellMap.alignment.vertical)
        }
        if let size = cellMap.itemSize, item != nil {
            // An item smaller than its slot: `fill` centres it (AQGridView's fixed-size cells).
            func placement(_ a: CellAlignment) -> CellAlignment { a == .fill ? .center : a }
            if let width = size.width {
                (frame.x, frame.width) = align(start: frame.x, length: frame.width, content: width,
                                               placement(cellMap.alignment.horizontal))
            }
            if let height = size.height {
                (frame.y, frame.height) = align(start: frame.y, length: frame.height, content: height,
                                                placement(cellMap.alignment.vertical))
            }
        }
        return PlacedCell(row: row, column: column, rowSpan: rowSpan, columnSpan: columnSpan, frame: frame,
                          item: item, section: section)
    }

    /// Places a content length in a slot: `fill` is the slot; otherwise the content (at most
    /// the slot) at the start, centre or end, its edges snapped to the nearest whole point.
    private func align(start: Double, length: Double, content: Double, _ alignment: CellAlignment) -> (Double, Double) {
        guard alignment != .fill else { return (start, length) }
        let size = Swift.min(Swift.max(content, 0), length)
        let origin: Double
        switch alignment {
        case .fill, .start: origin = start
        case .center: origin = start + (length - size) / 2
        case .end: origin = start + length - size
        }
        guard cellMap.snapping != .none else { return (origin, size) }
        let low = PixelSnapper.roundHalfUp(origin)
        let high = PixelSnapper.roundHalfUp(origin + size)
        return (low, high - low)
    }
}
