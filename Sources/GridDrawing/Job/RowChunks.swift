/// How the rows of a grid are cut into chunks of text for the lanes (`TextLanes`). The cut
/// depends on the grid only, never on the number of cores, because each chunk's text becomes a
/// part of the output of its own (an SVG part, `RenderJob.ownSVG`).
enum RowChunks {
    /// Below this many cells a grid is one chunk: a second Pango context costs more than it saves.
    static let minCells = 512
    /// Two chunks from `minCells` on, then one more doubling per this many cells …
    static let cellsPerChunk = 1024
    /// … up to this many.
    static let maxChunks = 16

    /// Row ranges covering `0..<rows`, in order, each of about the same number of rows.
    static func partition(rows: Int, columns: Int) -> [Range<Int>] {
        let cells = rows * max(1, columns)
        guard rows > 1, cells >= minCells else { return [0..<max(0, rows)] }
        var count = 2
        while count * 2 <= min(maxChunks, cells / cellsPerChunk, rows) { count *= 2 }
        return (0..<count).map { c in rows * c / count..<rows * (c + 1) / count }
    }
}

extension RowChunks {
    /// Chunks of at least this many cells are painted as smaller pieces (`pieces`) …
    static let cellsPerPiece = 1024
    /// … up to this many per chunk.
    static let maxPieces = 4

    /// `chunks` (`partition`) each cut into up to `maxPieces` pieces of about the same number of
    /// rows and at least `cellsPerPiece` cells, in order, with the index of the chunk each piece
    /// comes from. An SVG's text is painted by piece (its bytes do not depend on the cut: parts
    /// join at row boundaries), so the last piece a lane paints is short and the other lanes
    /// do not wait long for it; each piece stays with the lane that measured its chunk.
    static func pieces(_ chunks: [Range<Int>], columns: Int) -> [(rows: Range<Int>, chunk: Int)] {
        chunks.enumerated().flatMap { c, rows -> [(rows: Range<Int>, chunk: Int)] in
            let count = max(1, min(maxPieces, rows.count, rows.count * max(1, columns) / cellsPerPiece))
            return (0..<count).map { k in
                (rows.lowerBound + rows.count * k / count..<rows.lowerBound + rows.count * (k + 1) / count, c)
            }
        }
    }
}

extension RowChunks {
    /// Cells per chunk of a streamed SVG (`RenderJob.svg(to:)`): a grid of more than `maxChunks`
    /// such chunks is painted and written part by part, in as many chunks as it takes, so memory
    /// holds a few chunks' documents at a time instead of the whole. Smaller grids keep
    /// `partition` and the joined document's bytes.
    static let streamedCellsPerChunk = 16_384

    /// The chunks of a grid too big to join in memory, or nil.
    static func streamed(rows: Int, columns: Int, cellsPerChunk: Int = streamedCellsPerChunk) -> [Range<Int>]? {
        let cells = rows * max(1, columns), cellsPerChunk = max(1, cellsPerChunk)
        guard cells > maxChunks * cellsPerChunk else { return nil }
        let count = min(rows, (cells + cellsPerChunk - 1) / cellsPerChunk)
        return (0..<count).map { c in rows * c / count..<rows * (c + 1) / count }
    }
}
