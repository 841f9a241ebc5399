import GridLayout

/// A scale-and-translate user→device transform. Lines and borders are aligned to whole device
/// pixels through it, so a 1-point line is exactly one pixel row at scale 1 and two at scale 2,
/// whatever the band, tile or region offset.
struct DeviceTransform {
    var sx, sy, tx, ty: Double

    /// The same transform onto a device grid `factor` times finer.
    func scaled(by factor: Double) -> DeviceTransform {
        DeviceTransform(sx: sx * factor, sy: sy * factor, tx: tx * factor, ty: ty * factor)
    }

    func deviceX(_ x: Double) -> Double { x * sx + tx }
    func deviceY(_ y: Double) -> Double { y * sy + ty }
    func userX(_ x: Double) -> Double { (x - tx) / sx }
    func userY(_ y: Double) -> Double { (y - ty) / sy }

    /// Line thickness in whole device pixels: never thinner than one.
    func pixels(_ width: Double, vertical: Bool) -> Double {
        Swift.max(1, (width * (vertical ? sx : sy)).rounded())
    }

    /// Where a line of `thickness` device pixels goes relative to its edge at device `edge`.
    enum Placement { case centered, after, before }

    /// The device-pixel start of the line.
    static func start(of edge: Double, thickness: Double, _ placement: Placement) -> Double {
        switch placement {
        case .centered: (edge - thickness / 2 + 0.5).rounded(.down)
        case .after: edge.rounded()
        case .before: edge.rounded() - thickness
        }
    }
}
