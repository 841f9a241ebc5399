import Testing
@testable import GridLayout

/// Cells on demand: spans, section rows, cell alignment and rectangle queries.
@Suite struct CellTests {
    func grid4x4(spans: [CellSpan], gap: Double = 0) -> Layout {
        var spec = tableSpec(columns: 4, rows: 4)
        spec.defaultColumnWidth = .fixed(10)
        spec.defaultRowHeight = .fixed(10)
        spec.columnSpacing = Spacing(gap)
        spec.spans = spans
        return LayoutEngine.layout(spec)
    }

    @Test func spanAnchorIsReturnedForCoveredPositions() {
        let layout = grid4x4(spans: [CellSpan(row: 1, column: 1, rows: 2, columns: 2)])
        let anchor = PlacedCell(row: 1, column: 1, rowSpan: 2, columnSpan: 2, frame: Rect(x: 10, y: 10, width: 20, height: 20))
        #expect(layout.cell(row: 1, column: 1) == anchor)
        #expect(layout.cell(row: 2, column: 2) == anchor)
        #expect(layout.cell(row: 2, column: 1) == anchor)
        #expect(layout.cellCount == 13)
        #expect(layout.allCells.count == 13)
        #expect(layout.cells(in: Rect(x: 15, y: 15, width: 10, height: 10)) == [anchor])
        #expect(layout.cells(in: Rect(x: 0, y: 0, width: 40, height: 40)).count == 13)
        let lower = layout.cells(in: Rect(x: 0, y: 25, width: 40, height: 10))
        #expect(lower.map { [$0.row, $0.column] } == [[1, 1], [2, 0], [2, 3], [3, 0], [3, 1], [3, 2], [3, 3]])
    }

    @Test func spanFoundFromInsideAGap() {
        let layout = grid4x4(spans: [CellSpan(row: 0, column: 1, columns: 2)], gap: 10)
        // Columns at 0, 20, 40, 60; the gap 30..40 lies inside the span of columns 1–2.
        let hits = layout.cells(in: Rect(x: 32, y: 2, width: 4, height: 4))
        #expect(hits.map { [$0.row, $0.column, $0.columnSpan] } == [[0, 1, 2]])
        #expect(layout.cells(in: Rect(x: 32, y: 12, width: 4, height: 4)).isEmpty)
    }

    @Test func invalidSpansAreIgnored() {
        var spec = tableSpec(columns: 3, rows: 0)
        spec.content = .table(.init(columnCount: 3, rows: [.data, .section, .data, .data]))
        spec.defaultColumnWidth = .fixed(10)
        spec.spans = [
            CellSpan(row: 9, column: 0, columns: 2),             // anchor outside
            CellSpan(row: 0, column: -1, columns: 2),            // anchor outside
            CellSpan(row: 0, column: 0, rows: 2),                // crosses the section row
            CellSpan(row: 2, column: 0, rows: 1, columns: 1),    // covers one position
            CellSpan(row: 2, column: 1, rows: 5, columns: 9),    // clamped to 2×2
            CellSpan(row: 3, column: 2),                         // overlaps the one before
        ]
        let layout = LayoutEngine.layout(spec)
        #expect(layout.cell(row: 3, column: 2)?.row == 2)
        #expect(layout.cell(row: 3, column: 2)?.columnSpan == 2)
        #expect(layout.cell(row: 3, column: 2)?.rowSpan == 2)
        #expect(layout.cell(row: 0, column: 0)?.rowSpan == 1)
        #expect(layout.cellCount == 3 + 1 + 6 - 3)
    }

    @Test func tableSectionRows() {
        var spec = tableSpec(columns: 3)
        spec.content = .table(.init(columnCount: 3, rows: [.header, .section, .data, .data, .section, .data]))
        spec.columnWidths = [.fixed(30), .fixed(40), .fixed(10)]
        spec.columnSpacing = Spacing(5)
        let measurer = FakeMeasurer(heightOf: { row, _, width in [1, 0, 1, 1, 0, 1][row] * 12 + [0, 1, 0, 0, 1, 0][row] * width / 5 })
        let layout = LayoutEngine.layout(spec, measurer: measurer)
        #expect(layout.rowKinds == [.header, .section, .data, .data, .section, .data])
        #expect(layout.rowSections == [0, 0, 0, 0, 1, 1])
        #expect(layout.rowHeights == [12, 18, 12, 12, 18, 12])   // full width 30 + 5 + 40 + 5 + 10 = 90
        #expect(layout.cell(row: 4, column: 2) == nil)
        let section = layout.cell(row: 4, column: 0)
        #expect(section?.column == 0 && section?.columnSpan == 3 && section?.section == 1)
        #expect(section?.frame.width == 90)
        #expect(layout.cellCount == 4 * 3 + 2)
    }

    @Test func sectionIndicesWithDataBeforeTheFirstSection() {
        let spec = GridSpec(content: .table(.init(columnCount: 1, rows: [.data, .section, .data])))
        #expect(LayoutEngine.layout(spec).rowSections == [0, 1, 1])
        var given = GridSpec.Table(columnCount: 1, rows: [.data, .data, .data])
        given.rowSections = [0, 0, 1]
        #expect(LayoutEngine.layout(GridSpec(content: .table(given))).rowSections == [0, 0, 1])
    }

    func alignedCell(_ horizontal: CellAlignment, _ vertical: CellAlignment, contentWidth: Double = 30) -> Rect? {
        var spec = tableSpec(columns: 1, rows: 1)
        spec.defaultColumnWidth = .fixed(100)
        spec.defaultRowHeight = .fixed(40)
        spec.cellAlignment = AxisPair(horizontal: horizontal, vertical: vertical)
        let measurer = FakeMeasurer(widthOf: { _, _ in contentWidth }, heightOf: { _, _, width in width == contentWidth ? 10 : 99 })
        return LayoutEngine.layout(spec, measurer: measurer).cell(row: 0, column: 0)?.frame
    }

    @Test func cellAlignment() {
        #expect(alignedCell(.fill, .fill) == Rect(x: 0, y: 0, width: 100, height: 40))
        #expect(alignedCell(.start, .start) == Rect(x: 0, y: 0, width: 30, height: 10))
        #expect(alignedCell(.center, .center) == Rect(x: 35, y: 15, width: 30, height: 10))
        #expect(alignedCell(.end, .end) == Rect(x: 70, y: 30, width: 30, height: 10))
        #expect(alignedCell(.center, .fill, contentWidth: 33) == Rect(x: 34, y: 0, width: 33, height: 40))
        #expect(alignedCell(.center, .start, contentWidth: 150)?.width == 100)
    }
}
