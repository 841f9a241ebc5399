extension LayoutContext {
    /// Table mode: the rows as given, columns sized first (auto widths measured), then rows at
    /// the final column widths; section indices; the cell count; content sizes for alignment.
    func tableLayout(_ table: GridSpec.Table) -> Layout {
        let columnCount = table.columnCount.clamped(0, LayoutLimits.maxColumns)
        let rowKinds = table.rows
        let rowCount = rowKinds.count
        let spans = SpanMap(spec.spans, rowCount: rowCount, columnCount: columnCount,
                            isSectionRow: { rowKinds[$0] == .section }, hasCell: { _, _ in true })

        // Columns: auto widths from every cell that spans one column.
        let columnSizes = (0..<columnCount).map { trackSize(spec.columnWidths, $0, spec.defaultColumnWidth ?? .auto()) }
        var columnContent = [Double](repeating: 0, count: columnCount)
        let autoColumns = columnSizes.indices.filter { columnSizes[$0].isAuto }
        if measures && !autoColumns.isEmpty {
            for row in 0..<rowCount where rowKinds[row] != .section {
                for column in autoColumns {
                    if let span = spans.span(covering: row, column: column),
                       span.columns > 1 || span.row != row || span.column != column { continue }
                    columnContent[column] = Swift.max(columnContent[column], measuredWidth(row: row, column: column))
                }
            }
        }
        let columnAxis = axis(columnSizes, content: columnContent, defaultMin: spec.minimumColumnWidth,
                              horizontal: true, container: width)
        let columns = columnAxis.tracks
        let fullWidth = columns.isEmpty ? 0 : columns[columns.count - 1].end - columns[0].offset

        // Rows: auto heights at the final column widths.
        let rowSizes = (0..<rowCount).map { trackSize(spec.rowHeights, $0, spec.defaultRowHeight ?? .auto()) }
        var rowContent = [Double](repeating: 0, count: rowCount)
        if measures {
            for row in 0..<rowCount where rowSizes[row].isAuto && columnCount > 0 {
                if rowKinds[row] == .section {
                    rowContent[row] = measuredHeight(row: row, column: 0, width: fullWidth)
                    continue
                }
                var tallest = 0.0
                for column in 0..<columnCount {
                    var cellWidth = columns[column].size
                    if let span = spans.span(covering: row, column: column) {
                        guard span.rows == 1, span.row == row, span.column == column else { continue }
                        cellWidth = columns[column + span.columns - 1].end - columns[column].offset
                    }
                    tallest = Swift.max(tallest, measuredHeight(row: row, column: column, width: cellWidth))
                }
                rowContent[row] = tallest
            }
        }
        let rowAxis = axis(rowSizes, content: rowContent, defaultMin: spec.minimumRowHeight,
                           horizontal: false, container: height)

        // Sections.
        var rowSections = [Int](repeating: 0, count: rowCount)
        var section = 0, sawSection = false, sawData = false
        for row in 0..<rowCount {
            switch rowKinds[row] {
            case .section:
                if sawSection || sawData { section += 1 }
                sawSection = true
            case .data, .item: sawData = true
            case .header: break
            }
            rowSections[row] = section
        }
        if let given = table.rowSections {
            for row in 0..<Swift.min(rowCount, given.count) { rowSections[row] = Swift.max(0, given[row]) }
        }

        // Cell count: every position of a non-section row, one per section row, spans once.
        var cellCount = 0
        if columnCount > 0 {
            let sectionRows = rowKinds.reduce(0) { $0 + ($1 == .section ? 1 : 0) }
            cellCount = (rowCount - sectionRows) * columnCount + sectionRows
            for span in spans.spans { cellCount -= span.rows * span.columns - 1 }
        }

        let contentSizes = alignedContentSizes(rowKinds: rowKinds, columns: columns, rows: rowAxis.tracks, spans: spans)
        let cellMap = CellMap(structure: .table, spans: spans, alignment: spec.cellAlignment,
                              contentSizes: contentSizes, snapping: spec.snapping, cellCount: cellCount)
        var layout = finish(columnAxis, rowAxis, rowKinds: rowKinds, rowSections: rowSections, cellMap: cellMap)
        layout.spanners = table.spanners
        return layout
    }

    /// The content size of every cell anchor, for non-`fill` alignment; nil when both axes fill
    /// (or the grid is too large to keep them, which falls back to `fill`).
    func alignedContentSizes(rowKinds: [RowKind], columns: [Track], rows: [Track], spans: SpanMap) -> ContentSizes? {
        let alignment = spec.cellAlignment
        guard alignment.horizontal != .fill || alignment.vertical != .fill else { return nil }
        let columnCount = columns.count, rowCount = rows.count
        guard columnCount > 0, rowCount > 0, rowCount <= LayoutLimits.maxAlignedCells / columnCount else { return nil }
        var widths = [Float](repeating: 0, count: rowCount * columnCount)
        var heights = [Float](repeating: 0, count: rowCount * columnCount)
        guard measures else { return ContentSizes(columnCount: columnCount, widths: widths, heights: heights) }
        for row in 0..<rowCount {
            let isSection = rowKinds[row] == .section
            for column in 0..<(isSection ? 1 : columnCount) {
                var lastColumn = column
                if isSection {
                    lastColumn = columnCount - 1
                } else if let span = spans.span(covering: row, column: column) {
                    guard span.row == row, span.column == column else { continue }
                    lastColumn = column + span.columns - 1
                }
                let slotWidth = columns[lastColumn].end - columns[column].offset
                let width = alignment.horizontal == .fill
                    ? slotWidth : Swift.min(measuredWidth(row: row, column: column), slotWidth)
                let height = alignment.vertical == .fill ? 0 : measuredHeight(row: row, column: column, width: width)
                widths[row * columnCount + column] = Float(width)
                heights[row * columnCount + column] = Float(height)
            }
        }
        return ContentSizes(columnCount: columnCount, widths: widths, heights: heights)
    }
}
