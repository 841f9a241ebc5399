import GridDocument

/// Line segments stroked in one style, as one path: butt caps, `dash` lengths in user units
/// (empty: solid). User-space points; `width` already aligned to device pixels.
struct StrokeNode: Sendable, Equatable {
    struct Segment: Sendable, Equatable { var x0, y0, x1, y1: Double }
    var segments: [Segment]
    var color: Color
    var width: Double
    var dash: [Double]
}
