import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// A dashed cell border replaces the grid line on its edge (`MaskedEdges`): the line does not
/// show through the dash gaps, in tables and in item boxes; solid borders and other edges keep it.
@Suite struct DashedBorderMaskTests {
    static let red = Color(hex: 0xff0000)
    static let dashed = LineStyle(width: 1, color: .black, dash: [3, 3])

    /// Three 40 pt columns, three 20 pt rows, red 1 pt lines; the middle cell has `borders`.
    static func table(_ borders: Insets<LineStyle?>, scale: Double = 1) -> PreparedGrid {
        makeTable(Array(repeating: Array(repeating: CellContent.empty, count: 3), count: 3),
                  columnWidths: [.fixed(40), .fixed(40), .fixed(40)], rowHeight: 20, header: false, scale: scale,
                  styler: { row, column in
            var style = ResolvedStyle()
            if row == 1 && column == 1 { style.borders = borders }
            return style
        }) { grid in
            grid.gridLines.horizontal = LineStyle(width: 1, color: Self.red)
            grid.gridLines.vertical = LineStyle(width: 1, color: Self.red)
        }
    }

    static func redPixels(_ image: PNGImage, xs: some Sequence<Int>, ys: some Sequence<Int>) -> Int {
        var count = 0
        for y in ys { for x in xs where image[x, y] == PNGImage.Pixel(255, 0, 0) { count += 1 } }
        return count
    }

    @Test(arguments: [1.0, 2.0])
    func noGridLineInTheGapsOfADashedBorder(scale: Double) throws {
        let image = try PNGImage(decoding: GridRenderer.render(Self.table(Insets(all: Self.dashed), scale: scale), format: .png))
        let s = Int(scale)
        // The edges of the middle cell (40…80 × 20…40), a pixel either side, short of the corners.
        #expect(Self.redPixels(image, xs: (42 * s)..<(78 * s), ys: (19 * s)..<(22 * s)) == 0)
        #expect(Self.redPixels(image, xs: (42 * s)..<(78 * s), ys: (38 * s)..<(41 * s)) == 0)
        #expect(Self.redPixels(image, xs: (39 * s)..<(42 * s), ys: (22 * s)..<(38 * s)) == 0)
        #expect(Self.redPixels(image, xs: (78 * s)..<(81 * s), ys: (22 * s)..<(38 * s)) == 0)
        // The dashes themselves are there, and other cells keep their red lines.
        #expect(image[41 * s, 20 * s] == PNGImage.Pixel(0, 0, 0) && image[44 * s, 20 * s] == PNGImage.Pixel(255, 255, 255))
        #expect(Self.redPixels(image, xs: (2 * s)..<(38 * s), ys: (19 * s)..<(22 * s)) > 0)
    }

    @Test func solidBordersAndUnborderedSidesKeepTheLine() throws {
        let solid = LineStyle(width: 1, color: .black)
        let image = try PNGImage(decoding: GridRenderer.render(Self.table(Insets(top: Self.dashed, right: nil, bottom: solid, left: nil)),
                                                               format: .png))
        #expect(Self.redPixels(image, xs: 42..<78, ys: 19..<22) == 0)
        // Below the solid bottom border the row line still shows; the left edge keeps its line.
        #expect(Self.redPixels(image, xs: 42..<78, ys: 40..<41) > 0)
        #expect(Self.redPixels(image, xs: 39..<42, ys: 22..<38) > 0)
    }

