import GridDocument
import GridLayout

/// The glow of one selected box over a window of whole pixels: a Gaussian blur of `outer`
/// (separable, a difference of error functions per axis), left out over `holes` (the insides of
/// glowing cells, and pixels another pass paints). `pixel` is the grid the window is counted on:
/// device pixels for PNG, a fixed fine grid of user points for SVG and PDF.
struct GlowNode: Sendable, Equatable {
    var pixel: DeviceTransform
    var window: Rect
    var outer: Rect
    var sigma: Double
    var color: Color
    var holes: [Rect]
}
