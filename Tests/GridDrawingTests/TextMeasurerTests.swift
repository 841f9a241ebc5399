import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

@Suite struct TextMeasurerTests {
    static func measurer(_ rows: [[CellContent]], styler: @escaping @Sendable (Int, Int) -> ResolvedStyle = { _, _ in ResolvedStyle() },
                         scale: Double = 1) throws -> TextMeasurer {
        TextMeasurer(source: TestCells(contents: rows, styler: styler), context: try TextContext(mode: .pinned), scale: scale)
    }

    @Test func widthIncludesPaddingAndGrowsWithText() throws {
        let m = try Self.measurer(text([["", "ii", "WWWW"]]))
        #expect(m.width(row: 0, column: 0) == 16)
        let narrow = m.width(row: 0, column: 1), wide = m.width(row: 0, column: 2)
        #expect(narrow > 16 && wide > narrow + 20)
        // Whole pixels, so snapping never cuts the content.
        #expect(wide == wide.rounded())
    }

    @Test func wrappedHeightGrowsAndMaxLinesCapsIt() throws {
        let long = "one two three four five six seven eight nine ten eleven twelve"
        let m = try Self.measurer(text([[long, long, long]])) { _, column in
            var style = ResolvedStyle()
            style.wrap = column > 0
            style.maxLines = column == 2 ? 2 : 0
            if column == 2 { style.ellipsize = .none }
            return style
        }
        let single = m.height(row: 0, column: 0, width: 80)
        let wrapped = m.height(row: 0, column: 1, width: 80)
        let capped = m.height(row: 0, column: 2, width: 80)
        #expect(wrapped > 3 * (single - 8))
        #expect(abs((capped - 8) - 2 * (single - 8)) <= 1)
    }

    @Test func measuresWhatThePainterDraws() throws {
        // An auto column fits its text exactly: no ellipsis, at 1x or 2x.
        for scale in [1.0, 2.0] {
            let grid = makeTable(text([["Grace Hopper"]]), columnWidths: [.auto()], header: false, scale: scale)
            let layout = try GridRenderer.layout(grid)
            let m = try Self.measurer(text([["Grace Hopper"]]), scale: scale)
            #expect(layout.columns[0].size == m.width(row: 0, column: 0))
        }
    }

    @Test func graphicsHaveADefaultSize() throws {
        let m = try Self.measurer([[.swatch(.black), .image(path: "x.png", fit: .contain)]])
        #expect(m.width(row: 0, column: 0) == 32)
        #expect(m.height(row: 0, column: 1, width: 100) == 24)
    }
}
