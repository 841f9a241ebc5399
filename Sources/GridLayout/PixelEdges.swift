/// How snapped point values become device pixels (DESIGN.md §3, "Snapping", revised rule).
///
/// The layout snaps once, in whole points; the scale only multiplies. At an integer scale
/// `s` a whole-point edge `e` is the pixel edge `s·e` exactly, so an `@2x` image is exactly
/// twice the `@1x` one. At a fractional scale the product is rounded to the nearest pixel
/// (halves up), which moves no edge by more than half a pixel. Sizes are always differences
/// of rounded edges, never rounded sizes, so adjacent cells keep sharing one pixel edge.
package enum PixelEdges {
    /// The pixel edge of the point edge `points` at `scale`.
    package static func edge(_ points: Double, scale: Double) -> Double {
        PixelSnapper.roundHalfUp(points * scale)
    }

    /// The pixel extent of `[start, start + length)` points at `scale`: its rounded start
    /// edge and the difference of the rounded edges.
    package static func span(start: Double, length: Double, scale: Double) -> (start: Double, length: Double) {
        let low = edge(start, scale: scale)
        return (low, edge(start + length, scale: scale) - low)
    }
}
