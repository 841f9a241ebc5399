import Foundation

/// The reports of a `TableDiff`: the `--json` document (DESIGN-like contract in docs/CLI.md
/// "diff"), a one-line summary, and the Markdown summary for a CI job page.
extension TableDiff {
    /// `{"summary": {…}, "rows": [{"status", "key", "oldIndex", "newIndex", "cells"}]}`: every row
    /// not unchanged, in the merged order; nulls written out.
    package func json() -> String {
        struct Summary: Encodable {
            var rowsAdded: Int, rowsRemoved: Int, rowsChanged: Int, cellsChanged: Int
            var columnsAdded: [String], columnsRemoved: [String]
        }
        struct Cell: Encodable { var column: String, old: String, new: String }
        struct Entry: Encodable {
            var status: String, key: [String]?, oldIndex: Int?, newIndex: Int?, cells: [Cell]
            enum Keys: String, CodingKey { case status, key, oldIndex, newIndex, cells }
            func encode(to encoder: Encoder) throws {
                var c = encoder.container(keyedBy: Keys.self)
                try c.encode(status, forKey: .status)
                try c.encode(key, forKey: .key)            // null when absent
                try c.encode(oldIndex, forKey: .oldIndex)
                try c.encode(newIndex, forKey: .newIndex)
                try c.encode(cells, forKey: .cells)
            }
        }
        struct Report: Encodable { var summary: Summary, rows: [Entry] }
        let report = Report(
            summary: Summary(rowsAdded: count(.added), rowsRemoved: count(.removed), rowsChanged: count(.changed),
                             cellsChanged: cellsChanged, columnsAdded: columnsAdded, columnsRemoved: columnsRemoved),
            rows: rows.filter { $0.status != .unchanged }.map { row in
                Entry(status: row.status.rawValue, key: row.key, oldIndex: row.oldIndex, newIndex: row.newIndex,
                      cells: row.cells.map { Cell(column: $0.column, old: $0.old, new: $0.new) })
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Plain strings, numbers and optionals: encoding cannot fail.
        return String(decoding: (try? encoder.encode(report)) ?? Data("{}".utf8), as: UTF8.self)
    }

    /// "2 rows added, 1 removed, 3 changed (4 cells); column x added" or "no differences".
    package var summaryLine: String {
        guard !isSame else { return "no differences" }
        func rows(_ n: Int) -> String { n == 1 ? "1 row" : "\(n) rows" }
        var parts = ["\(rows(count(.added))) added", "\(count(.removed)) removed",
                     "\(count(.changed)) changed (\(cellsChanged == 1 ? "1 cell" : "\(cellsChanged) cells"))"]
        if !columnsAdded.isEmpty { parts.append("columns added: " + columnsAdded.joined(separator: ", ")) }
        if !columnsRemoved.isEmpty { parts.append("columns removed: " + columnsRemoved.joined(separator: ", ")) }
        return parts.joined(separator: ", ")
    }

    /// A Markdown summary for a CI job page: the counts, then one table row per row that is not
    /// unchanged (at most `limit`, the rest counted): a changed row's cells as `old → new`, an added
    /// or removed row's values.
    package func markdown(old: String, new: String, oldTable: DataTable, newTable: DataTable, limit: Int = 200) -> String {
        var out = "### gridrender diff: \(MarkdownText.escaped(old)) → \(MarkdownText.escaped(new))\n\n"
        out += "| rows added | rows removed | rows changed | cells changed | columns added | columns removed |\n"
        out += "|--:|--:|--:|--:|---|---|\n"
        out += "| \(count(.added)) | \(count(.removed)) | \(count(.changed)) | \(cellsChanged) | "
            + columnsAdded.map(MarkdownText.escaped).joined(separator: ", ") + " | "
            + columnsRemoved.map(MarkdownText.escaped).joined(separator: ", ") + " |\n"
        let listed = rows.filter { $0.status != .unchanged }
        guard !listed.isEmpty else { return out + "\nNo row differs.\n" }
        out += "\n| status | row | key | changes |\n|---|--:|---|---|\n"
        for row in listed.prefix(limit) {
            let index = row.newIndex.map { "\($0 + 1)" } ?? row.oldIndex.map { "\($0 + 1) (old)" } ?? ""
            var changes = row.cells.map { "\(MarkdownText.escaped($0.column)): \(MarkdownText.escaped($0.old)) → \(MarkdownText.escaped($0.new))" }
            if let i = row.oldIndex, row.status == .removed { changes = oldTable.rows[i].map(MarkdownText.escaped) }
            if let j = row.newIndex, row.status == .added { changes = newTable.rows[j].map(MarkdownText.escaped) }
            out += "| \(row.status.rawValue) | \(index) | \(MarkdownText.escaped((row.key ?? []).joined(separator: ", "))) | "
                + changes.joined(separator: "; ") + " |\n"
        }
        if listed.count > limit { out += "\n… and \(listed.count - limit) more rows.\n" }
        return out
    }
}
