/// A Markdown pipe table (GitHub-flavoured): a header row, a delimiter row (`|---|:--:|--:|`) and
/// body rows, read from the first such table in a Markdown file.
///
/// Choices: leading and trailing pipes are optional; `\|` is a literal pipe; cells are trimmed;
/// body rows with fewer cells are padded with empty cells and extra cells are dropped (as GitHub
/// does); the table ends at a blank line or a line without a pipe; tables inside fenced code
/// blocks are skipped. Cell text is kept as written (emphasis markers are not interpreted).
package struct MarkdownTable: Sendable, Hashable {
    public var header: [String]
    /// From the delimiter row: `:--` left, `:-:` center, `--:` right, `---` nil (the default,
    /// which right-aligns numeric columns).
    public var alignments: [TextAlign?]
    /// Body rows, each exactly `header.count` cells.
    public var rows: [[String]]
    /// 1-based line of the header row.
    public var line: Int

    public init(header: [String], alignments: [TextAlign?], rows: [[String]], line: Int) {
        self.header = header; self.alignments = alignments; self.rows = rows; self.line = line
    }

    /// The first pipe table in `text`, or nil when there is none.
    public static func first(in text: String) -> MarkdownTable? {
        var heading: String?
        return first(in: lines(of: text), from: 0, heading: &heading)
    }

    /// The first pipe table of `lines` from line index `from` (outside a code fence there),
    /// `heading` set to the last ATX heading's text met on the way.
    static func first(in lines: [Substring], from: Int, heading: inout String?) -> MarkdownTable? {
        var fence: Substring?
        var i = from
        while i < lines.count {
            let trimmed = lines[i].drop { $0 == " " || $0 == "\t" }
            if let f = fence {
                if trimmed.hasPrefix(f) { fence = nil }
                i += 1; continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix(3)
                i += 1; continue
            }
            if let text = headingText(lines[i]) { heading = text; i += 1; continue }
            if i + 1 < lines.count, lines[i].contains("|"),
               let aligns = delimiterRow(lines[i + 1]) {
                let header = cells(lines[i])
                if header.count == aligns.count {
                    var rows: [[String]] = []
                    var j = i + 2
                    while j < lines.count, lines[j].contains("|"),
                          !lines[j].allSatisfy({ $0 == " " || $0 == "\t" }) {
                        var row = cells(lines[j])
                        if row.count < header.count { row += Array(repeating: "", count: header.count - row.count) }
                        rows.append(Array(row.prefix(header.count)))
                        j += 1
                    }
                    return MarkdownTable(header: header, alignments: aligns, rows: rows, line: i + 1)
                }
            }
            i += 1
        }
        return nil
    }

    /// The cells of one row: split on unescaped pipes, outer pipes optional, trimmed.
    static func cells(_ line: Substring) -> [String] {
        var text = line.trimmingSpaces()
        if text.hasPrefix("|") { text = text.dropFirst() }
        if text.hasSuffix("|") && !text.hasSuffix("\\|") { text = text.dropLast() }
        var out: [String] = []
        var current = ""
        var escaped = false
        for ch in text {
            if escaped {
                if ch != "|" { current.append("\\") }
                current.append(ch)
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else if ch == "|" {
                out.append(String(current.trimmingSpaces())); current = ""
            } else {
                current.append(ch)
            }
        }
        if escaped { current.append("\\") }
        out.append(String(current.trimmingSpaces()))
        return out
    }

    /// The alignments of a delimiter row (`| :-- | --: |`), or nil when `line` is not one.
    static func delimiterRow(_ line: Substring) -> [TextAlign?]? {
        guard line.contains("-") else { return nil }
        var result: [TextAlign?] = []
        for cell in cells(line) {
            let left = cell.hasPrefix(":"), right = cell.hasSuffix(":") && cell.count > 1
            let dashes = cell.dropFirst(left ? 1 : 0).dropLast(right ? 1 : 0)
            guard !dashes.isEmpty, dashes.allSatisfy({ $0 == "-" }) else { return nil }
            result.append(left && right ? .center : right ? .right : left ? .left : nil)
        }
        return result
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    func trimmingSpaces() -> Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return s
    }
}

extension String {
    func trimmingSpaces() -> Substring { self[...].trimmingSpaces() }
}

extension Document {
    /// A table document from the first pipe table of a Markdown text: one column per header cell
    /// (its text is the key and title; an empty or repeated one gets a numbered key), the
    /// delimiter row's alignment, the default theme.
    /// `table`: which table (`--table`); nil, the first.
    package static func decode(markdown text: String, file: String? = nil, table choice: MarkdownTableChoice? = nil) throws(DocumentError) -> Document {
        let tables = MarkdownTable.all(in: text)
        guard !tables.isEmpty else {
            throw DocumentError(file: file, "no Markdown pipe table found (a header row, a delimiter row such as | --- | --: |, then rows)")
        }
        let table = try choice?.pick(tables, file: file) ?? tables[0].table
        var d = Document()
        d.file = file
        for (r, row) in ([table.header] + table.rows).enumerated() {
            for cell in row where cell.utf8.count > d.budget.cellTextBytes {
                throw DocumentError(file: file, line: table.line + (r == 0 ? 0 : r + 1), d.budget.cellTooLong(cell.utf8.count))
            }
        }
        d.defaultMarkup = .markdown
        // `<br>` breaks lines; `[^label]` references become footnote marks (`MarkdownCellText`).
        let cells = MarkdownCellTable(table, footnotes: MarkdownFootnotes(text: text))
        var seen = Set<String>()
        var columns: [Column] = []
        for (i, title) in cells.header.enumerated() {
            var key = title.isEmpty ? "\(i + 1)" : title
            var n = 2
            while seen.contains(key) { key = (title.isEmpty ? "\(i + 1)" : title) + " \(n)"; n += 1 }
            seen.insert(key)
            columns.append(Column(key: key, title: title, align: table.alignments[i]))
        }
        d.columns = columns
        d.data = .rows(cells.rows.map { row in row.map { $0.isEmpty ? Cell.empty : Cell(.text($0.withVisibleNUL)) } })
        d.footnotes = cells.footnotes(keys: columns.map(\.key))
        d.sourceLines["data"] = table.line
        d.sourceLines["columns"] = table.line
        return d
    }
}
