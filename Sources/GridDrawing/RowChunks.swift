/// How the rows of a grid are cut into chunks of text for the lanes (`TextLanes`). The cut
/// depends on the grid only, never on the number of cores, because each chunk's text becomes a
/// part of the output of its own (an SVG layer, `SVGStitcher`).
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
