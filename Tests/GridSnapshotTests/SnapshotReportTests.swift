import Foundation
import Testing
@testable import GridSnapshot

@Suite struct SnapshotReportTests {
    @Test func writesSelfContainedIndexWithRelativeImages() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let report = SnapshotReport(directory: dir.file("report"))
        try report.writeIndex()
        #expect(try String(contentsOfFile: report.indexPath, encoding: .utf8).contains("No snapshot failures."))

        let inside = dir.file("report/cases/a.diff.png")
        try TestImages.solid(3, 1).writePNG(to: inside)
        let outside = dir.file("elsewhere/b <&>.png")
        try TestImages.solid(1, 1).writePNG(to: outside)
        try report.append(name: "first", message: "1 pixel <differs>", expected: outside, actual: outside, diff: inside)
        try report.append(name: "second", message: "other", diff: inside)
        let before = try String(contentsOfFile: report.indexPath, encoding: .utf8)
        // Percent-encoded for the URL, then HTML-escaped.
        #expect(before.contains("src=\"files/1-expected-b%20%3C&amp;%3E.png\""))
        try report.append(name: "first", message: "1 pixel <differs> again", diff: inside)  // replaces

        let html = try String(contentsOfFile: report.indexPath, encoding: .utf8)
        #expect(report.entries().map(\.name) == ["second", "first"])
        #expect(html.contains("Snapshot failures (2)"))
        #expect(html.contains("src=\"cases/a.diff.png\""))
        #expect(html.contains("1 pixel &lt;differs&gt; again"))
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("//cdn"))
        // An image outside the folder was copied in, so the relative link survives moving it.
        let first = try #require(report.entries().first { $0.name == "second" })
        #expect(first.diff == "cases/a.diff.png")
        let copied = try FileManager.default.contentsOfDirectory(atPath: dir.file("report/files"))
        #expect(copied.contains("1-expected-b <&>.png"))
    }
}
