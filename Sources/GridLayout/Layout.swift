/// One column or row after sizing and snapping, in points (pixel values divided by the scale).
public struct Track: Sendable, Hashable {
    public var offset: Double
    public var size: Double
    public init(offset: Double, size: Double) { self.offset = offset; self.size = size }
    public var end: Double { offset + size }
}

/// A cell placed on the canvas.
public struct PlacedCell: Sendable, Hashable {
    public var row: Int
    public var column: Int
    public var rowSpan: Int
    public var columnSpan: Int
    /// The cell's frame in points, after cell alignment and snapping.
    public var frame: Rect
    /// The flow index in item mode; nil in table mode and for section header rows.
    public var item: Int?
    /// The section this cell belongs to (0 when the grid has no sections).
    public var section: Int
    public init(row: Int, column: Int, rowSpan: Int = 1, columnSpan: Int = 1, frame: Rect,
                item: Int? = nil, section: Int = 0) {
        self.row = row; self.column = column; self.rowSpan = rowSpan; self.columnSpan = columnSpan
        self.frame = frame; self.item = item; self.section = section
    }
}
