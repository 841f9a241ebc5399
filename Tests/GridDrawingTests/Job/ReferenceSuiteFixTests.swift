import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// Rendering bugs found while reviewing the reference suite (Fixtures/snapshots), each pinned.
@Suite struct ReferenceSuiteFixTests {
    static let line = Color(hex: 0x808080)
    static let blue = Color(hex: 0x0000ff)

    /// One 40 pt column, five 20 pt rows, 1 pt grey row lines; row 2 glows blue.
    static func glowing(scale: Double) -> PreparedGrid {
        let rows = Array(repeating: [CellContent.empty], count: 5)
        return makeTable(rows, columnWidths: [.fixed(40)], rowHeight: 20, header: false, scale: scale, styler: { row, _ in
            var style = ResolvedStyle()
            if row == 2 { style.shadow = Shadow(radius: 3, color: Self.blue) }
            return style
        }) { grid in
            grid.gridLines.horizontal = LineStyle(width: 1, color: Self.line)
        }
    }

    /// A centred 1-pixel line lies inside the selected row on one edge and outside it on the other;
    /// the glow used to start outside the row on both, so the top edge showed a grey line between
    /// the row and its glow and the bottom did not. Now the glow covers both edge lines alike and
    /// is the blur of the row grown over them, symmetric about it.
    @Test(arguments: [1.0, 2.0])
    func glowIsSymmetricAcrossEdgeLines(scale: Double) throws {
        let image = try PNGImage(decoding: GridRenderer.render(Self.glowing(scale: scale), format: .png))
        let s = Int(scale)
        let x = 20 * s, top = 40 * s, bottom = 60 * s
        // No grey line pixel anywhere around the selected row's edges.
        for y in (top - 4 * s)...(top + 2 * s) { #expect(image[x, y] != PNGImage.Pixel(0x80, 0x80, 0x80), "y \(y)") }
        for y in (bottom - 2 * s)...(bottom + 4 * s) { #expect(image[x, y] != PNGImage.Pixel(0x80, 0x80, 0x80), "y \(y)") }
        // The row grown over its edge lines: the top line lies inside the row (from y = 40),
        // the bottom one outside it (to y = 61). The glow fades the same way from both.
        let outerTop = 40 * s, outerBottom = 61 * s
        for k in 1...(4 * s) { #expect(image[x, outerTop - k] == image[x, outerBottom - 1 + k], "k \(k)") }
        #expect(image[x, outerTop - 1].b > image[x, outerTop - 1].r)
    }

    /// With frozen rows and columns and a viewport scrolled off the track edges, the lines at the
    /// frozen boundaries used to be half clipped by each region (1 px lines vanished entirely).
    @Test(arguments: [1.0, 2.0])
    func frozenBoundariesKeepTheirLines(scale: Double) throws {
        let rows = Array(repeating: Array(repeating: CellContent.empty, count: 3), count: 6)
        let grid = makeTable(rows, columnWidths: [.fixed(50), .fixed(50), .fixed(50)], rowHeight: 20, header: false,
                             scale: scale, configure: { grid in
            grid.gridLines.horizontal = LineStyle(width: 1, color: .black)
            grid.gridLines.vertical = LineStyle(width: 1, color: .black)
            grid.spec.frozenRows = 1
            grid.spec.frozenColumns = 1
            grid.spec.viewport = Rect(x: 7, y: 7, width: 100, height: 60)
        })
        let image = try PNGImage(decoding: GridRenderer.render(grid, format: .png))
        let s = Int(scale)
        #expect(image.width == 100 * s && image.height == 60 * s)
        let black = PNGImage.Pixel(0, 0, 0)
        // The boundaries at x = 50 and y = 20, centred as in an unscrolled grid.
        for y in [10, 30, 45, 55] { #expect(image[50 * s, y * s + 1] == black, "vertical boundary at y \(y)") }
        for x in [10, 30, 70, 90] { #expect(image[x * s + 1, 20 * s] == black, "horizontal boundary at x \(x)") }
        // Scrolled lines elsewhere keep their place (content x 100 → canvas 93).
        #expect(image[93 * s, 40 * s] == black)
    }

    /// Item-mode section header rows are measured (their titles are text), not 0 high.
    @Test func itemSectionHeadersHaveTheirTitlesHeight() throws {
        let json = #"""
        {"canvas": {"width": 200}, "maxColumns": 3, "itemHeight": 30, "sectionsStartOnNewLine": false,
         "sections": [{"title": "Fruit", "items": ["Apple", "Pear"]}, {"title": "Nuts", "items": 2}]}
        """#
        let grid = try Document.decode(json: Array(json.utf8)).prepare()
        let layout = try GridRenderer.layout(grid)
        #expect(layout.rowKinds == [.section, .item, .section, .item])
        #expect(layout.rows[0].size > 12 && layout.rows[2].size > 12)
        #expect(layout.rows[1].size == 30)
    }
}
