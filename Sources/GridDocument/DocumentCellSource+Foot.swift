extension DocumentCellSource {
    /// The layout rows of the summary rows that come once at the end of the table (those
    /// without `sections`, the last `count` summary rows computed): a tagged PDF's `TFoot`
    /// (issue 30). Section subtotals stay in the body, by their section: a table has one foot.
    /// Empty when the table ends otherwise (no such summaries, or items).
    func footRows(count: Int) -> Range<Int> {
        guard count > 0, !isItemMode, rows.count >= count else { return 0..<0 }
        let first = publication.summaryRows.count - count
        let foot = (rows.count - count)..<rows.count
        for (k, row) in foot.enumerated() {
            guard case .summary(let i) = rows[row].source, i == first + k else { return 0..<0 }
        }
        return foot
    }
}
