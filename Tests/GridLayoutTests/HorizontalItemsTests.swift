import Testing
@testable import GridLayout

/// The horizontal direction (RDH's `scrollDirection: horizontal`; DESIGN.md §3 "flow `columns`
/// swaps the axes"): flow `.columns` with a height shares the height among `maxRows` rows and
/// sizes the columns from the row height (`itemWidth`), `itemSize.width` or the content.
@Suite struct HorizontalItemsTests {
    func spec(_ count: Int, maxRows: Int, height: Double? = nil, width: Double? = nil, gap: Double = 0,
              edit: (inout GridSpec.Items) -> Void = { _ in }) -> GridSpec {
        var items = GridSpec.Items(sections: [.init(count: count)], flow: .columns, limit: .maxRows(maxRows))
        edit(&items)
        var spec = GridSpec(content: .items(items), width: width, height: height)
        spec.columnSpacing = Spacing(gap)
        spec.rowSpacing = Spacing(gap)
        return spec
    }

    func grid(_ layout: Layout) -> [[Int?]] {
        (0..<layout.rows.count).map { row in (0..<layout.columns.count).map { layout.cell(row: row, column: $0)?.item } }
    }

    /// The case: canvas height 104, no width — every item used to be 0 wide.
    @Test func rowsShareTheHeightAndItemsAreSquare() {
        let layout = LayoutEngine.layout(spec(7, maxRows: 2, height: 104, gap: 4))
        #expect(layout.rowHeights == [50, 50])
        #expect(layout.rowYs == [0, 54])
        #expect(layout.columnWidths == [50, 50, 50, 50])
        #expect(layout.columnXs == [0, 54, 108, 162])
        #expect(layout.size == Size(width: 212, height: 104))
        // Item k at row k % rows, column k / rows.
        #expect(grid(layout) == [[0, 2, 4, 6], [1, 3, 5, nil]])
        #expect(layout.cell(row: 1, column: 2)?.frame == Rect(x: 108, y: 54, width: 50, height: 50))
    }

    @Test func unevenSharesSnapInWholePoints() {
        let layout = LayoutEngine.layout(spec(7, maxRows: 3, height: 100))
        #expect(layout.rowHeights == [34, 33, 33])
        // Square: the average unrounded row height (33.33) rounded.
        #expect(layout.columnWidths == [33, 33, 33])
        #expect(grid(layout) == [[0, 3, 6], [1, 4, nil], [2, 5, nil]])
    }

    /// `maxRows` rows even with fewer items, as flow `.rows` keeps `maxColumns` columns.
    @Test func fewerItemsThanRowsKeepTheRowCount() {
        let layout = LayoutEngine.layout(spec(3, maxRows: 4, height: 100))
        #expect(layout.rowHeights == [25, 25, 25, 25])
        #expect(layout.columnWidths == [25])
        #expect(grid(layout) == [[0], [1], [2], [nil]])
        #expect(layout.cellCount == 3)
    }

    @Test(arguments: [(ItemHeight.multiplier(1.5), 60.0), (.extension(10), 50), (.lineSize(30), 30), (.lineSize(0), 40)])
    func itemWidthFollowsTheRowHeight(rule: ItemHeight, expected: Double) {
        let layout = LayoutEngine.layout(spec(4, maxRows: 2, height: 80) { $0.itemWidth = rule })
        #expect(layout.rowHeights == [40, 40])
        #expect(layout.columnWidths == [expected, expected])
    }

    @Test func itemSizeSetsTheWidthAndIsCentredInTheSharedRow() {
        let layout = LayoutEngine.layout(spec(4, maxRows: 2, height: 100) { $0.itemSize = ItemSize(width: 72, height: 30) })
        #expect(layout.rowHeights == [50, 50])
        #expect(layout.columnWidths == [72, 72])
        #expect(layout.cell(row: 1, column: 1)?.frame == Rect(x: 72, y: 60, width: 72, height: 30))
    }