    @Test func itemBoxesLeaveADashedSideToTheBorder() throws {
        let json = #"""
        {"canvas": {"width": 200}, "items": 3, "maxColumns": 3, "itemHeight": 30, "columnSpacing": 10,
         "gridLines": {"horizontal": {"width": 1, "color": "#ff0000"}, "vertical": {"width": 1, "color": "#ff0000"}},
         "selection": {"items": [1]},
         "styles": {"selectedRow": {"background": "#ffffff", "borders": {"top": {"width": 1, "color": "#000000", "dash": [3, 3]}}}}}
        """#
        let grid = try Document.decode(json: Array(json.utf8)).prepare()
        let image = try PNGImage(decoding: GridRenderer.render(grid, format: .png))
        let layout = try GridRenderer.layout(grid)
        let frame = try #require(layout.cell(row: 0, column: 1)?.frame)
        #expect(Self.redPixels(image, xs: Int(frame.x) + 2..<Int(frame.maxX) - 2, ys: 0..<1) == 0)
        // The bottom keeps its line, under the selection's glow (the default theme's): still red.
        var reddish = 0
        for x in Int(frame.x) + 2..<Int(frame.maxX) - 2 where image[x, 29].r > 150 && image[x, 29].g < 100 { reddish += 1 }
        #expect(reddish == Int(frame.maxX) - Int(frame.x) - 4)
        let first = try #require(layout.cell(row: 0, column: 0)?.frame)
        #expect(Self.redPixels(image, xs: Int(first.x) + 2..<Int(first.maxX) - 2, ys: 0..<1) > 0)
    }

    /// The outer line, drawn over everything after the cells, leaves a dashed border on the
    /// grid's edge to itself too: the corner cells' outer sides show no red in their gaps, the
    /// other cells keep the red outer line, at 1x and 2x, whole and in bands.
    @Test(arguments: [1.0, 2.0])
    func outerLineLeavesADashedEdgeBorderToIt(scale: Double) throws {
        let dashed = Self.dashed
        let grid = makeTable(Array(repeating: Array(repeating: CellContent.empty, count: 3), count: 3),
                             columnWidths: [.fixed(40), .fixed(40), .fixed(40)], rowHeight: 20, header: false, scale: scale,
                             styler: { row, column in
            var style = ResolvedStyle()
            if row == 0 && column == 0 { style.borders = Insets(top: dashed, right: nil, bottom: nil, left: dashed) }
            if row == 2 && column == 2 { style.borders = Insets(top: nil, right: dashed, bottom: dashed, left: nil) }
            return style
        }) { grid in
            grid.gridLines.horizontal = LineStyle(width: 1, color: Self.red)
            grid.gridLines.vertical = LineStyle(width: 1, color: Self.red)
            grid.gridLines.outer = LineStyle(width: 1, color: Self.red)
        }
        let s = Int(scale)
        let whole = try PNGImage(decoding: GridRenderer.render(grid, format: .png))
        let banded = try PNGImage(decoding: PNGPieceEncoderTests.render(grid, threads: 2, maxBandRows: 7))
        for image in [whole, banded] {
            // Cell (0, 0): top (y 0) and left (x 0); cell (2, 2): right (x 119) and bottom (y 59).
            #expect(Self.redPixels(image, xs: (2 * s)..<(38 * s), ys: 0..<s) == 0)
            #expect(Self.redPixels(image, xs: 0..<s, ys: (2 * s)..<(18 * s)) == 0)
            #expect(Self.redPixels(image, xs: (119 * s)..<(120 * s), ys: (42 * s)..<(58 * s)) == 0)
            #expect(Self.redPixels(image, xs: (82 * s)..<(118 * s), ys: (59 * s)..<(60 * s)) == 0)
            // The dashes are there, and the rest of the outer line is red.
            #expect(image[2 * s, 0] == PNGImage.Pixel(0, 0, 0))
            #expect(Self.redPixels(image, xs: (42 * s)..<(118 * s), ys: 0..<s) == 76 * s * s)
            #expect(Self.redPixels(image, xs: 0..<s, ys: (22 * s)..<(58 * s)) == 36 * s * s)
            #expect(Self.redPixels(image, xs: (119 * s)..<(120 * s), ys: (2 * s)..<(38 * s)) == 36 * s * s)
            #expect(Self.redPixels(image, xs: (2 * s)..<(78 * s), ys: (59 * s)..<(60 * s)) == 76 * s * s)
        }
    }
}
