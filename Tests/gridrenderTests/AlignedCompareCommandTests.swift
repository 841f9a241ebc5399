import Foundation
import Testing

/// `compare --align rows`: a table and the same table with one row inserted give one inserted
/// band at the row's y (from `gridrender layout`, at the image's scale) and no changed pixels;
/// the same in folders; a bad value is one error line.
@Suite struct AlignedCompareCommandTests {
    static func json(_ run: CLI.Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
    }

    /// `plain` draws a line between rows and no stripes. (Striped themes recolour every row after an
    /// insertion, which are then changed pixels; without row lines a band's y is only known up to
    /// the rows' padding; next to the header rule and the closing line, which belong to the first
    /// and last rows' pixels, the band is where the pixels differ, a few rows off the row's y.)
    @Test(arguments: [(2, 1.0, "plain"), (5, 2.0, "plain"), (4, 3.0, "plain"), (1, 1.0, "plain")])
    func oneInsertedRowIsOneBand(at position: Int, scale: Double, theme: String) throws {
        let dir = try CLI.scratch("align-rows")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let rows = (1...8).map { "\($0),Name \($0),City \($0 * 7 % 5),\($0 * 113)" }
        var inserted = rows
        inserted.insert("9,Name 9,City 4,999", at: position)   // no wider than the others: the columns keep their widths
        try (["id,name,city,score"] + rows).joined(separator: "\n").write(toFile: dir + "/a.csv", atomically: true, encoding: .utf8)
        try (["id,name,city,score"] + inserted).joined(separator: "\n").write(toFile: dir + "/b.csv", atomically: true, encoding: .utf8)
        for name in ["a", "b"] {
            let r = try CLI.run(["render", "\(name).csv", "-o", "\(name).png", "--theme", theme, "--scale", "\(scale)"], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let layout = try Self.json(try CLI.run(["layout", "b.csv", "--theme", theme, "--units", "px", "--scale", "\(scale)"], in: dir))
        let row = try #require((layout["rows"] as? [[String: Any]])?[position + 1])   // + the header row
        let run = try CLI.run(["compare", "a.png", "b.png", "--align", "rows", "--json", "--diff", "d.png"], in: dir)
        #expect(run.status == 1)
        let result = try Self.json(run)
        let bands = try #require(result["bands"] as? [[String: Any]])
        #expect(bands.count == 1)
        #expect(bands.first?["status"] as? String == "inserted")
        #expect(Double(bands.first?["y"] as? Int ?? -1) == (row["y"] as? Double), "\(theme): \(bands) vs row \(row)")
        #expect(Double(bands.first?["height"] as? Int ?? -1) == (row["height"] as? Double))
        #expect(result["differingPixels"] as? Int == 0)
        // Swapped, the band is a removed one, at the same y of the image it belongs to.
        let back = try Self.json(try CLI.run(["compare", "b.png", "a.png", "--align", "rows", "--json"], in: dir))
        #expect((back["bands"] as? [[String: Any]])?.map { "\($0["status"]!) \($0["y"]!)" } == ["removed \(bands.first?["y"] ?? "")"])
        #expect(FileManager.default.fileExists(atPath: dir + "/d.png"))
    }

    @Test func foldersAndBadValues() throws {
        let dir = try CLI.scratch("align-folders")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/old", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/new", withIntermediateDirectories: true)
        try "n\n1\n2\n3\n".write(toFile: dir + "/a.csv", atomically: true, encoding: .utf8)
        try "n\n1\n2\n9\n3\n".write(toFile: dir + "/b.csv", atomically: true, encoding: .utf8)
        _ = try CLI.run(["render", "a.csv", "-o", "old/t.png", "--theme", "plain"], in: dir)
        _ = try CLI.run(["render", "b.csv", "-o", "new/t.png", "--theme", "plain"], in: dir)
        let run = try CLI.run(["compare", "old", "new", "--align", "rows", "--json"], in: dir)
        #expect(run.status == 1)
        let entries = try #require(try Self.json(run)["entries"] as? [[String: Any]])
        let result = try #require(entries.first?["result"] as? [String: Any])
        #expect((result["bands"] as? [[String: Any]])?.count == 1 && result["differingPixels"] as? Int == 0)
        CLI.expectOneErrorLine(try CLI.run(["compare", "old/t.png", "new/t.png", "--align", "columns"], in: dir), containing: ["--align"])
    }
}
