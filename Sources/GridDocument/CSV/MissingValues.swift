/// The cell texts that mean "no value" in CSV, TSV and Markdown tables.
///
/// R writes `NA`, pandas `NaN` or nothing, spreadsheets `#N/A`, databases `NULL`: read as text,
/// one such token turns a numeric column into a text column (left-aligned, sorted as text, the
/// token first in a descending sort). A cell whose text (spaces and tabs around it ignored) is
/// one of the tokens is read as an empty cell instead, so it is missing everywhere an empty cell
/// is: column inference, `--sort` (last in both directions), formats (shown as the column's
/// `missing` text) and summaries. `data.na` and `--na` replace the list; the empty text is always
/// missing.
package struct MissingValues: Sendable, Hashable {
    /// What R, pandas and spreadsheets write for a missing value.
    package static let defaultTokens = ["", "NA", "N/A", "NaN", "nan", "null", "NULL", "#N/A", "None"]
    package static let standard = MissingValues(defaultTokens)

    /// The tokens, as given (the empty text is missing whether listed or not).
    package let tokens: [String]
    private let lookup: Set<String>
    /// The longest token in UTF-8 bytes: longer cells are rejected without hashing.
    private let longest: Int

    package init(_ tokens: [String]) {
        self.tokens = tokens
        lookup = Set(tokens)
        longest = tokens.map(\.utf8.count).max() ?? 0
    }

    /// Whether `text` means "no value": it is empty or, trimmed of spaces and tabs, a token.
    package func contains(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last else { return true }
        let padded = first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09
        if !padded { return utf8.count <= longest && lookup.contains(text) }
        let trimmed = text.trimmingSpaces()
        return trimmed.isEmpty || (trimmed.utf8.count <= longest && lookup.contains(String(trimmed)))
    }

    /// `rows` with every text cell that is a token made empty; other values are kept.
    package func blanking(_ rows: [[Document.Cell]]) -> [[Document.Cell]] {
        rows.map { row in
            row.map { cell in
                guard case .text(let s) = cell.value, contains(s) else { return cell }
                var blank = cell
                blank.value = .empty
                return blank
            }
        }
    }
}

extension CSVTable {
    /// Replaces every missing-value field of the data rows by the empty text (the header is kept).
    package mutating func blankMissing(_ missing: MissingValues) {
        for r in rows.indices {
            for c in rows[r].indices where !rows[r][c].isEmpty && missing.contains(rows[r][c]) {
                rows[r][c] = ""
            }
        }
    }
}
