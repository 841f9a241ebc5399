/// What a Markdown table cell says beyond its inline markup, read as GitHub reads it:
/// `<br>` (also `<br/>`, `<br />`, any case) is a line break, and `[^label]` is a reference to a
/// footnote defined elsewhere in the file (`MarkdownFootnotes`). Inside code spans both stay as
/// typed, as does a `[^` after a backslash.
struct MarkdownCellText: Equatable {
    /// The text with line breaks as "\n" and defined references taken out.
    var text: String
    /// The labels of the defined references, in the order they appear.
    var references: [String]

    /// Reads `cell`; `isDefined` says which footnote labels the file defines (an undefined
    /// reference stays as typed, as on GitHub).
    init(_ cell: String, isDefined: (String) -> Bool) {
        let bytes = Array(cell.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var references: [String] = []
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x60 {   // a code span: a run of n backticks up to the next run of exactly n
                let run = Self.backtickRun(bytes, at: i)
                if let close = Self.closingRun(bytes, length: run, from: i + run) {
                    out += bytes[i..<close + run]
                    i = close + run
                } else {
                    out += bytes[i..<i + run]
                    i += run
                }
                continue
            }
            if b == 0x5C, i + 1 < bytes.count {   // an escaped character stays with its backslash
                out += bytes[i...i + 1]
                i += 2
                continue
            }
            if b == 0x3C, let end = Self.lineBreakTag(bytes, at: i) {
                // Spaces around a break would start or end a line.
                while out.last == 0x20 { out.removeLast() }
                out.append(0x0A)
                i = end
                while i < bytes.count, bytes[i] == 0x20 { i += 1 }
                continue
            }
            if b == 0x5B, let (label, end) = Self.reference(bytes, at: i), isDefined(label) {
                references.append(label)
                i = end
                continue
            }
            out.append(b)
            i += 1
        }
        while out.last == 0x20 { out.removeLast() }
        text = String(decoding: out, as: UTF8.self)
        self.references = references
    }

    static func backtickRun(_ bytes: [UInt8], at i: Int) -> Int {
        var n = 0
        while i + n < bytes.count, bytes[i + n] == 0x60 { n += 1 }
        return n
    }

    /// Where the next run of exactly `length` backticks at or after `from` starts.
    static func closingRun(_ bytes: [UInt8], length: Int, from: Int) -> Int? {
        var j = from
        while j < bytes.count {
            guard bytes[j] == 0x60 else { j += 1; continue }
            let run = backtickRun(bytes, at: j)
            if run == length { return j }
            j += run
        }
        return nil
    }

    /// The end of a `<br>`, `<br/>` or `<br />` tag (any case) at `i`.
    static func lineBreakTag(_ bytes: [UInt8], at i: Int) -> Int? {
        guard i + 3 < bytes.count, bytes[i + 1] | 0x20 == 0x62, bytes[i + 2] | 0x20 == 0x72 else { return nil }
        var j = i + 3
        while j < bytes.count, bytes[j] == 0x20 { j += 1 }
        if j < bytes.count, bytes[j] == 0x2F { j += 1 }
        return j < bytes.count && bytes[j] == 0x3E ? j + 1 : nil
    }

    /// The label and end of a `[^label]` at `i`: a label of at least one character, without
    /// spaces, brackets or control characters.
    static func reference(_ bytes: [UInt8], at i: Int) -> (String, Int)? {
        guard i + 3 < bytes.count, bytes[i + 1] == 0x5E else { return nil }
        var j = i + 2
        while j < bytes.count, bytes[j] > 0x20, bytes[j] != 0x5B, bytes[j] != 0x5D, bytes[j] != 0x7F { j += 1 }
        guard j > i + 2, j < bytes.count, bytes[j] == 0x5D else { return nil }
        return (String(decoding: bytes[(i + 2)..<j], as: UTF8.self), j + 1)
    }
}