    @Test func contentSizesTheColumnsAndEmptyContentIsSquare() {
        // Items 0…3 are text 20 + 10·k wide; item 4 has no width of its own.
        let measurer = FakeMeasurer(itemSizeOf: { Size(width: $0 == 4 ? 0 : 20 + Double($0) * 10, height: 12) })
        let layout = LayoutEngine.layout(spec(5, maxRows: 2, height: 60), measurer: measurer)
        #expect(layout.rowHeights == [30, 30])
        #expect(layout.columnWidths == [30, 50, 30])
        #expect(layout.columnXs == [0, 30, 80])
    }

    @Test func withoutAHeightRowsFitTheTallestItem() {
        let measurer = FakeMeasurer(itemSizeOf: { Size(width: 40, height: $0 == 1 ? 22 : 18) })
        let layout = LayoutEngine.layout(spec(4, maxRows: 2, gap: 2), measurer: measurer)
        #expect(layout.rowHeights == [18, 22])
        #expect(layout.columnWidths == [40, 40])
        #expect(layout.size == Size(width: 82, height: 42))
        let sized = LayoutEngine.layout(spec(4, maxRows: 2) { $0.itemSize = ItemSize(width: 30, height: 20) })
        #expect(sized.rowHeights == [20, 20] && sized.columnWidths == [30, 30])
    }

    /// With both a width and a height the height is shared; the width is the visible part
    /// (a horizontal strip scrolls sideways), so columns do not stretch to it.
    @Test func aWidthDoesNotStretchTheColumns() {
        let layout = LayoutEngine.layout(spec(6, maxRows: 2, height: 100, width: 300))
        #expect(layout.columnWidths == [50, 50, 50])
        #expect(layout.size == Size(width: 300, height: 100))
        #expect(layout.contentSize.width == 300)
        let narrow = LayoutEngine.layout(spec(12, maxRows: 2, height: 100, width: 120))
        #expect(narrow.columnWidths.count == 6)
        #expect(narrow.contentSize.width == 300)
        #expect(narrow.size.width == 120)
    }

    @Test func aFixedItemHeightWins() {
        let layout = LayoutEngine.layout(spec(4, maxRows: 2, height: 100) { $0.itemHeight = .lineSize(20) })
        #expect(layout.rowHeights == [20, 20])
        #expect(layout.columnWidths == [20, 20])
    }

    /// A width and no height: columns share the width as before (the vertical sizing).
    @Test func aWidthWithoutAHeightKeepsTheVerticalSizing() {
        let layout = LayoutEngine.layout(spec(6, maxRows: 2, width: 300) { $0.itemHeight = .multiplier(0.5) })
        #expect(layout.columnWidths == [100, 100, 100])
        #expect(layout.rowHeights == [50, 50])
        #expect(!GridSpec.Items(sections: [], flow: .columns).isHorizontal(width: 300, height: nil))
        #expect(GridSpec.Items(sections: [], flow: .columns).isHorizontal(width: 300, height: 80))
        #expect(GridSpec.Items(sections: [], flow: .columns).isHorizontal(width: nil, height: nil))
        #expect(!GridSpec.Items(sections: [], flow: .rows).isHorizontal(width: nil, height: 80))
    }

    @Test func pixelsAreExactMultiplesAtScale2And3() {
        var one = spec(7, maxRows: 3, height: 97.3, gap: 3.3)
        one.margins = Insets(all: Spacing(1.7))
        let base = LayoutEngine.layout(one)
        for scale in [2.0, 3.0] {
            var scaled = one
            scaled.scale = scale
            let layout = LayoutEngine.layout(scaled)
            #expect(layout.columns == base.columns && layout.rows == base.rows)
            #expect(layout.json(units: .pixels).contains("\"width\": \(Int(base.size.width * scale))"))
        }
    }

    /// A huge `maxRows` is capped as huge `maxColumns` is, without allocating its rows.
    @Test func hugeMaxRowsIsCapped() {
        let layout = LayoutEngine.layout(spec(3, maxRows: Int.max, height: 100))
        #expect(layout.rows.count <= LayoutLimits.maxColumns)
        #expect((0..<3).map { layout.cell(row: $0, column: 0)?.item } == [0, 1, 2])
    }
}
