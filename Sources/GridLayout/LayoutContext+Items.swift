extension LayoutContext {
    /// Item mode: the adaptive column count, the flow (`ItemPlacement`), columns from their
    /// track sizes, item rows from `itemHeight`, section header rows, spans and cell count.
    func itemLayout(_ items: GridSpec.Items) -> Layout {
        // Adaptive default column width: as many columns as fit at width ≥ min.
        var adaptiveColumns: Int?
        // With an item size the slots are at least that wide (and that high, below).
        var defaultColumn = spec.defaultColumnWidth ?? .fill(1, min: items.itemSize?.width)
        if case .adaptive = defaultColumn.kind {
            let minimum = (defaultColumn.min ?? spec.minimumColumnWidth ?? 0).sanitizedLength
            defaultColumn = .fill(1, min: minimum, max: defaultColumn.max)
            if items.limit == nil, let available = width ?? viewport?.width {
                let margins = spec.margins.left.sanitized.size + spec.margins.right.sanitized.size
                let gap = spec.columnSpacing.sanitized.size
                let room = Swift.max(0, available - margins)
                // With neither a min nor a gap every item fits: one line (adaptiveColumns nil).
                if minimum + gap > 0 {
                    let fit = ((room + gap) / (minimum + gap)).rounded(.down)
                    adaptiveColumns = Int(Swift.min(Swift.max(fit, 1), Double(LayoutLimits.maxColumns)))
                }
            }
        }
        let horizontal = items.isHorizontal(width: width ?? viewport?.width, height: height ?? viewport?.height)
        // Rows that share a height keep their count however few the items (empty rows would
        // only add gaps where rows fit their content).
        let placement = ItemPlacement(items, adaptiveColumns: adaptiveColumns,
                                      fullBlocks: horizontal && (height ?? viewport?.height) != nil)
        let columnCount = placement.columnCount
        let rowKinds = placement.rowKinds
        let rowCount = rowKinds.count
        let (columnAxis, rowAxis) = horizontal
            ? horizontalItemAxes(items, placement: placement)
            : verticalItemAxes(items, placement: placement, defaultColumn: defaultColumn)

        let spans = SpanMap(spec.spans, rowCount: rowCount, columnCount: columnCount,
                            maxArea: LayoutLimits.maxItemSpanArea,
                            isSectionRow: { rowKinds[$0] == .section },
                            hasCell: { placement.item(row: $0, column: $1) != nil })
        var cellCount = 0
        if columnCount > 0 {
            cellCount = placement.itemCount + rowKinds.reduce(0) { $0 + ($1 == .section ? 1 : 0) }
            for span in spans.spans {
                for row in span.row..<(span.row + span.rows) {
                    for column in span.column..<(span.column + span.columns)
                    where (row, column) != (span.row, span.column) && placement.item(row: row, column: column) != nil {
                        cellCount -= 1
                    }
                }
            }
        }
        let cellMap = CellMap(structure: .items(placement), spans: spans, alignment: spec.cellAlignment,
                              contentSizes: nil, itemSize: items.itemSize, snapping: spec.snapping, cellCount: cellCount)
        return finish(columnAxis, rowAxis, rowKinds: rowKinds, rowSections: placement.rowSections, cellMap: cellMap)
    }

    /// The vertical direction (flow `.rows`, or `.columns` with a width and no height): columns
    /// from their track sizes share the width, item rows follow `itemHeight` of the average
    /// column width.
    func verticalItemAxes(_ items: GridSpec.Items, placement: ItemPlacement,
                          defaultColumn: TrackSize) -> (AxisGeometry, AxisGeometry) {
        let columnCount = placement.columnCount
        let rowKinds = placement.rowKinds
        let rowCount = rowKinds.count
        let columnSizes = (0..<columnCount).map { trackSize(spec.columnWidths, $0, defaultColumn) }
        let columnAxis = axis(columnSizes, content: [], defaultMin: spec.minimumColumnWidth,
                              horizontal: true, container: width ?? viewport?.width)
        let columns = columnAxis.tracks
        let fullWidth = columns.isEmpty ? 0 : columns[columns.count - 1].end - columns[0].offset

        // Item rows: itemHeight from the average unrounded column width; else the row sizes;
        // else lineSize(0).
        let average = columnCount > 0 ? columnAxis.unsnappedTracks.reduce(0, +) / Double(columnCount) : 0
        func itemRowHeight(_ rule: ItemHeight) -> TrackSize { Self.lineTrack(rule, average: average) }
        let itemRow: TrackSize = items.itemHeight.map(itemRowHeight)
            ?? spec.defaultRowHeight
            ?? items.itemSize?.height.map { TrackSize.fixed($0) }
            ?? itemRowHeight(.lineSize(0))
        let headerRow = items.sectionHeaderHeight ?? .auto()
        var rowContent = [Double](repeating: 0, count: rowCount)
        let rowSizes = (0..<rowCount).map { row -> TrackSize in
            if row < spec.rowHeights.count, let explicit = spec.rowHeights[row] { return explicit }
            return rowKinds[row] == .section ? headerRow : itemRow
        }
        if measures && columnCount > 0 {
            for row in 0..<rowCount where rowKinds[row] == .section && rowSizes[row].isAuto {
                rowContent[row] = measuredHeight(row: row, column: 0, width: fullWidth)
            }
        }
        let rowAxis = axis(rowSizes, content: rowContent, defaultMin: spec.minimumRowHeight,
                           horizontal: false, container: height)
        return (columnAxis, rowAxis)
    }

    /// An `itemHeight` (or, horizontally, `itemWidth`) rule as a fixed track, from the average
    /// unrounded size of the tracks of the other axis.
    static func lineTrack(_ rule: ItemHeight, average: Double) -> TrackSize {
        switch rule {
        case .lineSize(let n): return .fixed(n > 0 ? n : average.rounded())
        case .multiplier(let m): return .fixed(average * m.sanitizedWeight)
        case .extension(let e): return .fixed(average + e.sanitizedCoordinate)
        }
    }
}
