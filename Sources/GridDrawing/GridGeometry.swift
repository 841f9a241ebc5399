import GridLayout

/// What the painter reads from a layout. A seam so painting can be unit-tested with hand-made
/// tracks (`TrackGeometry`) independently of the layout engine; `Layout` conforms.
protocol GridGeometry {
    var columns: [Track] { get }
    var rows: [Track] { get }
    var rowKinds: [RowKind] { get }
    /// Cells whose frames intersect `rect` (content points), found by binary search.
    func cells(in rect: Rect) -> [PlacedCell]
}

extension Array where Element == Track {
    /// Indices of the tracks that overlap `low..<high`, by binary search (tracks are sorted).
    func indices(overlapping low: Double, _ high: Double) -> Range<Int> {
        var lo = 0, hi = count
        while lo < hi { let mid = (lo + hi) / 2; if self[mid].end <= low { lo = mid + 1 } else { hi = mid } }
        let first = lo
        hi = count
        while lo < hi { let mid = (lo + hi) / 2; if self[mid].offset < high { lo = mid + 1 } else { hi = mid } }
        return first..<Swift.max(first, lo)
    }
}

/// Plain tracks with one cell per slot (no spans, every row `data`): the painter's test geometry.
struct TrackGeometry: GridGeometry {
    var columns: [Track]
    var rows: [Track]
    var rowKinds: [RowKind]

    init(columnWidths: [Double], rowHeights: [Double], kinds: [RowKind]? = nil) {
        func tracks(_ sizes: [Double]) -> [Track] {
            var offset = 0.0
            return sizes.map { size in defer { offset += size }; return Track(offset: offset, size: size) }
        }
        columns = tracks(columnWidths)
        rows = tracks(rowHeights)
        rowKinds = kinds ?? Array(repeating: .data, count: rowHeights.count)
    }

    var size: Size { Size(width: columns.last?.end ?? 0, height: rows.last?.end ?? 0) }

    func cells(in rect: Rect) -> [PlacedCell] {
        let rs = rows.indices(overlapping: rect.y, rect.maxY)
        let cs = columns.indices(overlapping: rect.x, rect.maxX)
        var cells: [PlacedCell] = []
        cells.reserveCapacity(rs.count * cs.count)
        for r in rs {
            for c in cs {
                cells.append(PlacedCell(row: r, column: c, frame: Rect(x: columns[c].offset, y: rows[r].offset,
                                                                       width: columns[c].size, height: rows[r].size)))
            }
        }
        return cells
    }
}
