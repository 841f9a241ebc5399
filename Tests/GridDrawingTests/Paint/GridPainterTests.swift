import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// Pixel probes on rendered PNGs: fills, lines, borders, clipping, glow, regions.
@Suite struct GridPainterTests {
    static let red = Color(hex: 0xff0000)
    static let blue = Color(hex: 0x0000ff)
    static let gray = Color(hex: 0xeeeeee)
    static let lineColor = Color(hex: 0x000000)

    /// 3 columns × 50 pt, 4 rows × 20 pt, no text, white canvas.
    static func plain(scale: Double = 1, styler: @escaping @Sendable (Int, Int) -> ResolvedStyle = { _, _ in ResolvedStyle() },
                      contents: [[CellContent]]? = nil,
                      configure: (inout PreparedGrid) -> Void = { _ in }) -> PreparedGrid {
        let rows = contents ?? Array(repeating: Array(repeating: CellContent.empty, count: 3), count: 4)
        return makeTable(rows, columnWidths: [.fixed(50), .fixed(50), .fixed(50)], rowHeight: 20, header: false,
                         scale: scale, styler: styler, configure: configure)
    }

    static func png(_ grid: PreparedGrid) throws -> PNGImage {
        try PNGImage(decoding: GridRenderer.render(grid, format: .png))
    }

    static let white = PNGImage.Pixel(255, 255, 255)
    static let black = PNGImage.Pixel(0, 0, 0)

    @Test func cellBackgroundFillsTheCell() throws {
        let image = try Self.png(Self.plain { row, column in
            var style = ResolvedStyle()
            if row == 1 && column == 1 { style.background = Self.red }
            return style
        })
        #expect(image.width == 150 && image.height == 80)
        #expect(image[75, 30] == PNGImage.Pixel(255, 0, 0))
        #expect(image[50, 20] == PNGImage.Pixel(255, 0, 0))
        #expect(image[99, 39] == PNGImage.Pixel(255, 0, 0))
        #expect(image[49, 30] == Self.white)
        #expect(image[100, 30] == Self.white)
        #expect(image[75, 19] == Self.white)
        #expect(image[75, 40] == Self.white)
    }

