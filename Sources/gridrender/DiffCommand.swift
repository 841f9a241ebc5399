import ArgumentParser
import Foundation
import GridDocument
import GridDrawing

/// `gridrender diff OLD NEW`: what changed in a table's data (docs/CLI.md "diff"). Exit 0 when the
/// data is the same, 1 when it differs, 2 on bad input.
struct DiffCommand: ParsableCommand, CheckedAfterParsing {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare the data of two tables: rows added, removed and changed, cell by cell.",
        discussion: """
            Rows are matched by --key columns when given, else by aligning equal rows (as git diff does); \
            columns by key. Exit 0: the same data; 1: it differs; 2: bad input.
            Examples:
              gridrender diff old.csv new.csv
              gridrender diff old.csv new.csv --key id --json
              gridrender diff old.json new.json -o changes.png --context 3 --markdown summary.md
            """)

    @Argument(help: "The old table: a document or data file (.json, .yaml, .csv, .tsv, .md).")
    var old: String

    @Argument(help: "The new table.")
    var new: String

    @Option(help: ArgumentHelp("Match rows by these columns (keys, comma-separated); their values must be unique.", valueName: "COL[,COL]"))
    var key: String?

    @Flag(help: "Print the differences as JSON.")
    var json = false

    @Option(name: .shortAndLong, help: "Render NEW's table with the changes marked: .png, .svg or .pdf.")
    var output: String?

    @Option(help: ArgumentHelp("Write a Markdown summary (for a CI job page).", valueName: "FILE"))
    var markdown: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("With -o: show N unchanged rows around each change and fold the rest (default: all rows).", valueName: "N"))
    var context: Int?

    @OptionGroup var document: DocumentOptions

    var keyColumns: [String]? {
        key.map { $0.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) } }
    }

    func check() throws {
        try document.check()
        if let keyColumns, keyColumns.contains(where: \.isEmpty) { throw ValidationError("--key: expected column keys separated by commas") }
        if let context, context < 0 { throw ValidationError("--context must be 0 or more rows, got \(context)") }
        if let output, OutputFormat(path: output) == nil {
            throw ValidationError("-o: expected a .png, .svg or .pdf file, found \"\(Echo.short(output))\"")
        }
        if context != nil && output == nil { throw ValidationError("--context folds the rendered diff: give -o FILE") }
    }

    func run() throws {
        var plan = OutputPlan()
        plan.reads(old, as: "OLD")
        plan.reads(new, as: "NEW")
        if let output { plan.writes(output, as: "-o") }
        if let markdown { plan.writes(markdown, as: "--markdown") }
        if let clash = plan.clash() { throw fail(clash) }

        let oldDocument: Document, newDocument: Document, oldTable: DataTable, newTable: DataTable, diff: TableDiff
        do {
            oldDocument = try document.load(old)
            newDocument = try document.load(new)
            oldTable = try oldDocument.dataTable()
            newTable = try newDocument.dataTable()
            diff = try TableDiff.compare(oldTable, newTable, key: keyColumns, oldName: old, newName: new)
        } catch { throw fail(error) }

        if let output {
            do {
                let grid = try newDocument.diffDocument(diff, old: oldTable, new: newTable, context: context)
                    .prepare(theme: document.theme, width: document.width, scale: document.scale)
                try GridRenderer.render(grid, to: output, options: document.renderOptions(warnings: { warn($0) }))
            } catch {
                throw renderFailure(error, input: new)
            }
        }
        if let markdown {
            do { try AtomicFile.write(Array(diff.markdown(old: old, new: new, oldTable: oldTable, newTable: newTable).utf8), to: markdown, policy: .init(protecting: [old, new])) }
            catch { throw fail("\(markdown): \(error)") }
        }
        if json {
            print(diff.json())
        } else {
            print(diff.summaryLine)
            for row in diff.rows where row.status != .unchanged { print(Self.line(row, old: oldTable, new: newTable)) }
        }
        if !diff.isSame { throw ExitCode(1) }
    }

    /// One row of the text report: `+ row 5: a | b`, `- row 3 (old): …`, `~ row 7: price: 10 → 12`.
    static func line(_ row: TableDiff.Row, old: DataTable, new: DataTable) -> String {
        func values(_ r: [String]) -> String { Echo.short(r.joined(separator: " | "), limit: 200) }
        let key = row.key.map { " [" + $0.joined(separator: ", ") + "]" } ?? ""
        switch row.status {
        case .added: return "+ row \(row.newIndex! + 1)\(key): " + values(new.rows[row.newIndex!])
        case .removed: return "- row \(row.oldIndex! + 1) (old)\(key): " + values(old.rows[row.oldIndex!])
        case .changed:
            return "~ row \(row.newIndex! + 1)\(key): " + row.cells.map { "\($0.column): \(Echo.short($0.old, limit: 80)) → \(Echo.short($0.new, limit: 80))" }.joined(separator: "; ")
        case .unchanged: return "  row \(row.newIndex! + 1)"
        }
    }
}
