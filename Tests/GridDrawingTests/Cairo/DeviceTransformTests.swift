import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// Snapping in whole points, the scale only multiplying (DESIGN.md §3, revised rule): lines and
/// fills at 2x and 3x are the 1x picture with every edge multiplied; SVG does not depend on it.
@Suite struct DeviceTransformTests {
    @Test func linesArePlacedOnWholePointsThenMultiplied() {
        let one = DeviceTransform(sx: 1, sy: 1, tx: 0, ty: 0)
        let two = DeviceTransform(sx: 2, sy: 2, tx: 0, ty: 0)
        let oneHalf = DeviceTransform(sx: 1.5, sy: 1.5, tx: 0, ty: 0)
        #expect(one.lineSpan(50, width: 1, vertical: true, .centered) == (50, 51))
        #expect(two.lineSpan(50, width: 1, vertical: true, .centered) == (100, 102))
        #expect(one.lineSpan(50, width: 2, vertical: true, .centered) == (49, 51))
        #expect(two.lineSpan(50, width: 2, vertical: true, .centered) == (98, 102))
        #expect(two.lineSpan(80, width: 1, vertical: false, .before) == (158, 160))
        // A fractional scale rounds the multiplied edges; never thinner than a pixel.
        #expect(oneHalf.lineSpan(51, width: 1, vertical: true, .after) == (77, 78))
        #expect(DeviceTransform(sx: 0.4, sy: 0.4, tx: 0, ty: 0).lineSpan(10, width: 1, vertical: true, .after) == (4, 5))
        // Band and tile offsets are whole pixels and do not change where a line lands.
        let band = DeviceTransform(sx: 2, sy: 2, tx: -7, ty: -300)
        #expect(band.lineSpan(50, width: 1, vertical: true, .centered) == (93, 95))
        #expect(band.lineSpan(150.4, width: 1, vertical: false, .centered) == (0, 2))
    }

    /// Lines of 1 and 2 points, borders, a header rule, fills, spacing and fractional fill columns:
    /// no text, so every painted edge is on the pixel grid and nothing is anti-aliased.
    static func geometry(scale: Double) -> PreparedGrid {
        let rows = Array(repeating: Array(repeating: CellContent.empty, count: 4), count: 5)
        var grid = makeTable(rows, columnWidths: [.fill(1), .fill(1.3), .fixed(33.3), .fill(2)], rowHeight: 17.6,
                             header: true, scale: scale) { row, column in
            var style = ResolvedStyle()
            if (row + column) % 3 == 0 { style.background = Color(hex: 0x3366cc) }
            if row == 2 && column == 1 { style.borders.left = LineStyle(width: 2, color: Color(hex: 0xcc0000)) }
            return style
        }
        grid.spec.width = 203.7
        grid.spec.columnSpacing = Spacing(2.6)
        grid.canvasWidth = 217.9
        grid.padding = Insets(top: 5.4, right: 7, bottom: 3.2, left: 6.6)
        grid.gridLines.horizontal = LineStyle(width: 1, color: Color(hex: 0x222222))
        grid.gridLines.vertical = LineStyle(width: 1, color: Color(hex: 0x555555))
        grid.gridLines.header = LineStyle(width: 2, color: Color(hex: 0x000000))
        grid.gridLines.outer = LineStyle(width: 1, color: Color(hex: 0x888888))
        return grid
    }

    @Test(arguments: [2, 3])
    func integerScalesAreThe1xPictureWithEveryEdgeMultiplied(scale: Int) throws {
        let one = try PNGImage(decoding: GridRenderer.render(Self.geometry(scale: 1), format: .png))
        let big = try PNGImage(decoding: GridRenderer.render(Self.geometry(scale: Double(scale)), format: .png))
        #expect(big.width == one.width * scale && big.height == one.height * scale)
        var differing = 0
        for y in 0..<big.height {
            for x in 0..<big.width where big[x, y] != one[x / scale, y / scale] { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels of the \(scale)x image differ from the 1x one scaled up")
    }

    @Test func fractionalScaleRoundsTheCanvasAndSVGIgnoresTheScale() throws {
        let one = try PNGImage(decoding: GridRenderer.render(Self.geometry(scale: 1), format: .png))
        let oneHalf = try PNGImage(decoding: GridRenderer.render(Self.geometry(scale: 1.5), format: .png))
        #expect(oneHalf.width == Int((Double(one.width) * 1.5).rounded()) && oneHalf.height == Int((Double(one.height) * 1.5 + 0.5).rounded(.down)))
        let svg = try GridRenderer.render(Self.geometry(scale: 1), format: .svg)
        for scale in [2.0, 3, 1.5] {
            #expect(try GridRenderer.render(Self.geometry(scale: scale), format: .svg) == svg)
            #expect(try GridRenderer.render(Self.geometry(scale: scale), format: .pdf) == GridRenderer.render(Self.geometry(scale: 1), format: .pdf))
        }
    }
}
