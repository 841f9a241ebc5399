import GridLayout

/// The cells of a big region are painted a slab of rows at a time (`GridPainter.forEachSlab`),
/// so the painter holds one slab's cells and styles, not the whole table's: an SVG cells layer
/// or a PDF page of 100,000 rows listed 800,000 cells with their `ResolvedStyle` (about
/// 0.5 KiB each) at once. Each pass goes over the slabs in order and adds to the same batches,
/// so the output is that of one pass over every cell, byte for byte.
///
/// Slab `k` queries the rows of its range (the first and last slab reach to the query's edges)
/// and keeps the cells whose first row lies in it, so a cell spanning slabs is painted once,
/// by the slab of its first row (the first slab keeps cells starting above the query), in the
/// row order one query over the whole region gives.
struct ItemSlabs {
    /// About this many cell positions per slab.
    static let defaultCellsPerSlab = 16_384

    let query: Rect
    let region: ViewportRegion
    let limit: Range<Int>?
    /// The row index where each slab starts (the first is the query's first row).
    private let starts: [Int]
    private let rowTracks: [Track]
    private let rowRange: Range<Int>

    init(query: Rect, region: ViewportRegion, limit: Range<Int>?, rows: [Track], columnCount: Int, cellsPerSlab: Int) {
        self.query = query
        self.region = region
        self.limit = limit
        rowTracks = rows
        rowRange = rows.indices(overlapping: query.y, query.maxY)
        let perSlab = max(1, cellsPerSlab / max(1, columnCount))
        starts = rowRange.count > perSlab ? Array(Swift.stride(from: rowRange.lowerBound, to: rowRange.upperBound, by: perSlab))
            : [rowRange.lowerBound]
    }

    var count: Int { starts.count }

    /// The part of the query slab `k` asks the layout for.
    func rect(ofSlab k: Int) -> Rect {
        guard count > 1 else { return query }
        let top = k == 0 ? query.y : rowTracks[starts[k]].offset
        let bottom = k == count - 1 ? query.maxY : rowTracks[starts[k + 1]].offset
        return Rect(x: query.x, y: top, width: query.width, height: max(0, bottom - top))
    }

    /// The first rows of the cells slab `k` paints.
    func rows(ofSlab k: Int) -> Range<Int> {
        guard count > 1 else { return Int.min..<Int.max }
        let low = k == 0 ? Int.min : starts[k]
        let high = k == count - 1 ? Int.max : starts[k + 1]
        return low..<high
    }
}
