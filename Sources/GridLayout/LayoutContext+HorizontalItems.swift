extension LayoutContext {
    /// RDH's horizontal direction (`GridSpec.Items.isHorizontal`), the vertical direction with
    /// the axes swapped: rows come first and share the height (`{"fill": 1}`, at least
    /// `itemSize.height`), then column widths follow the average unrounded item row height by
    /// `itemWidth` (`lineSize(0)`: square), else `defaultColumnWidth`, else `itemSize.width`,
    /// else the widest item of the column (`ContentMeasurer.itemSize`) — square when its items
    /// have no width of their own (placeholders, swatches, images).
    ///
    /// Without a height, item rows are `itemSize.height`, else the tallest item of the row. A
    /// fixed `itemHeight` (a number or `lineSize` n > 0) sets the item rows in every case.
    func horizontalItemAxes(_ items: GridSpec.Items, placement: ItemPlacement) -> (AxisGeometry, AxisGeometry) {
        let columnCount = placement.columnCount
        let rowKinds = placement.rowKinds
        let rowCount = rowKinds.count
        let container = height ?? viewport?.height

        var fixedItemRow: TrackSize?
        if case .lineSize(let n)? = items.itemHeight, n > 0 { fixedItemRow = .fixed(n) }
        let itemRow: TrackSize = fixedItemRow ?? spec.defaultRowHeight
            ?? (container != nil ? .fill(1, min: items.itemSize?.height) : items.itemSize?.height.map { .fixed($0) } ?? .auto())
        let headerRow = items.sectionHeaderHeight ?? .auto()
        let rowSizes = (0..<rowCount).map { row -> TrackSize in
            if row < spec.rowHeights.count, let explicit = spec.rowHeights[row] { return explicit }
            return rowKinds[row] == .section ? headerRow : itemRow
        }
        var defaultColumn = spec.defaultColumnWidth ?? items.itemSize?.width.map { .fixed($0) }
        if let adaptive = defaultColumn, case .adaptive = adaptive.kind {
            defaultColumn = .fill(1, min: adaptive.min, max: adaptive.max)
        }
        let contentColumn = items.itemWidth == nil && defaultColumn == nil
        let columnIsAuto = (0..<columnCount).map { column in
            column < spec.columnWidths.count && spec.columnWidths[column] != nil
                ? spec.columnWidths[column]!.isAuto : contentColumn
        }

        // The natural size of every item, when some track is sized by its items.
        var rowContent = [Double](repeating: 0, count: rowCount)
        var columnContent = [Double](repeating: 0, count: columnCount)
        let measuresItems = measures && (rowSizes.contains { $0.isAuto } || columnIsAuto.contains(true))
        for row in 0..<rowCount where measures {
            if rowKinds[row] == .section {
                guard rowSizes[row].isAuto, columnCount > 0 else { continue }
                let room = width ?? viewport?.width ?? measuredWidth(row: row, column: 0)
                rowContent[row] = measuredHeight(row: row, column: 0, width: room)
                continue
            }
            guard measuresItems else { continue }
            for column in 0..<columnCount {
                guard let item = placement.item(row: row, column: column) else { continue }
                let size = measurer.itemSize(item: item, row: row, column: column)
                rowContent[row] = Swift.max(rowContent[row], size.height.sanitizedLength)
                columnContent[column] = Swift.max(columnContent[column], size.width.sanitizedLength)
            }
        }
        let rowAxis = axis(rowSizes, content: rowContent, defaultMin: spec.minimumRowHeight,
                           horizontal: false, container: container)

        var itemRowSizes = 0.0, itemRows = 0
        for row in 0..<rowCount where rowKinds[row] == .item {
            itemRowSizes += rowAxis.unsnappedTracks[row]
            itemRows += 1
        }
        let average = itemRows > 0 ? itemRowSizes / Double(itemRows) : 0
        let itemColumn = items.itemWidth.map { Self.lineTrack($0, average: average) } ?? defaultColumn ?? .auto()
        let columnSizes = (0..<columnCount).map { trackSize(spec.columnWidths, $0, itemColumn) }
        for column in 0..<columnCount where columnIsAuto[column] && columnContent[column] == 0 {
            columnContent[column] = average.rounded()
        }
        let columnAxis = axis(columnSizes, content: columnContent, defaultMin: spec.minimumColumnWidth,
                              horizontal: true, container: width ?? viewport?.width)
        return (columnAxis, rowAxis)
    }
}