    @Test func alternatingRowFills() throws {
        let image = try Self.png(Self.plain { row, _ in
            var style = ResolvedStyle()
            style.background = row % 2 == 0 ? Self.gray : Self.blue
            return style
        })
        for row in 0..<4 {
            let expected = row % 2 == 0 ? PNGImage.Pixel(0xee, 0xee, 0xee) : PNGImage.Pixel(0, 0, 255)
            for x in [0, 75, 149] { #expect(image[x, row * 20 + 10] == expected) }
        }
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func onepointVerticalLineIsWholePixels(scale: Double) throws {
        let image = try Self.png(Self.plain(scale: scale, configure: { grid in
            grid.gridLines.vertical = LineStyle(width: 1, color: Self.lineColor)
        }))
        let s = Int(scale)
        let y = 30 * s
        let dark = (0..<image.width).filter { image[$0, y] == Self.black }
        // Inner edges at 50 and 100 pt; outer edges inset at 0 and 150. A 1-pt line is placed on
        // whole points ([edge, edge + 1) pt) and then multiplied: exactly s × its 1x pixels.
        var expected: [Int] = Array(0..<s)
        for edge in [50, 100] { expected += Array(edge * s..<edge * s + s) }
        expected += Array(150 * s - s..<150 * s)
        #expect(dark == expected)
        // Everything else on the probe row is untouched white.
        #expect((0..<image.width).filter { image[$0, y] != Self.black && image[$0, y] != Self.white }.isEmpty)
    }

    @Test(arguments: [1.0, 2.0])
    func onepointHorizontalLineIsWholePixels(scale: Double) throws {
        let image = try Self.png(Self.plain(scale: scale, configure: { grid in
            grid.gridLines.horizontal = LineStyle(width: 1, color: Self.lineColor)
        }))
        let s = Int(scale)
        let x = 75 * s
        let dark = (0..<image.height).filter { image[x, $0] == Self.black }
        var expected: [Int] = Array(0..<s)
        for edge in [20, 40, 60] { expected += Array(edge * s..<edge * s + s) }
        expected += Array(80 * s - s..<80 * s)
        #expect(dark == expected)
    }

    /// A spanner's rule (`bottomBorderTrim`) stops short of both ends of its cell, so the rules of
    /// two cells side by side leave a gap of twice the trim between them; untrimmed they join.
    @Test(arguments: [1.0, 2.0])
    func trimmedBottomBordersLeaveAGap(scale: Double) throws {
        func rule(trim: Double) throws -> [Int] {
            let image = try Self.png(Self.plain(scale: scale) { row, column in
                var style = ResolvedStyle()
                if row == 1 && column >= 1 {
                    style.borders.bottom = LineStyle(width: 1, color: Self.lineColor)
                    style.bottomBorderTrim = trim
                }
                return style
            })
            let s = Int(scale)
            return (0..<image.width).filter { image[$0, 40 * s - 1] == Self.black }
        }
        let s = Int(scale)
        // Columns 1 and 2 span 50…150 pt; the rule row is the last pixel row of row 1.
        #expect(try rule(trim: 0) == Array(50 * s..<150 * s))
        #expect(try rule(trim: 4) == Array(54 * s..<96 * s) + Array(104 * s..<146 * s))
    }

    /// A footnote mark on a right-aligned figure hangs into the padding: the marked cell's
    /// figures are drawn at the same x as an unmarked cell's, pixel for pixel, with the mark after.
    @Test(arguments: [1.0, 2.0])
    func footnoteMarksHangIntoTheRightPadding(scale: Double) throws {
        let json = #"""
        {"theme": "plain", "columns": [{"key": "n", "title": "N", "align": "right", "width": 80}],
         "data": {"rows": [["1,250.5"], ["1,250.5"]]},
         "footnotes": [{"text": "Estimated.", "cells": [{"row": 1, "column": "n"}]}]}
        """#
        let grid = try Document.decode(json: Array(json.utf8)).prepare()
        #expect(grid.cells.style(row: 2, column: 0, item: nil).hangingMarkBytes == "¹".utf8.count)
        #expect(grid.cells.style(row: 1, column: 0, item: nil).hangingMarkBytes == 0)
        var options = RenderOptions()
        options.scale = scale
        let image = try PNGImage(decoding: GridRenderer.render(grid, format: .png, options: options))
        let layout = try GridRenderer.layout(grid)
        let plain = try #require(layout.cell(row: 1, column: 0)?.frame), marked = try #require(layout.cell(row: 2, column: 0)?.frame)
        // Probed inside the cell, clear of grid lines and borders (2 pt in from every side).
        let s = scale, height = Int((plain.height - 4) * s)
        func ink(_ frame: Rect) -> [[PNGImage.Pixel]] {
            (0..<height).map { dy in (Int((frame.x + 2) * s)..<Int((frame.maxX - 2) * s)).map { image[$0, Int((frame.y + 2) * s) + dy] } }
        }
        let a = ink(plain), b = ink(marked), background = a[0][0]
        // The unmarked figures' rightmost ink; up to it both cells are the same, after it only the mark.
        let right = try #require((0..<a[0].count).last { x in a.contains { $0[x] != background } })
        #expect((0..<height).allSatisfy { Array(a[$0][...right]) == Array(b[$0][...right]) })
        #expect(b.contains { row in row[(right + 1)...].contains { $0 != background } })
    }

    @Test func outerLineIsInsetAndHeaderSeparatorCoversTheEdge() throws {
        var grid = Self.plain(configure: { grid in
            grid.gridLines.outer = LineStyle(width: 2, color: Self.lineColor)
            grid.gridLines.header = LineStyle(width: 2, color: Self.red)
        })
        grid.spec.content = GridSpec.Content.table(GridSpec.Table(columnCount: 3, rows: [RowKind.header, .data, .data, .data]))
        let image = try Self.png(grid)
        #expect(image[0, 30] == Self.black && image[1, 30] == Self.black && image[2, 30] == Self.white)
        #expect(image[149, 30] == Self.black && image[148, 30] == Self.black && image[147, 30] == Self.white)
        #expect(image[75, 0] == Self.black && image[75, 79] == Self.black)
        #expect(image[75, 18] == Self.white)
        #expect(image[75, 19] == PNGImage.Pixel(255, 0, 0) && image[75, 20] == PNGImage.Pixel(255, 0, 0))
        #expect(image[75, 21] == Self.white)
    }

    @Test func cellBordersAreInsideTheCell() throws {
        let image = try Self.png(Self.plain { row, column in
            var style = ResolvedStyle()
            if row == 1 && column == 1 {
                style.borders.top = LineStyle(width: 1, color: Self.red)
                style.borders.right = LineStyle(width: 2, color: Self.blue)
            }
            return style
        })
        #expect(image[75, 20] == PNGImage.Pixel(255, 0, 0))
        #expect(image[75, 19] == Self.white && image[75, 21] == Self.white)
        #expect(image[98, 30] == PNGImage.Pixel(0, 0, 255) && image[99, 30] == PNGImage.Pixel(0, 0, 255))
        #expect(image[97, 30] == Self.white && image[100, 30] == Self.white)
    }

    @Test func opacityBlendsTheBackground() throws {
        let image = try Self.png(Self.plain { _, _ in
            var style = ResolvedStyle()
            style.background = Self.blue
            style.opacity = 0.5
            return style
        })
        let p = image[75, 30]
        #expect(abs(Int(p.r) - 127) <= 1 && abs(Int(p.g) - 127) <= 1 && p.b == 255)
    }

    @Test func textIsClippedToItsCell() throws {
        let long = String(repeating: "W", count: 40)
        let image = try Self.png(Self.plain(styler: { _, _ in
            var style = ResolvedStyle()
            style.ellipsize = .none
            return style
        }, contents: [[.text(long), .empty, .empty], [.empty, .empty, .empty], [.empty, .empty, .empty], [.empty, .empty, .empty]]))
        func inked(_ xs: Range<Int>, _ ys: Range<Int>) -> Int {
            var n = 0
            for y in ys { for x in xs where image[x, y] != Self.white { n += 1 } }
            return n
        }
        #expect(inked(0..<50, 0..<20) > 50)
        #expect(inked(50..<150, 0..<80) == 0)
        #expect(inked(0..<50, 20..<80) == 0)
    }

    @Test func textColourAndAlignment() throws {
        let image = try Self.png(Self.plain(styler: { _, column in
            var style = ResolvedStyle()
            style.color = Self.red
            style.align = column == 0 ? .left : .right
            return style
        }, contents: [[.text("x"), .text("x"), .empty]]))
        func inkColumns(_ xs: Range<Int>) -> [Int] {
            xs.filter { x in (0..<20).contains { image[x, $0] != Self.white } }
        }
        let left = inkColumns(0..<50), right = inkColumns(50..<100)
        #expect(left.first! >= 8 && left.first! <= 10)
        #expect(right.last! >= 90 && right.last! <= 92)
        #expect((0..<20).contains { y in (0..<50).contains { x in image[x, y].r > 200 && image[x, y].g < 60 } })
    }

    @Test func decimalAlignmentLinesUpThePoints() throws {
        // The right edge of "1.5" ends where "22.25"'s first decimal digit ends: the points align.
        let rows: [[CellContent]] = [[.text("22.25")], [.text("1.5")], [.text("333")]]
        let grid = makeTable(rows, columnWidths: [.fixed(120)], rowHeight: 20, header: false, styler: { _, _ in
            var style = ResolvedStyle()
            style.align = .decimal
            return style
        })
        let image = try PNGImage(decoding: GridRenderer.render(grid, format: .png))
        func inkRight(_ row: Int) -> Int { (0..<120).last { x in (row * 20..<row * 20 + 20).contains { image[x, $0] != Self.white } }! }
        func inkLeft(_ row: Int) -> Int { (0..<120).first { x in (row * 20..<row * 20 + 20).contains { image[x, $0] != Self.white } }! }
        #expect(inkRight(0) == 120 - 8 - 1 || inkRight(0) == 120 - 8 - 2)
        #expect(inkRight(1) < inkRight(0) - 4)
        // "333" has no point: its last digit ends where the points are.
        #expect(inkRight(2) < inkRight(1))
        #expect(inkLeft(1) > inkLeft(0))
    }

    @Test func swatchIsPaintedInsideThePadding() throws {
        let image = try Self.png(Self.plain(styler: { _, _ in
            var style = ResolvedStyle()
            style.align = .center
            return style
        }, contents: [[.swatch(Self.red), .empty, .empty]]))
        #expect(image[25, 10] == PNGImage.Pixel(255, 0, 0))
        #expect(image[5, 10] == Self.white)
    }

    @Test func selectionGlowTintsAroundTheCell() throws {
        let image = try Self.png(Self.plain { row, _ in
            var style = ResolvedStyle()
            if row == 1 { style.shadow = Shadow(radius: 3, color: Self.blue) }
            return style
        })
        #expect(image[75, 18].b == 255 && image[75, 18].r < 255)
        #expect(image[75, 10] == Self.white)
        // One glow around the whole row, not a box per cell.
        #expect(image[50, 30] == Self.white)
    }

    @Test func frozenRowsStayOnTopOfAScrolledViewport() throws {
        var grid = Self.plain { row, _ in
            var style = ResolvedStyle()
            style.background = row == 0 ? Self.red : (row == 3 ? Self.blue : Self.gray)
            return style
        }
        grid.spec.frozenRows = 1
        grid.spec.viewport = Rect(x: 0, y: 40, width: 150, height: 40)
        let image = try Self.png(grid)
        #expect(image.height == 40)
        #expect(image[75, 10] == PNGImage.Pixel(255, 0, 0))
        #expect(image[75, 30] == PNGImage.Pixel(0, 0, 255))
    }

    @Test func cellImagesArePaintedWithTheirFit() throws {
        let dir = try temporaryDirectory()
        let swatch = makeTable([[.empty]], columnWidths: [.fixed(10)], rowHeight: 10, header: false, styler: { _, _ in
            var style = ResolvedStyle()
            style.background = Self.blue
            return style
        })
        try GridRenderer.render(swatch, to: dir.appendingPathComponent("blue.png").path)
        for fit in ImageFit.allCases {
            var grid = Self.plain(styler: { _, _ in ResolvedStyle() },
                                  contents: [[.image(path: "blue.png", fit: fit), .empty, .empty]])
            grid.baseDirectory = dir.path
            let image = try Self.png(grid)
            #expect(image[25, 10] == PNGImage.Pixel(0, 0, 255), "fit \(fit)")
            #expect(image[2, 10] == Self.white, "fit \(fit)")
            #expect(image[60, 10] == Self.white, "fit \(fit)")
        }
    }
}

extension GridPainterTests {
    struct ItemCells: CellSource {
        static let colors = [Color(hex: 0xff0000), Color(hex: 0x00ff00), Color(hex: 0x0000ff), Color(hex: 0xffff00), Color(hex: 0x00ffff)]
        func content(row: Int, column: Int, item: Int?) -> CellContent { .empty }
        func style(row: Int, column: Int, item: Int?) -> ResolvedStyle {
            var style = ResolvedStyle()
            if let item { style.background = Self.colors[item] }
            return style
        }
    }

    @Test func itemModeCellsGetTheirItemIndex() throws {
        var spec = GridSpec(content: .items(.init(sections: [.init(count: 5)], limit: .maxColumns(3), itemHeight: .lineSize(0))),
                            width: 90)
        spec.columnSpacing = Spacing(0)
        let image = try PNGImage(decoding: GridRenderer.render(PreparedGrid(spec: spec, cells: ItemCells()), format: .png))
        #expect(image.width == 90 && image.height == 60)
        let expected: [(Int, Int, PNGImage.Pixel)] = [(15, 15, .init(255, 0, 0)), (45, 15, .init(0, 255, 0)), (75, 15, .init(0, 0, 255)),
                                                      (15, 45, .init(255, 255, 0)), (45, 45, .init(0, 255, 255)), (75, 45, Self.white)]
        for (x, y, pixel) in expected { #expect(image[x, y] == pixel, "at \(x),\(y)") }
    }

    @Test func verticalLinesStopAtSectionRows() throws {
        var grid = Self.plain(configure: { grid in
            grid.gridLines.vertical = LineStyle(width: 1, color: Self.lineColor)
        })
        grid.spec.content = .table(GridSpec.Table(columnCount: 3, rows: [RowKind.data, .section, .data, .data]))
        let image = try Self.png(grid)
        #expect(image[50, 10] == Self.black)
        #expect(image[50, 30] == Self.white)
        #expect(image[50, 50] == Self.black)
        // The outer edges still run through the section row.
        #expect(image[0, 30] == Self.black)
    }
}

extension GridPainterTests {
    /// A dashed header rule replaces the grid line it lies on: its gaps show the cells, not a line.
    @Test func dashedHeaderRuleMasksTheGridLineUnderIt() throws {
        var grid = Self.plain(configure: { grid in
            grid.gridLines.horizontal = LineStyle(width: 1, color: Self.lineColor)
            grid.gridLines.header = LineStyle(width: 1, color: Self.red, dash: [4, 4])
        })
        grid.spec.content = .table(GridSpec.Table(columnCount: 3, rows: [.header, .data, .data, .data]))
        let image = try Self.png(grid)
        let edge = (0..<image.width).map { image[$0, 20] }
        #expect(!edge.contains(Self.black), "the grid line shows through the dashes")
        #expect(edge.contains(PNGImage.Pixel(255, 0, 0)) && edge.contains(Self.white))
        #expect(image[75, 40] == Self.black, "other row lines stay")
    }
}
