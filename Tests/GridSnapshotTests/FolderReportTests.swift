import Foundation
import Testing
@testable import GridSnapshot

/// The folder report's text formats with hostile file names: JUnit XML stays well-formed,
/// Markdown table rows keep their cells, HTML escapes, shell commands quote.
@Suite struct FolderReportTests {
    static let names = ["a|b.png", "<script>&\"'.png", "tab\tand\u{1}ctl.png", "back`tick*_[x].png", "ok.png"]

    static func report() -> FolderReport {
        let options = ComparisonOptions.strict
        let expected = TestImages.solid(4, 4), actual = { var a = TestImages.solid(4, 4); a[1, 1] = RGBA(0, 0, 0); return a }()
        let changed = ImageComparison(expected: expected, actual: actual, options: options).result
        var entries: [FolderComparison.Entry] = []
        for (i, name) in names.enumerated() {
            var entry = FolderComparison.Entry(path: name, kind: .png, status: [.changed, .added, .removed, .error, .unchanged][i])
            if entry.status == .changed { entry.result = changed }
            if entry.status == .error { entry.message = "\(name): corrupt PNG: <bad> & \"worse\"" }
            entries.append(entry)
        }
        return FolderReport(expectedDirectory: "ref dir", actualDirectory: "out's", options: options, entries: entries)
    }

    @Test func junitIsWellFormedWithHostileNames() throws {
        let xml = Self.report().junitXML()
        let path = NSTemporaryDirectory() + "junit-\(getpid())-\(UUID().uuidString).xml"
        try Data(xml.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xmllint", "--noout", path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(xml)")
        #expect(xml.contains("name=\"&lt;script&gt;&amp;&quot;&#39;.png\""))
        #expect(!xml.contains("\u{1}"))
        #expect(xml.contains("tests=\"5\" failures=\"3\" errors=\"1\""))
    }

    @Test func markdownRowsKeepTheirCells() {
        let md = Self.report().markdown()
        let rows = md.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| ---") }
        #expect(rows.count == 5)  // header + changed, added, removed, error
        for row in rows {
            // Cells are separated by unescaped pipes only.
            let unescaped = row.enumerated().filter { i, c in
                c == "|" && (i == 0 || row[row.index(row.startIndex, offsetBy: i - 1)] != "\\")
            }
            #expect(unescaped.count == 5, "\(row)")
        }
        #expect(md.contains("a\\|b.png"))
        #expect(md.contains("&lt;script&gt;&amp;"))
        #expect(md.contains("back\\`tick\\*\\_\\[x\\].png"))
        #expect(md.contains("<details><summary>1 unchanged</summary>"))
    }

    @Test func acceptCommandsAreShellQuoted() {
        let report = Self.report()
        #expect(report.acceptCommand("a|b.png") == "gridrender accept -- 'ref dir' 'out'\\''s' 'a|b.png'")
        #expect(report.acceptCommand("ok.png", prune: true) == "gridrender accept --prune -- 'ref dir' 'out'\\''s' ok.png")
        #expect(report.exitCode == 2)
    }

    @Test func htmlEscapesNamesAndListsFlaggedFirst() {
        let page = FolderReportPage(report: Self.report())
        let html = page.html(links: [:])
        #expect(!html.contains("<script>&"))
        #expect(html.contains("&lt;script&gt;&amp;&quot;&#39;.png"))
        #expect(html.range(of: "a|b.png")!.lowerBound < html.range(of: "<details class=\"unchanged\">")!.lowerBound)
    }
}
