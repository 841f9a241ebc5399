import GridLayout

/// What a fixed canvas cuts off (DESIGN.md §3 "Overflow"): the content keeps its layout and is
/// clipped at the canvas edge, so without a word a cut table would look whole. The renderer
/// warns with the rows and columns cut, and the painter draws the outer line dashed on the
/// sides where the clip is (`cutSides`).
struct OverflowReport {
    /// Rows and columns (0-based) that end beyond the canvas, partly or wholly hidden.
    var rows: Range<Int>
    var columns: Range<Int>
    var layout: Layout

    /// nil when everything fits, or when a viewport shows part of the grid on purpose.
    init?(_ layout: Layout, viewport: Rect?) {
        guard viewport == nil else { return nil }
        let epsilon = 1e-6
        let firstRow = layout.rows.firstIndex { $0.end > layout.size.height + epsilon } ?? layout.rows.count
        let firstColumn = layout.columns.firstIndex { $0.end > layout.size.width + epsilon } ?? layout.columns.count
        guard firstRow < layout.rows.count || firstColumn < layout.columns.count else { return nil }
        rows = firstRow..<layout.rows.count
        columns = firstColumn..<layout.columns.count
        self.layout = layout
    }

    /// Which edges of the grid are a clip rather than the content's end.
    var cutSides: (right: Bool, bottom: Bool) { (!columns.isEmpty, !rows.isEmpty) }

    /// The warning: `the 300×120 pt canvas cuts rows 5–9 of 10 and column 4 of 4 (content 380×240 pt); …`.
    var message: String {
        func points(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
        func range(_ r: Range<Int>, of count: Int, _ noun: String) -> String {
            let first = r.lowerBound + 1, last = r.upperBound
            return first == last ? "\(noun) \(first) of \(count)" : "\(noun)s \(first)–\(last) of \(count)"
        }
        var parts: [String] = []
        if !rows.isEmpty { parts.append(range(rows, of: layout.rows.count, "row")) }
        if !columns.isEmpty { parts.append(range(columns, of: layout.columns.count, "column")) }
        return "the \(points(layout.size.width))×\(points(layout.size.height)) pt grid area cuts "
            + parts.joined(separator: " and ")
            + " (content \(points(layout.contentSize.width))×\(points(layout.contentSize.height)) pt); "
            + "the outer line is dashed where the cut is — enlarge or drop canvas.width/height to show everything"
    }
}
