/// A table wider than its page cut into pages of whole columns (`canvas.page.split: "columns"`):
/// the first `repeated` columns (the stub, or the first column, and frozen columns) are on every
/// page, the others go left to right into groups as wide as the page allows beside them. No column
/// is clipped or scaled; one too wide for a page beside the repeated ones is refused. Pure: tested
/// on track numbers alone.
package enum ColumnPages {
    /// A column that does not fit a page even alone beside the repeated columns.
    package struct TooWide: Error, Equatable {
        /// The column's index and the width a page would need for it, in points.
        package var column: Int
        package var needed: Double
    }

    /// The groups of columns after the repeated ones, each a range shown on its own pages.
    /// `columns`: the layout's column tracks; `gridWidth`: the grid's width (its right edge after
    /// the last track); `room`: the page's width for the grid. A page of group `a..<b` is
    /// `pageWidth(of:)` wide: the repeated columns up to the first group column's offset (gap
    /// included), then the group up to the next column's offset (or the grid's right edge).
    /// `together`: column ranges kept on one page when they fit one (a spanner's columns): a
    /// group ends before such a range rather than inside it.
    package static func groups(_ columns: [Track], gridWidth: Double, repeated: Int, room: Double,
                               together: [Range<Int>] = []) throws(TooWide) -> [Range<Int>] {
        let r = min(max(0, repeated), columns.count)
        guard r < columns.count else { return [r..<r] }
        var groups: [Range<Int>] = []
        var start = r
        for c in r..<columns.count {
            let width = pageWidth(of: start..<(c + 1), columns, gridWidth: gridWidth, repeated: r)
            if width <= room + epsilon { continue }
            // Column c does not fit beside start..<c: it opens the next group, if it fits alone.
            let alone = pageWidth(of: c..<(c + 1), columns, gridWidth: gridWidth, repeated: r)
            if alone > room + epsilon { throw TooWide(column: c, needed: alone) }
            // Inside a range kept together that started in this group: break before the range
            // instead, when the whole range fits a page of its own.
            var next = c
            if let keep = together.first(where: { $0.contains(c) && $0.lowerBound > start && $0.lowerBound < c }),
               keep.upperBound <= columns.count,
               pageWidth(of: keep, columns, gridWidth: gridWidth, repeated: r) <= room + epsilon {
                next = keep.lowerBound
            }
            if start < next { groups.append(start..<next) }
            start = next
        }
        groups.append(start..<columns.count)
        return groups
    }

    /// The width of a page showing the repeated columns and `group`.
    package static func pageWidth(of group: Range<Int>, _ columns: [Track], gridWidth: Double, repeated: Int) -> Double {
        guard let first = group.first else { return gridWidth }
        let lead = columns[min(repeated, columns.count - 1)].offset
        return lead + trailingEdge(of: group, columns, gridWidth: gridWidth) - columns[first].offset
    }

    /// Where a group's area ends: the next column's offset, or the grid's right edge after the last.
    package static func trailingEdge(of group: Range<Int>, _ columns: [Track], gridWidth: Double) -> Double {
        group.upperBound < columns.count ? columns[group.upperBound].offset : gridWidth
    }

    /// The pages of `rowPages` row groups by `columnGroups` column groups in reading order: all
    /// the rows of a column group before the next (`downFirst`), or every column group of a row
    /// group before the next rows.
    package static func order(rowPages: Int, columnGroups: Int, downFirst: Bool) -> [(row: Int, column: Int)] {
        if downFirst {
            return (0..<columnGroups).flatMap { c in (0..<rowPages).map { (row: $0, column: c) } }
        }
        return (0..<rowPages).flatMap { r in (0..<columnGroups).map { (row: r, column: $0) } }
    }

    /// Half a thousandth of a point: widths summed from snapped tracks compare as equal.
    private static let epsilon = 0.0005
}
