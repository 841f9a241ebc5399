import Foundation
import Testing

/// `render --alt` without `-o` or `--out-dir`: the text alternatives are printed and nothing is
/// rendered (a user asking for the alt text needs no output file); with `-o` it renders too.
@Suite struct AltOnlyCommandTests {
    @Test func altWithoutOutputOnlyPrints() throws {
        let dir = try CLI.scratch("alt-only")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "region,revenue\nNorth,410\nSouth,4067\n".write(toFile: dir + "/a.csv", atomically: true, encoding: .utf8)
        try #"{"title": "Team", "alt": "Our team, by city", "data": {"rows": [["city"], ["Oslo"]]}}"#
            .write(toFile: dir + "/b.json", atomically: true, encoding: .utf8)
        let run = try CLI.run(["render", "a.csv", "b.json", "--alt"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "Table. 2 rows, 2 columns: region, revenue. revenue from 410 to 4067.\nOur team, by city\n")
        #expect(run.stderr.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a.csv", "b.json"])
        // With -o it renders as before and prints the alt line too.
        let rendered = try CLI.run(["render", "b.json", "-o", "b.svg", "--alt"], in: dir)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(rendered.stdout.hasPrefix("Our team, by city\n"))
        #expect(FileManager.default.fileExists(atPath: dir + "/b.svg"))
        // Without --alt an output is still required; a bad input is one error line.
        CLI.expectOneErrorLine(try CLI.run(["render", "a.csv"], in: dir), containing: ["-o"])
        CLI.expectOneErrorLine(try CLI.run(["render", "a.csv", "--alt", "--watch"], in: dir), containing: ["--watch"])
        try #"{"alt": 3, "data": {"rows": [["a"]]}}"#.write(toFile: dir + "/c.json", atomically: true, encoding: .utf8)
        CLI.expectOneErrorLine(try CLI.run(["render", "c.json", "--alt"], in: dir), containing: ["alt"])
    }
}
