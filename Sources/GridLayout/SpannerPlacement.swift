/// A spanner label as the layout core knows it: which header row it sits on and which columns
/// it covers. The layout places it like a spanning cell; `gridrender layout` reports its frame.
package struct SpannerPlacement: Sendable, Hashable {
    package var label: String
    /// 0 = the row just above the column titles, 1 the row above that, …
    package var level: Int
    /// The layout row of the label.
    package var row: Int
    /// The columns it spans, contiguous.
    package var columns: Range<Int>
    package init(label: String, level: Int, row: Int, columns: Range<Int>) {
        self.label = label; self.level = level; self.row = row; self.columns = columns
    }
}

extension Layout {
    /// The frame of `spanner` in content points: exactly its columns' extent across, its row's down.
    package func frame(of spanner: SpannerPlacement) -> Rect? {
        guard spanner.row >= 0, spanner.row < rows.count, !spanner.columns.isEmpty,
              spanner.columns.lowerBound >= 0, spanner.columns.upperBound <= columns.count else { return nil }
        let first = columns[spanner.columns.lowerBound], last = columns[spanner.columns.upperBound - 1]
        return Rect(x: first.offset, y: rows[spanner.row].offset, width: last.end - first.offset, height: rows[spanner.row].size)
    }
}
