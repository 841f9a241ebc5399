import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// Same-colour rectangles go out as one path, and a rectangle continuing the previous one on its
/// row band extends it (`FillBatch`).
@Suite struct FillBatchTests {
    /// The `d` of the SVG fill path in `color` (Cairo writes percentages).
    static func fillPath(_ svg: String, _ rgb: String) -> String? {
        guard let style = svg.range(of: "fill:rgb(\(rgb));fill-opacity:1;\" d=\"") else { return nil }
        return String(svg[style.upperBound...].prefix { $0 != "\"" })
    }

    @Test func aStripedRowIsOneRectangle() throws {
        let grid = GridPainterTests.plain { row, _ in
            var style = ResolvedStyle()
            if row % 2 == 1 { style.background = GridPainterTests.blue }
            return style
        }
        let svg = String(decoding: try GridRenderer.render(grid, format: .svg), as: UTF8.self)
        let path = try #require(Self.fillPath(svg, "0%,0%,100%"))
        // Rows 1 and 3, three cells each: two rectangles across the whole width.
        #expect(path.components(separatedBy: "Z").count - 1 == 2)
        #expect(path.hasPrefix("M 0 20 L 150 20 L 150 40 L 0 40 Z M 0 60 L 150 60 L 150 80 L 0 80 Z"))
    }

    @Test func cellsApartStaySeparate() throws {
        let grid = GridPainterTests.plain { _, column in
            var style = ResolvedStyle()
            if column != 1 { style.background = GridPainterTests.red }
            return style
        }
        let svg = String(decoding: try GridRenderer.render(grid, format: .svg), as: UTF8.self)
        let path = try #require(Self.fillPath(svg, "100%,0%,0%"))
        // Columns 0 and 2 do not touch: two rectangles per row, four rows.
        #expect(path.components(separatedBy: "Z").count - 1 == 8)
    }
}
