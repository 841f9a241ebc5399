import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

@Suite struct TextMeasurerTests {
    static func measurer(_ rows: [[CellContent]], styler: @escaping @Sendable (Int, Int) -> ResolvedStyle = { _, _ in ResolvedStyle() }) throws -> TextMeasurer {
        TextMeasurer(source: TestCells(contents: rows, styler: styler), context: try TextContext(mode: .pinned))
    }

    @Test func widthIncludesPaddingAndGrowsWithText() throws {
        let m = try Self.measurer(text([["", "ii", "WWWW"]]))
        #expect(m.width(row: 0, column: 0) == 16)
        let narrow = m.width(row: 0, column: 1), wide = m.width(row: 0, column: 2)
        #expect(narrow > 16 && wide > narrow + 20)
        // Whole points, so snapping (in points, at every scale) never cuts the content.
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
        // An auto column fits its text exactly: no ellipsis, and the same width at 1x, 2x or 1.5x.
        for scale in [1.0, 2.0, 1.5] {
            let grid = makeTable(text([["Grace Hopper"]]), columnWidths: [.auto()], header: false, scale: scale)
            let layout = try GridRenderer.layout(grid)
            let m = try Self.measurer(text([["Grace Hopper"]]))
            #expect(layout.columns[0].size == m.width(row: 0, column: 0))
        }
    }

    @Test func graphicsHaveADefaultSize() throws {
        let m = try Self.measurer([[.swatch(.black), .image(path: "x.png", fit: .contain)]])
        #expect(m.width(row: 0, column: 0) == 32)
        #expect(m.height(row: 0, column: 1, width: 100) == 24)
    }
}

extension TextMeasurerTests {
    @Test func decimalColumnIsWidestHeadPlusWidestTail() throws {
        let rows = text([["100000.1"], ["1.125"]])
        let styler: @Sendable (Int, Int) -> ResolvedStyle = { _, _ in
            var style = ResolvedStyle()
            style.align = .decimal
            return style
        }
        let context = try TextContext(mode: .pinned)
        let source = TestCells(contents: rows, styler: styler)
        let decimals = DecimalColumns(source: source, rowKinds: [.data, .data], context: context)
        let m = TextMeasurer(source: source, context: context, decimals: decimals)
        let plain = TextMeasurer(source: source, context: context)
        let a = plain.width(row: 0, column: 0), b = plain.width(row: 1, column: 0)
        #expect(m.width(row: 0, column: 0) == m.width(row: 1, column: 0))
        #expect(m.width(row: 0, column: 0) > max(a, b) + 5)

        // Rendered in an auto column, neither number is clipped: ink stays inside the padding.
        let grid = makeTable(rows, columnWidths: [.auto()], rowHeight: 20, header: false, styler: styler)
        let image = try PNGImage(decoding: GridRenderer.render(grid, format: .png))
        #expect(image.width == Int(m.width(row: 0, column: 0)))
        for x in [0, 1, 2, 3, image.width - 4, image.width - 3, image.width - 2, image.width - 1] {
            #expect((0..<40).allSatisfy { image[x, $0] == PNGImage.Pixel(255, 255, 255) }, "column \(x)")
        }
    }
}
