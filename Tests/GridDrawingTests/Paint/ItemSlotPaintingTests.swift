import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// Item grids: lines belong to items (never to gutters), hidden or placeholder empty slots.
@Suite struct ItemSlotPaintingTests {
    /// 5 items, 3 columns × 40 pt, rows 30 pt, black 1-pt grid lines, white canvas.
    static func items(spacing: Double = 0, emptySlots: EmptySlots = .hidden) -> PreparedGrid {
        var spec = GridSpec(content: .items(.init(sections: [.init(count: 5)], limit: .maxColumns(3), itemHeight: .lineSize(30))))
        spec.defaultColumnWidth = .fixed(40)
        spec.columnSpacing = Spacing(spacing); spec.rowSpacing = Spacing(spacing)
        var grid = PreparedGrid(spec: spec, cells: TestCells(contents: [], styler: { _, _ in ResolvedStyle() }), emptySlots: emptySlots)
        grid.gridLines.horizontal = LineStyle(width: 1, color: GridPainterTests.lineColor)
        grid.gridLines.vertical = LineStyle(width: 1, color: GridPainterTests.lineColor)
        return grid
    }

    static func png(_ grid: PreparedGrid) throws -> PNGImage { try PNGImage(decoding: GridRenderer.render(grid, format: .png)) }

    @Test func withSpacingNoLineRunsDownAGutter() throws {
        let image = try Self.png(Self.items(spacing: 10))
        // Gutters at x 40..<50 and 90..<100, y 30..<40: white.
        for y in 0..<image.height { #expect(image[45, y] == GridPainterTests.white, "gutter pixel (45, \(y))") }
        for x in 0..<image.width { #expect(image[x, 35] == GridPainterTests.white, "gutter pixel (\(x), 35)") }
        // Each item has its own box: both sides of the first gutter are lines.
        #expect(image[39, 15] == GridPainterTests.black && image[50, 15] == GridPainterTests.black)
    }

    @Test func emptySlotsAreHiddenByDefaultAndPlaceholdersOnRequest() throws {
        // Item 5 would be at row 1, column 2 (x 80..<120, y 30..<60): an empty slot.
        let hidden = try Self.png(Self.items())
        #expect(hidden[119, 45] == GridPainterTests.white, "no right edge around the empty slot")
        #expect(hidden[100, 59] == GridPainterTests.white, "no bottom edge under the empty slot")
        #expect(hidden[80, 45] == GridPainterTests.black, "the last item keeps its right edge")
        let placeholder = try Self.png(Self.items(emptySlots: .placeholder))
        #expect(placeholder[119, 45] == GridPainterTests.black && placeholder[100, 59] == GridPainterTests.black)
        let spaced = try Self.png(Self.items(spacing: 10, emptySlots: .placeholder))
        #expect(spaced[100, 40] == GridPainterTests.black, "a placeholder box with spacing")
    }
}
