import GridLayout

/// A scale-and-translate user→device transform. User space is canvas points (translated by
/// whole points); device units are what the output is snapped to: PNG pixels, or points for SVG
/// and PDF.
///
/// Everything the painter aligns — fill edges, lines, borders — is placed on whole points
/// first and only then multiplied into device units (DESIGN.md §3, revised snapping rule): at
/// an integer scale every device edge is exactly `scale ×` its value at scale 1, so an `@2x`
/// image is the `@1x` one with every edge doubled; at a fractional scale the multiplied edge is
/// rounded to the nearest device pixel (halves up), moving nothing by more than half a pixel.
/// A 1-point line is one pixel row at scale 1, two at scale 2, whatever the band, tile or
/// region offset.
struct DeviceTransform: Sendable, Equatable {
    var sx, sy, tx, ty: Double

    /// The same transform onto a device grid `factor` times finer.
    func scaled(by factor: Double) -> DeviceTransform {
        DeviceTransform(sx: sx * factor, sy: sy * factor, tx: tx * factor, ty: ty * factor)
    }

    func deviceX(_ x: Double) -> Double { x * sx + tx }
    func deviceY(_ y: Double) -> Double { y * sy + ty }
    func userX(_ x: Double) -> Double { (x - tx) / sx }
    func userY(_ y: Double) -> Double { (y - ty) / sy }

    /// Rounds halves up, so snapping does not depend on which side of 0 a band or region
    /// offset puts a coordinate.
    static func nearest(_ value: Double) -> Double { (value + 0.5).rounded(.down) }

    /// The device edge of user `x`: the nearest whole point, times the scale, then the
    /// nearest device pixel.
    func edgeX(_ x: Double) -> Double { DeviceTransform.nearest(deviceX(DeviceTransform.nearest(x))) }
    func edgeY(_ y: Double) -> Double { DeviceTransform.nearest(deviceY(DeviceTransform.nearest(y))) }

    /// User `x` moved onto its device edge (`edgeX`).
    func snapX(_ x: Double) -> Double { userX(edgeX(x)) }
    func snapY(_ y: Double) -> Double { userY(edgeY(y)) }

    /// Line thickness in whole points: never thinner than one.
    static func points(_ width: Double) -> Double { Swift.max(1, nearest(width)) }

    /// Where a line goes relative to its edge.
    enum Placement { case centered, after, before }

    /// The start, in whole points, of a line `thickness` whole points thick on user `edge`.
    static func start(of edge: Double, thickness: Double, _ placement: Placement) -> Double {
        switch placement {
        case .centered: nearest(edge - thickness / 2)
        case .after: nearest(edge)
        case .before: nearest(edge) - thickness
        }
    }

    /// The device span `[start, end)` of a line `width` points thick along the user edge `edge`
    /// (an x for a vertical line, a y for a horizontal one): placed on whole points, then
    /// multiplied; never thinner than one device pixel.
    func lineSpan(_ edge: Double, width: Double, vertical: Bool, _ placement: Placement) -> (start: Double, end: Double) {
        let thickness = DeviceTransform.points(width)
        let start = DeviceTransform.start(of: edge, thickness: thickness, placement)
        let device = vertical ? deviceX : deviceY
        let low = DeviceTransform.nearest(device(start))
        return (low, Swift.max(low + 1, DeviceTransform.nearest(device(start + thickness))))
    }
}
