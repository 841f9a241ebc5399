import Foundation
import GridSnapshot
import Testing

/// `accept` copies exactly what `compare` with the same options reports as changed or added
/// (issue 25 item 4: the review page listed 3 changes, accept wrote 6), and takes PATHs literally.
@Suite struct AcceptAsCompareTests {
    /// expected/ and actual/ with `masked` images differing only at (0, 0) and `real` images
    /// differing at (10, 5), plus one image added.
    static func folders(masked: Int, real: Int) throws -> String {
        let dir = try CLI.scratch("accept-as-compare")
        for side in ["expected", "actual"] { try FileManager.default.createDirectory(atPath: dir + "/" + side, withIntermediateDirectories: true) }
        for i in 0..<masked {
            try CompareFolderCommandTests.png(dir + "/expected/masked\(i).png")
            try CompareFolderCommandTests.png(dir + "/actual/masked\(i).png", dot: (0, 0))
        }
        for i in 0..<real {
            try CompareFolderCommandTests.png(dir + "/expected/real\(i).png")
            try CompareFolderCommandTests.png(dir + "/actual/real\(i).png", dot: (10, 5))
        }
        try CompareFolderCommandTests.png(dir + "/actual/added.png")
        try Data("{\"masks\": [{\"x\": 0, \"y\": 0, \"width\": 2, \"height\": 2}]}".utf8).write(to: URL(fileURLWithPath: dir + "/m.json"))
        return dir
    }

    /// The images `compare --json` with `options` calls changed or added.
    static func flagged(_ dir: String, _ options: [String]) throws -> Set<String> {
        let run = try CLI.run(["compare", "expected", "actual", "--json"] + options, in: dir)
        let json = try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
        let entries = try #require(json["entries"] as? [[String: Any]])
        return Set(entries.filter { ["changed", "added"].contains($0["status"] as? String) }.compactMap { $0["path"] as? String })
    }

    @Test(arguments: [
        (3, 3, [String]()), (3, 3, ["--mask", "m.json"]), (4, 2, ["--mask", "m.json"]),
        (2, 2, ["--max-pixels", "1"]), (2, 2, ["--preset", "perceptual"]), (3, 1, ["--mask", "m.json", "--channel-tolerance", "0", "--threshold", "0.5"]),
    ])
    func acceptWritesWhatCompareReports(masked: Int, real: Int, options: [String]) throws {
        let dir = try Self.folders(masked: masked, real: real)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let flagged = try Self.flagged(dir, options)
        let before = OutputPlanRenderTests.contents(dir + "/expected")
        let run = try CLI.run(["accept", "expected", "actual"] + options, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let after = OutputPlanRenderTests.contents(dir + "/expected")
        let written = Set(after.keys.filter { after[$0] != before[$0] })
        #expect(written == flagged, "compare flagged \(flagged.sorted()), accept wrote \(written.sorted())")
        for path in written {
            #expect(after[path] == FileManager.default.contents(atPath: dir + "/actual/" + path))
        }
        // Afterwards compare with the same options finds nothing to accept.
        #expect(try Self.flagged(dir, options).isEmpty)
    }

    /// The count: with the mask, 3 changes reviewed, 3 written (not 6).
    @Test func maskedDifferencesAreNotAccepted() throws {
        let dir = try Self.folders(masked: 3, real: 3)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["accept", "expected", "actual", "--mask", "m.json"], in: dir)
        #expect(run.stdout.hasSuffix("accepted 3 changed, 1 added, kept 0 without a new image; 3 unchanged\n"), "\(run.stdout)")
    }

    /// Bad comparison options are refused by accept as by compare, before anything is written.
    @Test(arguments: [["--preset", "fuzzy"], ["--threshold", "2"], ["--max-pixels", "1", "--max-fraction", "0.1"], ["--mask", "nothing.json"]])
    func badOptionsAreOneLine(_ options: [String]) throws {
        let dir = try Self.folders(masked: 1, real: 1)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let before = OutputPlanRenderTests.contents(dir)
        let compare = try CLI.run(["compare", "expected", "actual"] + options, in: dir)
        let accept = try CLI.run(["accept", "expected", "actual"] + options, in: dir)
        CLI.expectOneErrorLine(accept, containing: [])
        #expect(accept.stderr == compare.stderr)
        #expect(OutputPlanRenderTests.contents(dir) == before)
    }

    /// A PATH is a path: `*.png`, `[ab].png` and `?.png` select the image of that name only;
    /// `--glob` makes them patterns.
    @Test(arguments: ["*.png", "[ab].png", "?.png"])
    func pathsAreLiteralUnlessGlob(_ name: String) throws {
        let dir = try Self.folders(masked: 0, real: 0)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for image in [name, "a.png", "b.png"] {
            try CompareFolderCommandTests.png(dir + "/expected/" + image)
            try CompareFolderCommandTests.png(dir + "/actual/" + image, dot: (3, 3))
        }
        let run = try CLI.run(["accept", "expected", "actual", name], in: dir)
        #expect(run.stdout == "updated: \(name)\naccepted 1 changed, 0 added, kept 0 without a new image; 0 unchanged\n", "\(run.stdout)\(run.stderr)")
        let glob = try CLI.run(["accept", "--glob", "expected", "actual", name], in: dir)
        #expect(glob.stdout.contains("updated: a.png\n") || glob.stdout.contains("updated: b.png\n"), "\(glob.stdout)")
    }
}
