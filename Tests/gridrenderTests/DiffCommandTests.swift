import Foundation
import GridSnapshot
import Testing

/// `gridrender diff OLD NEW`: on two versions of a real CSV (Fixtures/diff: ids 5 and 27 removed,
/// 31 and 32 inserted, id 8's score and id 20's balance and status changed) the JSON lists exactly
/// those rows and cells with and without `--key`; exit codes 0, 1, 2; the rendered diff is kept as
/// a reference snapshot; the Markdown summary; bad input.
@Suite struct DiffCommandTests {
    static let fixtures = CLI.packageRoot.appendingPathComponent("Fixtures/diff").path

    static func json(_ arguments: [String]) throws -> [String: Any] {
        let run = try CLI.run(["diff", "people-old.csv", "people-new.csv", "--json"] + arguments, in: fixtures)
        #expect(run.status == 1, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    @Test(arguments: [[], ["--key", "id"]])
    func exactlyTheEditedRowsAndCells(arguments: [String]) throws {
        let object = try Self.json(arguments)
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["rowsAdded"] as? Int == 2 && summary["rowsRemoved"] as? Int == 2)
        #expect(summary["rowsChanged"] as? Int == 2 && summary["cellsChanged"] as? Int == 3)
        let rows = try #require(object["rows"] as? [[String: Any]])
        func describe(_ row: [String: Any]) -> String {
            let cells = (row["cells"] as? [[String: String]] ?? []).map { "\($0["column"]!):\($0["old"]!)>\($0["new"]!)" }
            return "\(row["status"]!) \(row["oldIndex"] as? Int ?? -1) \(row["newIndex"] as? Int ?? -1) " + cells.joined(separator: ",")
        }
        // 0-based data rows: old ids are their index + 1; new indexes shift by the edits above them.
        #expect(rows.map(describe) == [
            "removed 4 -1 ",
            "changed 7 6 score:189>289",
            "added -1 11 ",
            "changed 19 19 balance:189709.12>1.00,status:pending review>closed",
            "added -1 23 ",
            "removed 26 -1 ",
        ])
        let keys = rows.map { $0["key"] as? [String] }
        #expect(keys == (arguments.isEmpty ? Array(repeating: nil, count: 6) : [["5"], ["8"], ["31"], ["20"], ["32"], ["27"]]))
    }

    @Test func exitCodes() throws {
        let dir = try CLI.scratch("diff-exit")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "a,b\n1,x\n2,y\n".write(toFile: dir + "/a.csv", atomically: true, encoding: .utf8)
        try #"{"columns": [{"key": "a"}, {"key": "b"}], "data": {"rows": [[1, "x"], [2, "y"]]}, "theme": "dark"}"#
            .write(toFile: dir + "/a.json", atomically: true, encoding: .utf8)
        try "a,b\n1,x\n1,y\n".write(toFile: dir + "/dup.csv", atomically: true, encoding: .utf8)
        // The same data in another form and look: no difference.
        let same = try CLI.run(["diff", "a.csv", "a.json"], in: dir)
        #expect(same.status == 0 && same.stdout == "no differences\n", "\(same.stderr)")
        CLI.expectOneErrorLine(try CLI.run(["diff", "a.csv", "missing.csv"], in: dir), containing: ["missing.csv"])
        CLI.expectOneErrorLine(try CLI.run(["diff", "a.csv", "a.json", "--key", "nope"], in: dir), containing: ["--key", "nope"])
        CLI.expectOneErrorLine(try CLI.run(["diff", "a.csv", "dup.csv", "--key", "a"], in: dir), containing: ["dup.csv", "rows 1 and 2"])
        CLI.expectOneErrorLine(try CLI.run(["diff", "a.csv", "a.json", "-o", "a.csv"], in: dir), containing: ["a.csv"])
        CLI.expectOneErrorLine(try CLI.run(["diff", "a.csv", "a.json", "-o", "x.txt"], in: dir), containing: ["-o"])
        CLI.expectOneErrorLine(try CLI.run(["diff", "a.csv", "a.json", "--context", "2"], in: dir), containing: ["--context"])
        #expect(Set(CLI.listing(dir)) == ["a.csv", "a.json", "dup.csv"])
    }

    /// The picture: NEW's table with the edits marked, unchanged runs folded to two rows. Kept as
    /// `Snapshots/diff-people.png` (recorded when missing outside CI), compared pixel for pixel.
    @Test func renderedDiffMatchesItsReference() throws {
        let dir = try CLI.scratch("diff-render")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["diff", Self.fixtures + "/people-old.csv", Self.fixtures + "/people-new.csv",
                               "-o", dir + "/diff.png", "--context", "2", "--markdown", dir + "/summary.md"], in: dir)
        #expect(run.status == 1, "\(run.stderr)")
        let reference = CLI.packageRoot.appendingPathComponent("Snapshots/diff-people.png").path
        if !FileManager.default.fileExists(atPath: reference) {
            #expect(ProcessInfo.processInfo.environment["CI"] == nil, "Snapshots/diff-people.png is missing")
            try FileManager.default.copyItem(atPath: dir + "/diff.png", toPath: reference)
        }
        let actual = try RGBAImage(contentsOfPNGFile: dir + "/diff.png"), expected = try RGBAImage(contentsOfPNGFile: reference)
        #expect(actual.width == expected.width && actual.height == expected.height && actual.pixels == expected.pixels)
        let summary = try String(contentsOfFile: dir + "/summary.md", encoding: .utf8)
        #expect(summary.contains("| 2 | 2 | 2 | 3 |  |  |"))
        #expect(summary.contains("| changed | 20 |  | balance: 189709\\.12 → 1\\.00; status: pending review → closed |"))
        // Folded: shorter than the whole diff.
        #expect(try CLI.run(["diff", Self.fixtures + "/people-old.csv", Self.fixtures + "/people-new.csv", "-o", dir + "/all.png"], in: dir).status == 1)
        #expect(try RGBAImage(contentsOfPNGFile: dir + "/all.png").height > actual.height)
    }
}
