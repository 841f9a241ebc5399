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
