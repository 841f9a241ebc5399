/// A straight (un-premultiplied) RGBA colour, components 0…1.
public struct Color: Sendable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    public static let transparent = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public var isOpaque: Bool { alpha >= 1 }

    /// Source-over compositing of `self` on top of `below` (both straight alpha).
    package func composited(over below: Color) -> Color {
        let a = alpha + below.alpha * (1 - alpha)
        guard a > 0 else { return .transparent }
        func mix(_ top: Double, _ bottom: Double) -> Double {
            (top * alpha + bottom * below.alpha * (1 - alpha)) / a
        }
        return Color(red: mix(red, below.red), green: mix(green, below.green), blue: mix(blue, below.blue), alpha: a)
    }
}
