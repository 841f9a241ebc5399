/// Which pipe table of a Markdown file is the document (`--table N|HEADING`): the N-th (from 1),
/// or the first under a heading whose text is HEADING (`## Results`: any level, case and spaces
/// at the ends ignored). Without a choice, the first table.
package enum MarkdownTableChoice: Sendable, Hashable {
    case index(Int)
    case heading(String)

    /// `3` is the third table; anything else a heading.
    package init(_ argument: String) {
        if let n = Int(argument.trimmingCharacters(in: .whitespaces)), n >= 1 { self = .index(n) } else { self = .heading(argument) }
    }

    /// The chosen table of `tables` (each with the heading above it), or an error naming what there is.
    func pick(_ tables: [(table: MarkdownTable, heading: String?)], file: String?) throws(DocumentError) -> MarkdownTable {
        func listing() -> String {
            tables.enumerated().map { i, t in "\(i + 1)" + (t.heading.map { " (\"\($0)\")" } ?? "") }.joined(separator: ", ")
        }
        switch self {
        case .index(let n):
            guard n <= tables.count else {
                throw DocumentError(file: file, keyPath: "--table", "no table \(n): the file has \(tables.count == 1 ? "1 table" : "\(tables.count) tables"): \(listing())")
            }
            return tables[n - 1].table
        case .heading(let text):
            let wanted = Self.normalized(text)
            guard let found = tables.first(where: { $0.heading.map(Self.normalized) == wanted }) else {
                throw DocumentError(file: file, keyPath: "--table", "no table under a heading \"\(text)\": the tables are \(listing())")
            }
            return found.table
        }
    }

    static func normalized(_ s: String) -> String { s.trimmingCharacters(in: .whitespaces).lowercased() }
}

extension MarkdownTable {
    /// Every pipe table of `text`, each with the text of the last ATX heading (`#` … `######`)
    /// above it, outside fenced code blocks.
    static func all(in text: String) -> [(table: MarkdownTable, heading: String?)] {
        let lines = lines(of: text)
        var found: [(MarkdownTable, String?)] = []
        var heading: String?
        var start = 0
        while let table = first(in: lines, from: start, heading: &heading) {
            found.append((table, heading))
            start = table.line - 1 + 2 + table.rows.count
        }
        return found
    }

    /// The heading text of an ATX heading line, or nil.
    static func headingText(_ line: Substring) -> String? {
        let trimmed = line.drop { $0 == " " }
        let hashes = trimmed.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes) else { return nil }
        let rest = trimmed.dropFirst(hashes)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        var text = rest.trimmingSpaces()
        while text.last == "#" { text = text.dropLast() }   // closing hashes
        return String(text.trimmingSpaces())
    }
}
