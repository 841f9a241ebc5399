/// A text alternative for a rendered table, made from its data for readers who cannot see the
/// picture (the `<picture>` snippet's `alt`, and for issue 30 the SVG `<title>`/`<desc>` and the
/// PDF `/Alt`): "Table: TITLE. N rows, M columns: A, B, C. C from 410.0 to 4,067.0." An item grid
/// is "Grid of N items". Column lists and ranges stop after a few so the text stays a sentence
/// or two; numbers show in their column's format when it has one, else as written.
extension Document {
    /// The most column names listed, and numeric ranges given.
    static let altColumnNames = 12
    static let altRanges = 4

    /// The document's `alt`, else the generated text.
    package func altText() throws(DocumentError) -> String {
        if let alt, !alt.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return alt }
        return try generatedAltText()
    }

    package func generatedAltText() throws(DocumentError) -> String {
        let title = shownTitle
        if isItemMode {
            let count = (items?.count ?? 0) + sections.reduce(0) { $0 + ($1.items?.count ?? 0) }
            return "Grid of \(count) item\(count == 1 ? "" : "s")" + (title.map { ": \($0)" } ?? "") + "."
        }
        let table = try dataTable()
        let rows = table.rows.count, columns = table.keys.count
        var text = "Table" + (title.map { ": \($0)." } ?? ".")
        text += " \(rows) row\(rows == 1 ? "" : "s"), \(columns) column\(columns == 1 ? "" : "s")"
        if columns > 0 {
            let names = table.titles.prefix(Self.altColumnNames).joined(separator: ", ")
            text += ": " + names + (columns > Self.altColumnNames ? ", and \(columns - Self.altColumnNames) more" : "")
        }
        text += "."
        var ranges: [String] = []
        for c in table.keys.indices where ranges.count < Self.altRanges {
            guard let range = Self.numericRange(table.rows.lazy.map { c < $0.count ? $0[c] : "" }) else { continue }
            let format = self.columns?.first { $0.key == table.keys[c] }?.format?.numberFormat
            let low = format?.format(range.low.value) ?? range.low.text, high = format?.format(range.high.value) ?? range.high.text
            ranges.append(low == high ? "\(table.titles[c]) \(low)" : "\(table.titles[c]) from \(low) to \(high)")
        }
        if !ranges.isEmpty { text += " " + ranges.joined(separator: "; ") + "." }
        return text
    }

    /// The smallest and largest value of a column whose every non-empty cell is a number.
    static func numericRange<S: Sequence>(_ cells: S) -> (low: (value: Double, text: String), high: (value: Double, text: String))?
        where S.Element == String {
        var low: (value: Double, text: String)?, high: (value: Double, text: String)?
        for cell in cells where !cell.isEmpty {
            guard let value = NumberFormat.parseNumber(cell), value.isFinite else { return nil }
            if low == nil || value < low!.value { low = (value, cell) }
            if high == nil || value > high!.value { high = (value, cell) }
        }
        guard let low, let high else { return nil }
        return (low, high)
    }
}
