import Testing
@testable import GridLayout

/// DESIGN.md §3, "Worked examples": each must hold exactly.
@Suite struct WorkedExampleTests {
    @Test func example1SixFillColumnsDistributeAndNearest() {
        var spec = tableSpec(columns: 6, width: 320)
        spec.defaultColumnWidth = .fill(1)
        let layout = LayoutEngine.layout(spec)
        #expect(layout.columnWidths == [54, 54, 53, 53, 53, 53])
        #expect(layout.columnXs == [0, 54, 108, 161, 214, 267])
        spec.snapping = .nearest
        #expect(LayoutEngine.layout(spec).columnWidths == [53, 54, 53, 53, 54, 53])
    }

    @Test func example2ItemModeLineSizeZero() {
        let layout = LayoutEngine.layout(itemSpec(12, limit: .maxColumns(5), itemHeight: .lineSize(0), width: 104))
        #expect(layout.columnWidths == [21, 21, 21, 21, 20])
        #expect(layout.rowHeights == [21, 21, 21])
        #expect(layout.rowKinds == [.item, .item, .item])
    }

    @Test func example3FillWeights() {
        var spec = tableSpec(columns: 5, width: 100)
        spec.columnWidths = [.fill(2), .fill(1), .fill(1), .fill(1), .fill(1)]
        #expect(LayoutEngine.layout(spec).columnWidths == [33, 17, 17, 17, 16])
        spec.snapping = .none
        #expect(rounded(LayoutEngine.layout(spec).columnWidths) == [33.33, 16.67, 16.67, 16.67, 16.67])
    }

    @Test func example4FixedAndFill() {
        var spec = tableSpec(columns: 2, width: 100)
        spec.columnWidths = [.fixed(100), .fill(1)]
        #expect(LayoutEngine.layout(spec).columnWidths == [100, 0])
        spec.columnWidths = [.fixed(100), .fill(1, min: 30)]
        let layout = LayoutEngine.layout(spec)
        #expect(layout.columnWidths == [100, 30])
        #expect(layout.contentSize.width == 130)
        #expect(layout.size.width == 100)
    }

    @Test func example5OverflowAndReflow() {
        var spec = tableSpec(columns: 3, width: 200)
        spec.columnWidths = [.fixed(40), .fill(1, min: 100), .fill(1)]
        #expect(LayoutEngine.layout(spec).columnWidths == [40, 100, 80])
        spec.minimumPolicy = .reflow
        #expect(LayoutEngine.layout(spec).columnWidths == [40, 100, 60])
    }

    @Test func example6ItemFlowRows() {
        let layout = LayoutEngine.layout(itemSpec(7, limit: .maxColumns(3), width: 90))
        #expect(layout.columns.count == 3)
        #expect(layout.rows.count == 3)
        let g = layout.cell(row: 2, column: 0)
        #expect(g?.item == 6)
        #expect(layout.cell(row: 2, column: 1) == nil)
        #expect(layout.cell(row: 1, column: 2)?.item == 5)
        #expect(layout.allCells.map { $0.item } == [0, 1, 2, 3, 4, 5, 6])
    }

    @Test func example7StretchableMargins() {
        var spec = tableSpec(columns: 2, width: 200)
        spec.columnWidths = [.fixed(50), .fixed(50)]
        spec.columnSpacing = Spacing(5)
        spec.margins.left = Spacing(10, stretch: 1)
        spec.margins.right = Spacing(10, stretch: 1)
        #expect(LayoutEngine.layout(spec).columnXs == [48, 103])
        spec.snapping = .none
        #expect(LayoutEngine.layout(spec).columnXs == [47.5, 102.5])
    }

    @Test func example8SpaceBetweenAndEvenly() {
        var spec = tableSpec(columns: 3, width: 200)
        spec.defaultColumnWidth = .fixed(40)
        spec.distribution.horizontal = .spaceBetween
        #expect(LayoutEngine.layout(spec).columnXs == [0, 80, 160])
        spec.distribution.horizontal = .spaceEvenly
        #expect(LayoutEngine.layout(spec).columnXs == [20, 80, 140])
    }

    @Test func example9UniformColumnWidths() {
        var spec = tableSpec(columns: 3, rows: 2)
        spec.uniformColumnWidths = true
        let contentWidths: [Double] = [30, 50, 40]
        let measurer = FakeMeasurer(widthOf: { _, column in contentWidths[column] })
        #expect(LayoutEngine.layout(spec, measurer: measurer).columnWidths == [50, 50, 50])
        spec.uniformColumnWidths = false
        #expect(LayoutEngine.layout(spec, measurer: measurer).columnWidths == [30, 50, 40])
    }

    @Test func example10FillRowsAndMinimumRowHeight() {
        var spec = tableSpec(columns: 1, rows: 8, height: 400)
        spec.defaultRowHeight = .fill(1)
        #expect(LayoutEngine.layout(spec).rowHeights == Array(repeating: 50, count: 8))
        spec = tableSpec(columns: 1, rows: 10, height: 400)
        spec.defaultRowHeight = .fill(1)
        spec.minimumRowHeight = 44
        let layout = LayoutEngine.layout(spec)
        #expect(layout.rowHeights == Array(repeating: 44, count: 10))
        #expect(layout.contentSize.height == 440)
        #expect(layout.size.height == 400)
    }
}
