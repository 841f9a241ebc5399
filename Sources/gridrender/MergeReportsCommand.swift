import ArgumentParser
import Foundation
import GridDocument
import GridSnapshot

/// `gridrender merge-reports OUT SHARD_JSON…`: joins the `--json` outputs of the shards of one
/// `compare DIR DIR --shard I/N` run (`ReportMerge`) and writes into the folder OUT what the
/// unsharded run would publish: `report.json` (its `--json`), `junit.xml`, `summary.md` and the
/// review page `index.html` with its images.
///
/// Exit codes as the unsharded `compare`: 0 nothing changed, 1 an image changed, was added or
/// removed, 2 an image was unreadable, or a shard report is missing, repeated, of another run or
/// not a report (one `error:` line naming the file, nothing written).
struct MergeReportsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-reports",
        abstract: "Merge the --json reports of compare --shard runs into one report folder; exit as the unsharded compare would.",
        discussion: """
        OUT gets report.json (what compare DIR DIR --json prints), junit.xml, summary.md (Markdown \
        for a CI job page) and index.html, the review page. Give every shard's report once: \
        a missing, repeated or foreign part is an error. Images shown are those of each shard's \
        --report folder, else the compared PNG files, where they exist.
        """)

    @Argument(help: ArgumentHelp("The folder to write the merged report into (created).", valueName: "OUT"))
    var out: String

    @Argument(help: ArgumentHelp("The shards' compare --json outputs.", valueName: "SHARD_JSON"))
    var reports: [String] = []

    func run() throws {
        let merged: FolderReport
        do {
            var plan = OutputPlan()
            for file in reports { plan.reads(file, as: "a shard report") }
            plan.writesFolder(out, as: "the merged report folder")
            if let message = plan.clash() { throw ImageError(message) }
            merged = try ReportMerge.merge(files: reports)
            let root = out.hasSuffix("/") ? String(out.dropLast()) : out
            // The page first: it makes the folder (and its images/).
            try FolderReportPage(report: merged).write(to: root)
            try FolderReportPage.write(Data((merged.jsonString + "\n").utf8), to: root + "/report.json")
            try FolderReportPage.write(Data(merged.junitXML().utf8), to: root + "/junit.xml")
            try FolderReportPage.write(Data(merged.markdown().utf8), to: root + "/summary.md")
        } catch let error as ImageError {
            throw fail(error.description)
        }
        print(merged.summary)
        print("report: \(out.hasSuffix("/") ? out : out + "/")index.html")
        if merged.exitCode != 0 { throw ExitCode(merged.exitCode) }
    }
}
