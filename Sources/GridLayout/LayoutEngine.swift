/// Lays out a `GridSpec` (DESIGN.md §3): track counts and flow, sizing of both axes, pixel
/// snapping, spans and viewport regions.
///
/// Total: any `GridSpec` lays out without trapping. Negative, NaN and huge lengths are
/// clamped (`LayoutLimits`), out-of-range spans are ignored, empty grids and zero columns
/// give empty layouts.
public enum LayoutEngine {
    /// Table mode sizes columns first (`measurer.width` for `auto` columns), then rows with the
    /// final (snapped) column widths (`measurer.height(row:column:width:)`; a section row is
    /// measured at column 0 with the full grid width). A span takes no part in auto sizing
    /// along an axis where it covers more than one track.
    ///
    /// Item mode does not consult the measurer for items: column widths come from the track
    /// sizes, row heights from `itemHeight`, and cells always fill their slots (cell alignment
    /// applies to table mode only). Only `.auto` section header rows are measured.
    public static func layout(_ spec: GridSpec, measurer: some ContentMeasurer = ZeroMeasurer()) -> Layout {
        let context = Context(spec, measurer: measurer)
        switch spec.content {
        case .table(let table): return context.tableLayout(table)
        case .items(let items): return context.itemLayout(items)
        }
    }
}

/// One layout run: the sanitized spec and the measurer.
private struct Context<Measurer: ContentMeasurer> {
    let spec: GridSpec
    let measurer: Measurer
    let measures: Bool
    let scale: Double
    let width: Double?
    let height: Double?
    let viewport: Rect?

    init(_ spec: GridSpec, measurer: Measurer) {
        self.spec = spec
        self.measurer = measurer
        measures = !(measurer is ZeroMeasurer)
        scale = spec.scale.sanitizedScale
        width = spec.width.map(\.sanitizedLength)
        height = spec.height.map(\.sanitizedLength)
        viewport = spec.viewport.map {
            Rect(x: $0.x.sanitizedCoordinate, y: $0.y.sanitizedCoordinate,
                 width: $0.width.sanitizedLength, height: $0.height.sanitizedLength)
        }
    }

    func measuredWidth(row: Int, column: Int) -> Double {
        measures ? measurer.width(row: row, column: column).sanitizedLength : 0
    }

    func measuredHeight(row: Int, column: Int, width: Double) -> Double {
        measures ? measurer.height(row: row, column: column, width: width).sanitizedLength : 0
    }

    // MARK: Table mode

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
        return finish(columnAxis, rowAxis, rowKinds: rowKinds, rowSections: rowSections, cellMap: cellMap)
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

    // MARK: Item mode

    func itemLayout(_ items: GridSpec.Items) -> Layout {
        // Adaptive default column width: as many columns as fit at width ≥ min.
        var adaptiveColumns: Int?
        var defaultColumn = spec.defaultColumnWidth ?? .fill(1)
        if case .adaptive = defaultColumn.kind {
            let minimum = (defaultColumn.min ?? spec.minimumColumnWidth ?? 0).sanitizedLength
            defaultColumn = .fill(1, min: minimum, max: defaultColumn.max)
            if items.limit == nil, let available = width ?? viewport?.width {
                let margins = spec.margins.left.sanitized.size + spec.margins.right.sanitized.size
                let gap = spec.columnSpacing.sanitized.size
                let room = Swift.max(0, available - margins)
                let fit = minimum + gap > 0 ? ((room + gap) / (minimum + gap)).rounded(.down) : Double(LayoutLimits.maxColumns)
                adaptiveColumns = Int(Swift.min(Swift.max(fit, 1), Double(LayoutLimits.maxColumns)))
            }
        }
        let placement = ItemPlacement(items, adaptiveColumns: adaptiveColumns)
        let columnCount = placement.columnCount
        let rowKinds = placement.rowKinds
        let rowCount = rowKinds.count

        let columnSizes = (0..<columnCount).map { trackSize(spec.columnWidths, $0, defaultColumn) }
        let columnAxis = axis(columnSizes, content: [], defaultMin: spec.minimumColumnWidth,
                              horizontal: true, container: width)
        let columns = columnAxis.tracks
        let fullWidth = columns.isEmpty ? 0 : columns[columns.count - 1].end - columns[0].offset

        // Item rows: itemHeight from the average unrounded column width; else the row sizes;
        // else lineSize(0).
        let average = columnCount > 0 ? columnAxis.unsnappedTracks.reduce(0, +) / Double(columnCount) : 0
        func itemRowHeight(_ rule: ItemHeight) -> TrackSize {
            switch rule {
            case .lineSize(let n): return .fixed(n > 0 ? n : average.rounded())
            case .multiplier(let m): return .fixed(average * m.sanitizedWeight)
            case .extension(let e): return .fixed(average + e.sanitizedCoordinate)
            }
        }
        let itemRow: TrackSize = items.itemHeight.map(itemRowHeight)
            ?? spec.defaultRowHeight
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

        let spans = SpanMap(spec.spans, rowCount: rowCount, columnCount: columnCount,
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
                              contentSizes: nil, snapping: spec.snapping, cellCount: cellCount)
        return finish(columnAxis, rowAxis, rowKinds: rowKinds, rowSections: placement.rowSections, cellMap: cellMap)
    }