/// The footnote definitions of a Markdown file: `[^label]: text` at the start of a line (after
/// at most three spaces), continued by the lines indented by four spaces or a tab that follow.
/// Labels match case-insensitively, as GitHub's do; the first definition of a label counts.
struct MarkdownFootnotes {
    private(set) var texts: [String: String] = [:]

    init(lines: [Substring]) {
        var i = 0
        while i < lines.count {
            guard let (label, first) = Self.definition(lines[i]) else { i += 1; continue }
            var text = first
            i += 1
            while i < lines.count, lines[i].hasPrefix("    ") || lines[i].hasPrefix("\t") {
                let more = lines[i].trimmingSpaces()
                if !more.isEmpty { text += (text.isEmpty ? "" : " ") + more }
                i += 1
            }
            let key = label.lowercased()
            if texts[key] == nil { texts[key] = text }
        }
    }

    func text(of label: String) -> String? { texts[label.lowercased()] }

    /// `[^label]: text` (the label and the text) or nil.
    static func definition(_ line: Substring) -> (String, String)? {
        var s = line
        var indent = 0
        while s.first == " ", indent < 4 { s = s.dropFirst(); indent += 1 }
        guard indent < 4, s.hasPrefix("[^"), let close = s.firstIndex(of: "]") else { return nil }
        let label = s[s.index(s.startIndex, offsetBy: 2)..<close]
        let rest = s[s.index(after: close)...]
        guard !label.isEmpty, !label.contains(where: { $0 == " " || $0 == "\t" || $0 == "[" }), rest.hasPrefix(":") else { return nil }
        return (String(label), String(rest.dropFirst().trimmingSpaces()))
    }
}

/// A pipe table's cells read as `MarkdownCellText` (line breaks, footnote references) with the
/// file's footnotes: what `Document.decode(markdown:)` makes a document of.
struct MarkdownCellTable {
    var header: [String]
    var rows: [[String]]
    /// Per footnote label, in the order of first reference (GitHub numbers notes so), the
    /// header columns and the body cells (row, column index) that refer to it.
    private var notes: [(label: String, columns: [Int], cells: [(row: Int, column: Int)])] = []
    private let footnotes: MarkdownFootnotes

    init(_ table: MarkdownTable, footnotes: MarkdownFootnotes) {
        self.footnotes = footnotes
        header = []
        rows = []
        var index: [String: Int] = [:]
        func note(_ label: String) -> Int {
            let key = label.lowercased()
            if let k = index[key] { return k }
            index[key] = notes.count
            notes.append((label, [], []))
            return notes.count - 1
        }
        let defined = { (label: String) in footnotes.text(of: label) != nil }
        for (c, title) in table.header.enumerated() {
            let cell = MarkdownCellText(title, isDefined: defined)
            header.append(cell.text)
            for label in cell.references {
                let k = note(label)
                if !notes[k].columns.contains(c) { notes[k].columns.append(c) }
            }
        }
        for (r, row) in table.rows.enumerated() {
            rows.append(row.enumerated().map { c, text in
                let cell = MarkdownCellText(text, isDefined: defined)
                for label in cell.references {
                    let k = note(label)
                    if !notes[k].cells.contains(where: { $0 == (r, c) }) { notes[k].cells.append((r, c)) }
                }
                return cell.text
            })
        }
    }

    /// The footnotes, their marks on the columns named `keys` (by index).
    func footnotes(keys: [String]) -> [Document.Footnote] {
        notes.map { note in
            Document.Footnote(text: footnotes.text(of: note.label) ?? "",
                              columns: note.columns.map { keys[$0] },
                              cells: note.cells.map { Document.Footnote.CellTarget(row: $0.row, column: keys[$0.column]) })
        }
    }
}

extension MarkdownFootnotes {
    /// The definitions of the Markdown `text`.
    init(text: String) { self.init(lines: MarkdownTable.lines(of: text)) }
}

extension MarkdownTable {
    /// The lines of `text`: CR LF, lone CR and LF all end a line (CR LF is one Character in
    /// Swift); a byte order mark is skipped.
    static func lines(of text: String) -> [Substring] {
        let body = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)
        return body.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    }
}
