/// What `Layout` keeps to answer cell queries: the grid's structure and spans, and what cell
/// alignment needs.
struct CellMap: Sendable {
    enum Structure: Sendable {
        /// Every position of a non-section row holds a cell.
        case table
        /// Positions hold items as the flow placed them.
        case items(ItemPlacement)
    }

    var structure: Structure
    var spans: SpanMap
    var alignment: AxisPair<CellAlignment>
    /// Measured content sizes for non-`fill` alignment (table mode only), else nil.
    var contentSizes: ContentSizes?
    /// Item mode: the items' size inside their slots (`ItemSize`), placed by `alignment`.
    var itemSize: ItemSize? = nil
    var snapping: Snapping
    var cellCount: Int
}

/// Content sizes of every cell, row-major, as `Float` (8 bytes a cell) — kept only when cell
/// alignment is not `fill`, because the measurer cannot be stored in a `Sendable` layout.
struct ContentSizes: Sendable {
    var columnCount: Int
    var widths: [Float]
    var heights: [Float]

    func size(row: Int, column: Int) -> (width: Double, height: Double) {
        let index = row * columnCount + column
        guard index >= 0, index < widths.count else { return (0, 0) }
        return (Double(widths[index]), Double(heights[index]))
    }
}
