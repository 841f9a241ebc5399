/// Lays out a `GridSpec` (DESIGN.md §3): track counts and flow, sizing of both axes, pixel
/// snapping, spans and viewport regions.
///
/// Total: any `GridSpec` lays out without trapping. Negative, NaN and huge lengths are
/// clamped (`LayoutLimits`), out-of-range spans are ignored, empty grids and zero columns
/// give empty layouts.
package enum LayoutEngine {
    /// Table mode sizes columns first (`measurer.width` for `auto` columns), then rows with the
    /// final (snapped) column widths (`measurer.height(row:column:width:)`; a section row is
    /// measured at column 0 with the full grid width). A span takes no part in auto sizing
    /// along an axis where it covers more than one track.
    ///
    /// Item mode, vertical direction, does not consult the measurer for items: column widths
    /// come from the track sizes, row heights from `itemHeight`. The horizontal direction
    /// (`GridSpec.Items.isHorizontal`) swaps the axes and measures items
    /// (`ContentMeasurer.itemSize`) for content-sized columns and rows. Items smaller than their
    /// slots (`itemSize`) are placed by cell alignment. `.auto` section header rows are measured. The item
    /// grid's width is `spec.width`, else the viewport's width (a collection grid fills the
    /// visible width and scrolls vertically); table mode sizes to `spec.width`/`height` only.
    ///
    /// Containers: without `spec.width` (`height`) an axis sizes to its content, so fill
    /// tracks get their min and fractions 0. With one, leftover space goes by `distribution`
    /// (for `start`, into the trailing margin, so `contentSize` equals the container unless
    /// the content overflows it).
    package static func layout(_ spec: GridSpec, measurer: some ContentMeasurer = ZeroMeasurer()) -> Layout {
        let context = LayoutContext(spec, measurer: measurer)
        switch spec.content {
        case .table(let table): return context.tableLayout(table)
        case .items(let items): return context.itemLayout(items)
        }
    }
}
