import Foundation
import Testing
@testable import GridSnapshot

/// Every published format of a folder comparison with generated hostile file names (each C0
/// control, DEL, U+FFFE/U+FFFF, quotes, markup of XML, HTML and Markdown, URL schemes, pipes,
/// backticks, non-ASCII): the JUnit XML passes xmllint with one test case per image, each
/// Markdown table row keeps its four cells on one line, and the HTML page's links stay relative
/// paths inside their attributes.
@Suite struct FolderReportEscapingTests {
    static let names: [String] = {
        var pieces: [String] = (0..<0x20).map { String(Unicode.Scalar(UInt8($0))) }
        pieces += ["\u{7F}", "\u{FFFE}", "\u{FFFF}", "\u{2028}", "|", "\\|", "\\", "`", "``", "*", "_", "[x](y)", "<script>", "]]>", "&amp;",
                   "\"", "'", "javascript:", "data:x,", "- ", "1. ", "# ", "> ", "$", "~~", "é", "日本", "🏳️‍🌈", ",", " "]
        return pieces.enumerated().map { i, p in i % 3 == 0 ? "\(p)name\(i).png" : "dir\(i)/a\(p)b.png" }
    }()

    static func report() -> FolderReport {
        let options = ComparisonOptions.strict
        let expected = TestImages.solid(4, 4), actual = { var a = TestImages.solid(4, 4); a[1, 1] = RGBA(0, 0, 0); return a }()
        let changed = ImageComparison(expected: expected, actual: actual, options: options).result
        let statuses: [FolderComparison.Status] = [.changed, .added, .removed, .error, .unchanged]
        let entries = names.enumerated().map { i, name in
            var entry = FolderComparison.Entry(path: name, kind: .png, status: statuses[i % statuses.count])
            if entry.status == .changed { entry.result = changed }
            if entry.status == .error { entry.message = "\(name): corrupt PNG" }
            return entry
        }
        return FolderReport(expectedDirectory: "ref|dir`\n", actualDirectory: "javascript:out", options: options, entries: entries)
    }

    @Test func junitPassesXmllintWithOneCasePerImage() throws {
        let xml = Self.report().junitXML()
        let path = NSTemporaryDirectory() + "junit-hostile-\(getpid())-\(UUID().uuidString).xml"
        try Data(xml.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xmllint", "--noout", path]
        let err = Pipe()
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(message.prefix(1500))")
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == Self.names.count)
    }

    /// The cell separators of a GFM table row: pipes not escaped by a backslash.
    static func separators(_ row: Substring) -> Int {
        var count = 0, escaped = false
        for c in row.unicodeScalars {
            if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "|" { count += 1 }
        }
        return count
    }

    @Test func markdownRowsKeepFourCellsOnOneLine() {
        let report = Self.report()
        let md = report.markdown()
        let lines = md.split(separator: "\n", omittingEmptySubsequences: false)
        let rows = lines.filter { $0.hasPrefix("| ") && !$0.hasPrefix("| ---") }
        let flagged = report.entries.filter { $0.status != .unchanged }.count
        #expect(rows.count == flagged + 1, "\(rows.count) rows for \(flagged) images")
        let broken = rows.filter { Self.separators($0) != 5 }
        #expect(broken.count == 0, "\(broken.prefix(3))")
        let unchanged = lines.filter { $0.hasPrefix("- ") }
        #expect(unchanged.count == report.entries.count - flagged)
        #expect(!md.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0 == "\u{7F}" || $0 == "\u{2028}" })
        #expect(!md.contains("<script>") && !md.contains("[x](y)"))
    }

    @Test func htmlLinksStayRelativePathsInTheirAttributes() {
        let report = Self.report()
        var links: [String: [String: String]] = [:]
        for entry in report.entries { links[entry.path] = ["expected": "images/\(entry.path).expected.png", "actual": "images/\(entry.path).actual.png"] }
        let html = FolderReportPage(report: report).html(links: links)
        let targets = ReportLinkEscapingTests.targets(html).filter { !$0.hasPrefix("#") }
        #expect(targets.count > 0)
        let bad = targets.filter { t in
            t.prefix { $0 != "/" }.contains(":") || t.contains(where: { " \"'<>,".contains($0) }) || t.unicodeScalars.contains { $0.value < 0x21 || $0.value > 0x7E }
        }
        #expect(bad.count == 0, "\(bad.prefix(3))")
        #expect(!html.contains("<script>") || html.components(separatedBy: "<script>").count == 2)   // only the page's own script
    }
}
