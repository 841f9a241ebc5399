import Testing
@testable import GridLayout

/// `LayoutEngine.layout` is total: odd specs lay out without trapping and with finite geometry.
@Suite struct TotalityTests {
    func expectFinite(_ layout: Layout) {
        let values = [layout.size.width, layout.size.height, layout.contentSize.width, layout.contentSize.height, layout.scale]
            + layout.columns.flatMap { [$0.offset, $0.size] } + layout.rows.flatMap { [$0.offset, $0.size] }
        #expect(values.allSatisfy { $0.isFinite && $0 >= 0 })
        _ = layout.cells(in: Rect(x: -1e12, y: -1e12, width: 2e12, height: 2e12))
        _ = layout.json(units: .pixels)
    }

    @Test func hostileNumbers() {
        var spec = tableSpec(columns: 4, rows: 3, width: .nan, height: -5)
        spec.scale = .infinity
        spec.columnWidths = [.fixed(.nan), .fill(.infinity, min: -3, max: .nan), .fraction(-2), .auto(min: .infinity, max: 1)]
        spec.rowHeights = [.fixed(1e300), .fill(-1), .fraction(.nan, min: 5, max: 2)]
        spec.columnSpacing = Spacing(.nan, stretch: .infinity)
        spec.rowSpacings = [Spacing(-4, stretch: -1), nil, Spacing(1e308)]
        spec.margins = Insets(all: Spacing(.infinity, stretch: .nan))
        spec.minimumColumnWidth = -.infinity
        spec.minimumRowHeight = .nan
        spec.viewport = Rect(x: .nan, y: -.infinity, width: .infinity, height: -1)
        spec.frozenRows = Int.max
        spec.frozenColumns = Int.min
        spec.spans = [CellSpan(row: Int.max, column: Int.max, rows: Int.max, columns: Int.max),
                      CellSpan(row: 0, column: 0, rows: Int.max, columns: Int.max),
                      CellSpan(row: 1, column: 1, rows: Int.min, columns: -4)]
        let measurer = FakeMeasurer(widthOf: { _, _ in .nan }, heightOf: { _, _, _ in .infinity })
        for snapping in Snapping.allCases {
            spec.snapping = snapping
            for policy in MinimumPolicy.allCases {
                spec.minimumPolicy = policy
                expectFinite(LayoutEngine.layout(spec, measurer: measurer))
            }
        }
        spec.scale = 0
        expectFinite(LayoutEngine.layout(spec))
    }

    @Test func emptyAndDegenerateGrids() {
        expectFinite(LayoutEngine.layout(GridSpec(content: .table(.init(columnCount: 0, rows: [.data, .section])))))
        expectFinite(LayoutEngine.layout(GridSpec(content: .table(.init(columnCount: -7, rows: [])))))
        expectFinite(LayoutEngine.layout(GridSpec(content: .items(.init(sections: [])))))
        expectFinite(LayoutEngine.layout(GridSpec(content: .items(.init(sections: [.init(count: -3, hasHeader: true)])))))
        let zero = LayoutEngine.layout(GridSpec(content: .table(.init(columnCount: 0, rows: [.data, .section]))))
        #expect(zero.cellCount == 0)
        #expect(zero.cell(row: 0, column: 0) == nil)
        #expect(zero.columns.isEmpty && zero.rows.count == 2)
    }

    @Test func hugeCountsAreCapped() {
        let items = GridSpec.Items(sections: [.init(count: Int.max), .init(count: Int.max)], limit: .maxColumns(4096))
        let layout = LayoutEngine.layout(GridSpec(content: .items(items), width: 1000))
        #expect(layout.cellCount == LayoutLimits.maxItems)
        #expect(layout.columns.count == 4096)
        #expect(layout.rows.count == LayoutLimits.maxItems / 4096)
        #expect(layout.cell(row: 1023, column: 4095)?.item == LayoutLimits.maxItems - 1)
        let wide = GridSpec.Items(sections: [.init(count: 3)], limit: .maxColumns(Int.max))
        #expect(ItemPlacement(wide, adaptiveColumns: nil).columnCount == LayoutLimits.maxColumns)
        let tall = GridSpec.Items(sections: [.init(count: 10)], flow: .columns, limit: .maxRows(Int.max))
        #expect(LayoutEngine.layout(GridSpec(content: .items(tall))).rows.count == 10)
    }

    @Test func hugeItemSpanIsIgnored() {
        var spec = GridSpec(content: .items(.init(sections: [.init(count: 2_000_000)], limit: .maxColumns(2000))), width: 100)
        spec.spans = [CellSpan(row: 0, column: 0, rows: Int.max, columns: Int.max)]
        let layout = LayoutEngine.layout(spec)
        #expect(layout.cellCount == 2_000_000)
        #expect(layout.cell(row: 1, column: 1)?.item == 2001)
    }

    @Test func outOfRangeQueries() {
        let layout = LayoutEngine.layout(tableSpec(columns: 2, rows: 2, width: 10))
        #expect(layout.cell(row: -1, column: 0) == nil)
        #expect(layout.cell(row: 0, column: 2) == nil)
        #expect(layout.cell(row: Int.max, column: Int.min) == nil)
        #expect(layout.cells(in: Rect(x: .nan, y: 0, width: 5, height: 5)).isEmpty)
        #expect(layout.cells(in: Rect(x: 0, y: 0, width: -5, height: 5)).isEmpty)
    }
}
