import GridDocument
import GridLayout

/// Rectangles filled in one colour, as one path (Cairo's SVG and PDF writers are quadratic in
/// separate fills: `FillBatch` groups them). User-space points, already snapped to device pixels.
struct FillNode: Sendable, Equatable {
    var rects: [Rect]
    var color: Color
}
