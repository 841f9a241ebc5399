/// Supplies content sizes for `auto` tracks and for non-`fill` cell alignment. The drawing
/// module measures text with Pango; tests use a fake. Sizes include the cell's padding.
///
/// Column widths are sized first (from `width(row:column:)`), then row heights with the
/// final column widths known (`height(row:column:width:)`), so wrapped text gets its real height.
/// Cells that span more than one track do not take part in auto sizing.
public protocol ContentMeasurer {
    /// The natural (unwrapped) width of the cell's content in points.
    func width(row: Int, column: Int) -> Double
    /// The content height in points when the cell is `width` points wide.
    func height(row: Int, column: Int, width: Double) -> Double
}

/// A measurer for grids without content: every cell measures zero.
public struct ZeroMeasurer: ContentMeasurer, Sendable {
    public init() {}
    public func width(row: Int, column: Int) -> Double { 0 }
    public func height(row: Int, column: Int, width: Double) -> Double { 0 }
}
