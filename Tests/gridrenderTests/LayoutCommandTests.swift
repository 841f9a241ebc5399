import Foundation
import Testing

/// `gridrender layout`: frames as JSON on success; bad input as for `render` (exit 2, one line).
@Suite struct LayoutCommandTests {
    @Test func printsFramesAsJSON() throws {
        let dir = try RenderCommandErrorTests.fixtures()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["layout", "ok.json"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(json?["columns"] as? [Any] != nil)
        #expect((json?["cells"] as? [Any])?.count == 4)
    }

    /// Every length in a layout JSON object, in document order.
    static func lengths(_ value: Any) -> [Double] {
        if let object = value as? [String: Any] {
            return object.keys.sorted().flatMap { key -> [Double] in
                if ["x", "y", "width", "height"].contains(key), let number = object[key] as? Double { return [number] }
                return ["scale", "row", "column", "item", "rowSpan", "columnSpan", "kind"].contains(key) ? [] : lengths(object[key]!)
            }
        }
        if let array = value as? [Any] { return array.flatMap(lengths) }
        return []
    }

    /// DESIGN.md §3 (revised): snapping in whole points, the scale only multiplies — so
    /// `--units px` at scale 2 and 3 is exactly 2× and 3× scale 1, for a CSV table with auto
    /// columns and text blocks, and for an item grid.
    @Test(arguments: ["people.csv", "items.json"])
    func pixelsAtScale2And3AreExactMultiples(input: String) throws {
        let dir = try CLI.scratch("layout-scales")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "name,city,balance\nAda Lovelace,London,1234.5\nGrace Hopper,Arlington,-17.25\nLinus,Helsinki,0.333\n"
            .write(toFile: dir + "/people.csv", atomically: true, encoding: .utf8)
        try #"{"canvas": {"width": 331.7, "padding": 7.3}, "items": 11, "maxColumns": 4, "columnSpacing": 3.4, "rowSpacing": 2.2, "itemHeight": {"multiplier": 0.77}}"#
            .write(toFile: dir + "/items.json", atomically: true, encoding: .utf8)
        func lengths(_ scale: String) throws -> [Double] {
            let run = try CLI.run(["layout", input, "--units", "px", "--scale", scale], in: dir)
            #expect(run.status == 0, "\(run.stderr)")
            return Self.lengths(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)))
        }
        let one = try lengths("1")
        #expect(one.count > 10 && one.allSatisfy { $0 == $0.rounded() })
        #expect(try lengths("2") == one.map { $0 * 2 })
        #expect(try lengths("3") == one.map { $0 * 3 })
    }

    @Test(arguments: [
        (["layout", "truncated.json"], ["truncated.json:4:"]),
        (["layout", "unknown-key.yaml"], ["unknown-key.yaml:2:", "colums"]),
        (["layout", "ragged.csv"], ["ragged.csv:3:"]),
        (["layout", "canvas-too-wide.json"], ["canvas-too-wide.json:2: canvas:"]),
        (["layout", "missing-image.json"], ["missing-image.json:4: data.rows[1][0].image:"]),
        (["layout", "giant-image.json"], ["giant-image.json:4:", "too large"]),
        (["layout", "ok.json", "--scale", "0"], ["--scale"]),
        (["layout", "ok.json", "--units", "furlongs"], ["furlongs"]),
        (["layout", "ok.json", "--max-input-size", "5"], ["ok.json", "input size limit"]),
        (["layout", "no-such-input.yaml"], ["no-such-input.yaml", "no such file"]),
    ])
    func badInputExitsTwo(arguments: [String], fragments: [String]) throws {
        let dir = try RenderCommandErrorTests.fixtures()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let before = CLI.listing(dir)
        let run = try CLI.run(arguments, in: dir)
        CLI.expectOneErrorLine(run, containing: fragments)
        #expect(run.stdout.isEmpty)
        #expect(CLI.listing(dir) == before)
    }

    @Test func deepNestingIsAnError() throws {
        let dir = try CLI.scratch("layout-deep")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        let run = try CLI.run(["layout", "-"], in: dir, stdin: Data(text.utf8))
        CLI.expectOneErrorLine(run, containing: ["-:1:", "nesting deeper than"])
    }
}
