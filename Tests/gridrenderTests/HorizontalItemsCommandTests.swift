import Foundation
import GridSnapshot
import Testing

/// The horizontal item direction end to end (RDH's strip): the issue's document used to fail
/// with "canvas 0×104 px is empty"; now `layout`, PNG, SVG and PDF all show the strip.
@Suite struct HorizontalItemsCommandTests {
    static let strip = #"{"canvas": {"height": 104}, "items": 7, "flow": "columns", "maxRows": 2, "columnSpacing": 4, "rowSpacing": 4}"#

    @Test func layoutReportsTheStripInPointsAndPixels() throws {
        let dir = try CLI.scratch("horizontal-layout")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.strip.write(toFile: dir + "/strip.json", atomically: true, encoding: .utf8)
        let run = try CLI.run(["layout", "strip.json"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(json["size"] as? [String: Double] == ["width": 212, "height": 104])
        let columns = try #require(json["columns"] as? [[String: Double]])
        #expect(columns == [0, 54, 108, 162].map { ["x": $0, "width": 50] })
        let rows = try #require(json["rows"] as? [[String: Any]])
        #expect(rows.map { $0["y"] as? Double } == [0, 54] && rows.map { $0["height"] as? Double } == [50, 50])
        let cells = try #require(json["cells"] as? [[String: Any]])
        // Item k at row k % 2, column k / 2.
        for cell in cells {
            let item = try #require(cell["item"] as? Int)
            #expect(cell["row"] as? Int == item % 2 && cell["column"] as? Int == item / 2)
        }
        #expect(cells.count == 7)
        let pixels = try CLI.run(["layout", "strip.json", "--units", "px", "--scale", "3"], in: dir)
        let scaled = try JSONSerialization.jsonObject(with: Data(pixels.stdout.utf8))
        #expect(LayoutCommandTests.lengths(scaled) == LayoutCommandTests.lengths(json).map { $0 * 3 })
    }

    @Test func rendersToPNGSVGAndPDF() throws {
        let dir = try CLI.scratch("horizontal-render")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.strip.write(toFile: dir + "/strip.json", atomically: true, encoding: .utf8)
        for (name, scale) in [("strip.png", "1"), ("strip@2x.png", "2"), ("strip.svg", "1"), ("strip.pdf", "1")] {
            let run = try CLI.run(["render", "strip.json", "-o", name, "--scale", scale], in: dir)
            #expect(run.status == 0, "\(name): \(run.stderr)")
        }
        let one = try RGBAImage(contentsOfPNGFile: dir + "/strip.png")
        let two = try RGBAImage(contentsOfPNGFile: dir + "/strip@2x.png")
        #expect(one.width == 212 && one.height == 104)
        #expect(two.width == 424 && two.height == 208)
        // A line at every item's edge; nothing drawn in the empty slot (row 1, column 3).
        #expect(one[0, 20] != RGBA(255, 255, 255))
        #expect(one[185, 78] == RGBA(255, 255, 255) && one[162, 78] == RGBA(255, 255, 255))
        let svg = try String(contentsOfFile: dir + "/strip.svg", encoding: .utf8)
        #expect(svg.contains(#"width="212""#) && svg.contains(#"height="104""#))
        let pdf = try Data(contentsOf: URL(fileURLWithPath: dir + "/strip.pdf"))
        #expect(pdf.starts(with: Array("%PDF".utf8)))
        // The page dictionary may sit in a compressed object stream: ask poppler for the size.
        #expect(OutputValidityTests.tool(["pdfinfo", dir + "/strip.pdf"]).output.contains("Page size:       212 x 104 pts"))
    }

    @Test func theDirectionsBadKeysAreOneLineErrors() throws {
        let dir = try CLI.scratch("horizontal-errors")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"items": 4, "maxRows": 2, "canvas": {"width": 80},"# .appending("\n  \"itemWidth\": 20}")
            .write(toFile: dir + "/width.json", atomically: true, encoding: .utf8)
        try #"{"items": 4, "flow": "columns", "canvas": {"height": 80}, "itemHeight": {"multiplier": 2}}"#
            .write(toFile: dir + "/height.json", atomically: true, encoding: .utf8)
        let width = try CLI.run(["render", "width.json", "-o", "out.png"], in: dir)
        CLI.expectOneErrorLine(width, containing: ["width.json:2: itemWidth:", "horizontal direction"])
        let height = try CLI.run(["render", "height.json", "-o", "out.png"], in: dir)
        CLI.expectOneErrorLine(height, containing: ["height.json:1: itemHeight:"])
        #expect(!CLI.listing(dir).contains("out.png"))
    }
}
