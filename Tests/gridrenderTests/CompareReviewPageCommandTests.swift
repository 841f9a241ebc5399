import Foundation
import GridSnapshot
import Testing

/// `gridrender compare --report` writes the one review page with the change boxed: for one pair
/// and for folders (with the masks outlined), and `--json` gives each folder entry `changedBox`.
@Suite struct CompareReviewPageCommandTests {
    static func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "compare-review-\(getpid())-\(UUID().uuidString)"
        for sub in ["e", "a"] { try FileManager.default.createDirectory(atPath: dir + "/" + sub, withIntermediateDirectories: true) }
        let expected = RGBAImage(width: 400, height: 300, fill: RGBA(255, 255, 255))
        var actual = expected
        for y in 120 ..< 125 { for x in 100 ..< 117 { actual[x, y] = RGBA(200, 0, 0) } }
        try expected.writePNG(to: dir + "/e/a.png")
        try actual.writePNG(to: dir + "/a/a.png")
        try Data(#"{"masks": [{"x": 10, "y": 10, "width": 50, "height": 20}]}"#.utf8).write(to: URL(fileURLWithPath: dir + "/m.json"))
        return dir
    }

    @Test func onePairReportBoxesTheChange() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["compare", "e/a.png", "a/a.png", "--report", "r"], in: dir)
        #expect(run.status == 1, "\(run.stderr)")
        let html = try String(contentsOfFile: dir + "/r/index.html", encoding: .utf8)
        #expect(html.contains("data-box=\"100 120 17 5\""))
        #expect(html.contains("<div class=\"view zoom on\""))
    }

    @Test func folderReportAndJSONCarryTheBoxAndMasks() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["compare", "e", "a", "--report", "r", "--mask", "m.json", "--json"], in: dir)
        #expect(run.status == 1, "\(run.stderr)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let entry = try #require((object["entries"] as? [[String: Any]])?.first)
        #expect(entry["changedBox"] as? [String: Int] == ["x": 100, "y": 120, "width": 17, "height": 5])
        let html = try String(contentsOfFile: dir + "/r/index.html", encoding: .utf8)
        #expect(html.contains("data-box=\"100 120 17 5\""))
        #expect(html.contains("<span class=\"mask\"") && html.contains("data-rect=\"10 10 50 20\""))
        #expect(html.contains("<a class=\"pic\" href=\"images/a.png.diff.png\" data-role=\"diff\""))
    }
}
