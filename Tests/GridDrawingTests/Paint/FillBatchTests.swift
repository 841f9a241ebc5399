import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// Same-colour rectangles go out as one path, and a rectangle continuing the previous one on its
/// row band extends it (`FillBatch`).
@Suite struct FillBatchTests {
    /// The `d` of the SVG fill path in `hex` colour (the SVG player writes `fill="#rrggbb" d="…"`).
    static func fillPath(_ svg: String, _ hex: String) -> String? {
        guard let style = svg.range(of: "<path fill=\"#\(hex)\" d=\"") else { return nil }
        return String(svg[style.upperBound...].prefix { $0 != "\"" })
    }

    @Test func aStripedRowIsOneRectangle() throws {
        let grid = GridPainterTests.plain { row, _ in
            var style = ResolvedStyle()
            if row % 2 == 1 { style.background = GridPainterTests.blue }
            return style
        }
        let svg = String(decoding: try GridRenderer.render(grid, format: .svg), as: UTF8.self)
        let path = try #require(Self.fillPath(svg, "0000ff"))
        // Rows 1 and 3, three cells each: two rectangles across the whole width.
        #expect(path.components(separatedBy: "Z").count - 1 == 2)
        #expect(path.hasPrefix("M0 20H150V40H0ZM0 60H150V80H0Z"))
    }

    @Test func cellsApartStaySeparate() throws {
        let grid = GridPainterTests.plain { _, column in
            var style = ResolvedStyle()
            if column != 1 { style.background = GridPainterTests.red }
            return style
        }
        let svg = String(decoding: try GridRenderer.render(grid, format: .svg), as: UTF8.self)
        let path = try #require(Self.fillPath(svg, "ff0000"))
        // Columns 0 and 2 do not touch: two rectangles per row, four rows.
        #expect(path.components(separatedBy: "Z").count - 1 == 8)
    }
}
