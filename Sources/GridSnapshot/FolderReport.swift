import Foundation
import GridDocument

/// The outcome of a folder comparison and the formats it is published in: one summary line, JSON
/// (`--json`), JUnit XML (`--junit`), a Markdown table (`--markdown`, for a CI job summary) and a
/// static HTML page (`--report`, `FolderReportPage`).
///
/// Entries are listed changed, added, removed and unreadable first, unchanged last, each group by
/// path, so what needs a reviewer's eye comes first and the order never depends on thread timing.
package struct FolderReport: Sendable, Encodable {
    package var expectedDirectory: String
    package var actualDirectory: String
    package var options: ComparisonOptions
    package var entries: [FolderComparison.Entry]
    /// The options the comparison was run with, as `compare` arguments (`--preset perceptual`,
    /// `--mask m.json` …), repeated in the printed `accept` commands.
    package var compareArguments: [String] = []
    /// Set by `compare --shard`: which part this report is (`"shard"` in the JSON, absent otherwise).
    package var shard: ShardInfo? = nil

    package init(expectedDirectory: String, actualDirectory: String, options: ComparisonOptions,
                entries: [FolderComparison.Entry]) {
        self.expectedDirectory = expectedDirectory
        self.actualDirectory = actualDirectory
        self.options = options
        let rank: [FolderComparison.Status: Int] = [.changed: 0, .added: 1, .removed: 2, .error: 3, .unchanged: 4]
        self.entries = entries.sorted { (rank[$0.status]!, $0.path) < (rank[$1.status]!, $1.path) }
    }

    package func count(_ status: FolderComparison.Status) -> Int { entries.filter { $0.status == status }.count }

    /// 0 nothing changed, 1 something changed, was added or removed, 2 an image could not be read.
    package var exitCode: Int32 {
        if count(.error) > 0 { return 2 }
        return count(.changed) + count(.added) + count(.removed) > 0 ? 1 : 0
    }

    /// "2 changed, 1 added, 0 removed, 12 unchanged (15 images, strict)".
    package var summary: String {
        var text = "\(count(.changed)) changed, \(count(.added)) added, \(count(.removed)) removed, \(count(.unchanged)) unchanged"
        if count(.error) > 0 { text += ", \(count(.error)) unreadable" }
        return text + " (\(entries.count) image\(entries.count == 1 ? "" : "s"), \(options.name))"
    }

    /// The command that accepts one entry (or all changes when `path` is nil), every word quoted
    /// by `ShellWord` and the paths after `--`, so no file name can become an option or a glob.
    /// It repeats the comparison options (`compareArguments`), so `accept` copies exactly what
    /// this comparison reported.
    package func acceptCommand(_ path: String? = nil, prune: Bool = false) -> String {
        var words = ["gridrender", "accept"] + compareArguments
        if prune { words.append("--prune") }
        words += ["--", expectedDirectory, actualDirectory]
        if let path { words.append(path) }
        return ShellWord.command(words)
    }

    // MARK: - JSON

    enum CodingKeys: String, CodingKey { case expected, actual, summary, counts, options, entries, shard }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(expectedDirectory, forKey: .expected)
        try c.encode(actualDirectory, forKey: .actual)
        try c.encode(summary, forKey: .summary)
        var counts: [String: Int] = [:]
        for status in FolderComparison.Status.allCases { counts[status.rawValue] = count(status) }
        try c.encode(counts, forKey: .counts)
        try c.encode(options, forKey: .options)
        try c.encode(entries.map(ReportedEntry.init), forKey: .entries)
        try c.encodeIfPresent(shard, forKey: .shard)
    }

    /// An entry as `--json` writes it: the entry's own keys and `changedBox`, the area the review
    /// page boxes and zooms to (`ComparisonResult.changedBox`; null when nothing was compared or
    /// nothing changed).
    struct ReportedEntry: Encodable {
        let entry: FolderComparison.Entry
        enum CodingKeys: String, CodingKey { case changedBox }

        func encode(to encoder: any Encoder) throws {
            try entry.encode(to: encoder)
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(entry.result?.changedBox, forKey: .changedBox)
        }
    }

    package var jsonString: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self)
    }

    // MARK: - JUnit XML

    /// JUnit XML: one test case per image (class name `gridrender.compare`, name the relative
    /// path); a changed, added or removed image is a failure whose message is its statistics line,
    /// an unreadable one an error. No timestamps or durations, so the file is byte-stable.
    package func junitXML() -> String {
        let failures = count(.changed) + count(.added) + count(.removed), errors = count(.error)
        let suite = "gridrender compare \(expectedDirectory) \(actualDirectory)"
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"gridrender compare\" tests=\"\(entries.count)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        xml += "  <testsuite name=\"\(XMLText.escaped(suite))\" tests=\"\(entries.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\">\n"
        for entry in entries.sorted(by: { $0.path < $1.path }) {
            let open = "    <testcase classname=\"gridrender.compare\" name=\"\(XMLText.escaped(entry.path))\""
            switch entry.status {
            case .unchanged:
                xml += open + "/>\n"
            case .changed, .added, .removed:
                let message = entry.summary
                var body = message
                if entry.status != .removed { body += "\naccept: " + acceptCommand(entry.path) }
                xml += open + ">\n      <failure type=\"\(entry.status.rawValue)\" message=\"\(XMLText.escaped(message))\">\(XMLText.escaped(body))</failure>\n    </testcase>\n"
            case .error:
                let message = entry.summary
                xml += open + ">\n      <error type=\"unreadable\" message=\"\(XMLText.escaped(message))\">\(XMLText.escaped(message))</error>\n    </testcase>\n"
            }
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    // MARK: - Markdown

    /// A Markdown summary for a CI job page (GitHub's `$GITHUB_STEP_SUMMARY`, GitLab, Buildkite):
    /// a heading with the counts, a table of every image that is not unchanged, the unchanged ones
    /// folded, and the command that accepts the changes.
    package func markdown() -> String {
        var md = "### gridrender compare: \(summary)\n\n"
        let flagged = entries.filter { $0.status != .unchanged }
        if flagged.isEmpty {
            md += "No image changed.\n"
        } else {
            md += "| Status | Image | Differing pixels | Details |\n| --- | --- | --- | --- |\n"
            for entry in flagged {
                var differing = "–", details = ""
                if let r = entry.result {
                    differing = "\(r.differingPixels) of \(r.comparedPixels)"
                    if r.comparedPixels > 0 { differing += " (\(ComparisonResult.percent(r.differingFraction)))" }
                    var parts = ["max channel difference \(r.maxChannelDifference)"]
                    if let box = r.differingBounds { parts.append("changes in \(box)") }
                    if let reason = r.reason { parts.append(reason) }
                    details = parts.joined(separator: "; ")
                } else {
                    details = entry.summary
                }
                md += "| \(entry.status.rawValue) | \(MarkdownText.escaped(entry.path)) | \(differing) | \(MarkdownText.escaped(details)) |\n"
            }
            md += "\nAccept every change: \(MarkdownText.codeSpan(acceptCommand(prune: count(.removed) > 0)))\n"
        }
        let unchanged = entries.filter { $0.status == .unchanged }
        if !unchanged.isEmpty {
            md += "\n<details><summary>\(unchanged.count) unchanged</summary>\n\n"
            for entry in unchanged { md += "- \(MarkdownText.escaped(entry.path))\n" }
            md += "\n</details>\n"
        }
        return md
    }
}
