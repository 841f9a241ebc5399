/// One part of the canvas and the content it shows (DESIGN.md §1, "visible-range queries").
///
/// Drawing a region: clip to `clip`, translate by `offset` (canvas = content + offset), and
/// draw the cells of `rows` × `columns` (or `Layout.cells(in:)` of the clip moved back into
/// content coordinates). Regions never overlap, so the order they are drawn in does not matter.
package struct ViewportRegion: Sendable, Hashable {
    /// The canvas rectangle this region paints, in points.
    package var clip: Rect
    /// Added to content coordinates to get canvas coordinates.
    package var offset: Point
    /// The rows and columns whose tracks intersect the region's content area.
    package var rows: Range<Int>
    package var columns: Range<Int>

    package init(clip: Rect, offset: Point, rows: Range<Int>, columns: Range<Int>) {
        self.clip = clip; self.offset = offset; self.rows = rows; self.columns = columns
    }

    /// The part of the content this region shows, in content coordinates.
    package var contentRect: Rect {
        Rect(x: clip.x - offset.x, y: clip.y - offset.y, width: clip.width, height: clip.height)
    }
}

/// The units `Layout.json(units:)` reports lengths in.
public enum LayoutUnits: String, Sendable, Hashable, CaseIterable {
    /// Points, as the layout computes them (the same at every scale).
    case points = "pt"
    /// Pixels: points × scale (exact at integer scales; edges rounded to the nearest pixel at
    /// fractional ones); whole numbers unless `snapping` is `none`.
    case pixels = "px"
}
