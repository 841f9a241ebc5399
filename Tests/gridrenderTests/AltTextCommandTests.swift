import Foundation
import Testing

/// `render --alt`: each input's text alternative on standard output, the document's `alt` first.
@Suite struct AltTextCommandTests {
    @Test func printsTheAltTextOfEachInput() throws {
        let dir = try CLI.scratch("alt-text")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "region,revenue\nNorth,410\nSouth,4067\n".write(toFile: dir + "/a.csv", atomically: true, encoding: .utf8)
        try #"{"title": "Team", "alt": "Our team, by city", "data": {"rows": [["city"], ["Oslo"]]}}"#
            .write(toFile: dir + "/b.json", atomically: true, encoding: .utf8)
        let run = try CLI.run(["render", "a.csv", "b.json", "--out-dir", "out", "--format", "svg", "--alt", "--title", "Sales"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "Table: Sales. 2 rows, 2 columns: region, revenue. revenue from 410 to 4067.\nOur team, by city\n")
        // Standard input is read once: refused before anything is written.
        let stdin = try CLI.run(["render", "-", "-o", "x.png", "--alt"], in: dir, stdin: Data("a,b\n1,2\n".utf8))
        CLI.expectOneErrorLine(stdin, containing: ["--alt"])
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
        // A bad alt value is one error line naming the key.
        try #"{"alt": 3, "data": {"rows": [["a"]]}}"#.write(toFile: dir + "/c.json", atomically: true, encoding: .utf8)
        CLI.expectOneErrorLine(try CLI.run(["render", "c.json", "-o", "c.png"], in: dir), containing: ["alt"])
    }
}
