/// The spans a grid honours, indexed by row, so finding the span that covers a position is a
/// dictionary lookup plus a scan of the few spans crossing that row — never a per-cell table.
///
/// A requested span is kept only if its anchor is inside the grid and holds a cell; its extent
/// is clamped to the grid; it must cover more than one position, cross no section row and
/// overlap no span kept before it. Anything else is ignored (the core is total; the decoder
/// reports bad spans to the user).
struct SpanMap: Sendable, Hashable {
    private(set) var spans: [CellSpan] = []
    private var byRow: [Int: [Int]] = [:]

    init() {}

    /// - Parameters:
    ///   - isSectionRow: whether a row is a full-width section row (spans may not cross one).
    ///   - hasCell: whether a position holds a cell of its own (a span's anchor must).
    ///   - maxArea: spans covering more positions are ignored (item mode counts the items a
    ///     span hides position by position, so it bounds that work).
    init(_ requested: [CellSpan], rowCount: Int, columnCount: Int, maxArea: Int = .max,
         isSectionRow: (Int) -> Bool, hasCell: (Int, Int) -> Bool) {
        for span in requested {
            guard span.row >= 0, span.row < rowCount, span.column >= 0, span.column < columnCount else { continue }
            let rows = span.rows.clamped(1, rowCount - span.row)
            let columns = span.columns.clamped(1, columnCount - span.column)
            guard rows > 1 || columns > 1, rows <= maxArea / columns else { continue }
            guard hasCell(span.row, span.column) else { continue }
            let kept = CellSpan(row: span.row, column: span.column, rows: rows, columns: columns)
            let rowRange = kept.row..<(kept.row + rows)
            if rowRange.contains(where: isSectionRow) { continue }
            let overlaps = rowRange.contains { row in
                (byRow[row] ?? []).contains { other in
                    let o = spans[other]
                    return o.column < kept.column + columns && kept.column < o.column + o.columns
                }
            }
            if overlaps { continue }
            for row in rowRange { byRow[row, default: []].append(spans.count) }
            spans.append(kept)
        }
    }

    var isEmpty: Bool { spans.isEmpty }

    /// The span covering (row, column), if any.
    func span(covering row: Int, column: Int) -> CellSpan? {
        guard !spans.isEmpty, let indices = byRow[row] else { return nil }
        for index in indices {
            let span = spans[index]
            if column >= span.column && column < span.column + span.columns { return span }
        }
        return nil
    }
}