    // MARK: Shared

    /// Track `index`'s size: its explicit entry, else the default.
    func trackSize(_ explicit: [TrackSize?], _ index: Int, _ fallback: TrackSize) -> TrackSize {
        index < explicit.count ? explicit[index] ?? fallback : fallback
    }

    /// Sizes and snaps one axis.
    func axis(_ sizes: [TrackSize], content: [Double], defaultMin: Double?, horizontal: Bool,
              container: Double?) -> AxisGeometry {
        let tracks = sizes.indices.map { index in
            SizingTrack(sizes[index], defaultMin: defaultMin, content: index < content.count ? content[index] : 0)
        }
        let spacing = horizontal ? spec.columnSpacing : spec.rowSpacing
        let overrides = horizontal ? spec.columnSpacings : spec.rowSpacings
        let gaps = (0..<Swift.max(0, tracks.count - 1)).map { index in
            index < overrides.count ? overrides[index] ?? spacing : spacing
        }
        let input = AxisSizingInput(
            tracks: tracks, gaps: gaps,
            leading: horizontal ? spec.margins.left : spec.margins.top,
            trailing: horizontal ? spec.margins.right : spec.margins.bottom,
            container: container,
            uniform: horizontal ? spec.uniformColumnWidths : spec.uniformRowHeights,
            policy: spec.minimumPolicy,
            distribution: horizontal ? spec.distribution.horizontal : spec.distribution.vertical)
        return AxisGeometry(AxisSizer.size(input), scale: scale, snapping: spec.snapping)
    }

    /// Canvas size, content size and regions.
    func finish(_ columnAxis: AxisGeometry, _ rowAxis: AxisGeometry, rowKinds: [RowKind], rowSections: [Int],
                cellMap: CellMap) -> Layout {
        let contentSize = Size(width: columnAxis.extent, height: rowAxis.extent)
        func canvas(_ container: Double?, _ viewportLength: Double?, _ content: Double) -> Double {
            if let length = container ?? viewportLength {
                return AxisGeometry.snapLength(length, scale: scale, snapping: spec.snapping)
            }
            return content
        }
        let size = Size(width: canvas(width, viewport?.width, contentSize.width),
                        height: canvas(height, viewport?.height, contentSize.height))
        let regions = RegionPlanner.regions(columns: columnAxis.tracks, rows: rowAxis.tracks, canvas: size,
                                            viewport: viewport, frozenRows: spec.frozenRows,
                                            frozenColumns: spec.frozenColumns)
        return Layout(scale: scale, size: size, contentSize: contentSize, columns: columnAxis.tracks,
                      rows: rowAxis.tracks, rowKinds: rowKinds, rowSections: rowSections, regions: regions,
                      cellMap: cellMap)
    }
}
