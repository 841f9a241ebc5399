import GridLayout

/// One clipped, translated piece of the grid, as a `ViewportRegion` describes it (frozen rows and
/// columns are regions of their own), or a piece of a PDF page (repeated header rows, then the
/// page's body rows). Canvas point = content point + `offset`.
struct PaintRegion: Hashable {
    /// In grid-canvas points.
    var clip: Rect
    var offset: Point
    var rows: Range<Int>
    var columns: Range<Int>
}
