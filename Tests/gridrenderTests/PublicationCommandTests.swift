import Foundation
import Testing

/// Publication tables through the command line: `layout` reports spanners, bad references exit 2
/// with one line, unreadable values warn once per column.
@Suite struct PublicationCommandTests {
    static let document = """
    {"canvas": {"scale": 2}, "columnSpacing": 4,
     "columns": [{"key": "name"}, {"key": "q1"}, {"key": "q2"}, {"key": "growth"}, {"key": "note"}],
     "data": {"rows": [["Oslo", 1200.5, 1300, 0.1, "ok"], ["Rome", 900, 950.25, -0.05, "a longer note"]]},
     "spanners": [{"label": "Revenue", "id": "rev", "columns": ["q1", "q2"]},
                  {"label": "Change", "columns": ["growth"]},
                  {"label": "Fiscal 2025", "spanners": ["rev", "Change"]}]}
    """

    @Test(arguments: ["pt", "px"])
    func layoutReportsSpannersSpanningExactlyTheirColumns(units: String) throws {
        let dir = try CLI.scratch("spanners")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.document.write(toFile: dir + "/doc.json", atomically: true, encoding: .utf8)
        let run = try CLI.run(["layout", "doc.json", "--units", units], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let columns = try #require(json["columns"] as? [[String: Double]])
        let rows = try #require(json["rows"] as? [[String: Any]])
        let spanners = try #require(json["spanners"] as? [[String: Any]])
        #expect(spanners.map { $0["label"] as? String } == ["Revenue", "Change", "Fiscal 2025"])
        #expect(spanners.map { $0["level"] as? Int } == [0, 0, 1])
        #expect(rows.prefix(3).map { $0["kind"] as? String } == ["header", "header", "header"])
        let covered = [[1, 2], [3, 3], [1, 3]]
        for (spanner, cols) in zip(spanners, covered) {
            let x = try #require(spanner["x"] as? Double), width = try #require(spanner["width"] as? Double)
            let y = try #require(spanner["y"] as? Double), height = try #require(spanner["height"] as? Double)
            // Exactly its columns: from the first one's left edge to the last one's right edge.
            #expect(x == columns[cols[0]]["x"])
            #expect(x + width == columns[cols[1]]["x"]! + columns[cols[1]]["width"]!)
            // The column titles are row 2; level 0 is the row just above them, level 1 the top row.
            let row = rows[1 - (spanner["level"] as! Int)]
            #expect(y == row["y"] as? Double && height == row["height"] as? Double)
        }
    }

    @Test(arguments: [
        (#""spanners": [{"label": "Gap", "columns": ["q1", "growth"]}]"#, ["doc.json:1: spanners[0].columns:", "Gap", "not next to each other"]),
        (#""summary": [{"label": "T", "values": {"note": "sum"}}]"#, ["doc.json:1: summary[0].values.note:", "column \"note\" is not numeric"]),
        (#""stub": "nope""#, ["doc.json:1: stub:", "no column has the key \"nope\""]),
        (#""footnotes": [{"text": "x", "cells": [{"row": 9, "column": "q1"}]}]"#, ["footnotes[0].cells[0].row:", "outside the data"]),
        (#""footnoteMarks": "stars""#, ["doc.json:1: footnoteMarks:"]),
    ])
    func badReferencesExitTwo(fragment: String, expected: [String]) throws {
        let dir = try CLI.scratch("publication-bad")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let doc = #"{"columns": [{"key": "name"}, {"key": "q1"}, {"key": "q2"}, {"key": "growth"}, {"key": "note"}], "#
            + #""data": {"rows": [["a", 1, 2, 3, "x"]]}, "# + fragment + "}"
        try doc.write(toFile: dir + "/doc.json", atomically: true, encoding: .utf8)
        let before = CLI.listing(dir)
        let run = try CLI.run(["render", "doc.json", "-o", "out.png"], in: dir)
        CLI.expectOneErrorLine(run, containing: expected)
        #expect(CLI.listing(dir) == before)
    }

    @Test func unreadableValuesWarnOncePerColumn() throws {
        let dir = try CLI.scratch("publication-warn")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"columns": [{"key": "d", "format": {"date": {"output": "d MMM"}}}], "data": {"rows": [["2024-01-05"], ["soon"], ["later"]]}}"#
            .write(toFile: dir + "/doc.json", atomically: true, encoding: .utf8)
        let run = try CLI.run(["render", "doc.json", "-o", "out.svg"], in: dir)
        #expect(run.status == 0)
        #expect(run.errorLines == ["warning: doc.json:1: columns[0].format: 2 values cannot be read as dates (the first is \"soon\"); shown as written"])
    }
}
