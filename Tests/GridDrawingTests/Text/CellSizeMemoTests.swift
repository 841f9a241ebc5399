import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// Cells' measured widths and heights kept for the layout's repeated questions.
@Suite struct CellSizeMemoTests {
    @Test func keepsWholePointsPerCell() throws {
        let memo = try #require(CellSizeMemo(rows: 3, columns: 2))
        #expect(memo.width(1, 1) == nil && memo.height(1, 1) == nil)
        memo.setWidth(42, 1, 1)
        memo.setHeight(17, 1, 1)
        #expect(memo.width(1, 1) == 42 && memo.height(1, 1) == 17)
        #expect(memo.width(1, 0) == nil && memo.width(0, 1) == nil)
        // Outside the table: neither kept nor answered.
        memo.setWidth(5, 3, 0)
        memo.setWidth(5, 0, -1)
        #expect(memo.width(3, 0) == nil && memo.width(0, -1) == nil)
        // A length a Float cannot hold exactly is not kept (the measurer computes it again).
        memo.setWidth(16_777_217, 2, 0)
        #expect(memo.width(2, 0) == nil)
    }

    @Test func noMemoForEmptyOrHugeTables() {
        #expect(CellSizeMemo(rows: 0, columns: 4) == nil)
        #expect(CellSizeMemo(rows: 4, columns: 0) == nil)
        #expect(CellSizeMemo(rows: CellSizeMemo.maxCells, columns: 2) == nil)
        #expect(CellSizeMemo(rows: Int.max, columns: 2) == nil)
    }

    /// With the memo, a table with wrapped, decimal and plain cells lays out exactly as without.
    @Test func layoutIsTheSameWithTheMemo() throws {
        let long = "a wrapped cell of several words that needs more than one line"
        let rows: [[CellContent]] = [[.text("h1"), .text("h2"), .text("h3")],
                                     [.text("1.5"), .text(long), .text("x")],
                                     [.text("22.25"), .text("short"), .text("xyz")]]
        let grid = makeTable(rows, columnWidths: [.auto(), .fixed(90), .auto()], rowHeight: nil, styler: { _, column in
            var style = ResolvedStyle()
            if column == 0 { style.align = .decimal }
            if column == 1 { style.wrap = true }
            return style
        })
        func layout(remembering: Bool) throws -> Layout {
            let context = try TextContext(mode: .pinned)
            let measurer = TextMeasurer(source: grid.cells, context: context)
            if remembering { measurer.remember(rows: 3, columns: 3) }
            return LayoutEngine.layout(grid.spec, measurer: measurer)
        }
        let plain = try layout(remembering: false), remembered = try layout(remembering: true)
        #expect(remembered.columns.map(\.size) == plain.columns.map(\.size))
        #expect(remembered.rows.map(\.size) == plain.rows.map(\.size))
    }
}
