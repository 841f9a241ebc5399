/// Supplies content sizes for `auto` tracks and for non-`fill` cell alignment. The drawing
/// module measures text with Pango; tests use a fake. Sizes include the cell's padding.
///
/// Column widths are sized first (from `width(row:column:)`), then row heights with the
/// final column widths known (`height(row:column:width:)`), so wrapped text gets its real height.
/// Cells that span more than one track do not take part in auto sizing.
package protocol ContentMeasurer {
    /// The natural (unwrapped) width of the cell's content in points.
    func width(row: Int, column: Int) -> Double
    /// The content height in points when the cell is `width` points wide.
    func height(row: Int, column: Int, width: Double) -> Double
    /// The natural size of an item in the horizontal direction (default: zero; see below).
    func itemSize(item: Int, row: Int, column: Int) -> Size
}

/// A measurer for grids without content: every cell measures zero.
package struct ZeroMeasurer: ContentMeasurer, Sendable {
    package init() {}
    package func width(row: Int, column: Int) -> Double { 0 }
    package func height(row: Int, column: Int, width: Double) -> Double { 0 }
}

extension ContentMeasurer {
    /// Item mode, horizontal direction (`GridSpec.Items.isHorizontal`): the natural size of item
    /// `item`, placed at (`row`, `column`), padding included; zero where the content has no
    /// size of its own (placeholders, swatches, images), so its column falls back to square.
    /// The default measures nothing.
    package func itemSize(item: Int, row: Int, column: Int) -> Size { Size(width: 0, height: 0) }
}
