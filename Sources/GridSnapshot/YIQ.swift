/// pixelmatch's perceptual colour distance in the YIQ space (Kotsarenko and Ramos, "Measuring
/// perceived color difference using YIQ NTSC transmission color space in mobile applications").
///
/// Brightness (Y) weighs about twice chroma, which matches how visible a change is far better than
/// an RGB distance. Translucent colours are first composited onto a background; DESIGN §7 asks
/// for both white and black and the larger delta, so a change hidden against one background (a
/// translucent white on white) still shows against the other.
public enum YIQ {
    /// The largest possible delta (black against white), for scaling a threshold: a pixel differs
    /// when its delta exceeds `maxDelta · t²`.
    public static let maxDelta = 35215.0

    /// The delta above which a pixel differs under pixelmatch threshold `t`.
    public static func threshold(_ t: Double) -> Double { maxDelta * t * t }

    /// The larger of the deltas with both colours composited onto white and onto black.
    public static func delta(_ p: RGBA, _ q: RGBA) -> Double {
        if p == q { return 0 }
        return max(delta(p, q, background: 255), delta(p, q, background: 0))
    }

    /// `0.5053·y² + 0.299·i² + 0.1957·q²` of the difference of the two colours composited onto a
    /// grey `background` (0 black … 255 white).
    public static func delta(_ p: RGBA, _ q: RGBA, background: Double) -> Double {
        let dr = blend(p.r, p.a, background) - blend(q.r, q.a, background)
        let dg = blend(p.g, p.a, background) - blend(q.g, q.a, background)
        let db = blend(p.b, p.a, background) - blend(q.b, q.a, background)
        let y = 0.29889531 * dr + 0.58662247 * dg + 0.11448223 * db
        let i = 0.59597799 * dr - 0.27417610 * dg - 0.32180189 * db
        let qq = 0.21147017 * dr - 0.52261711 * dg + 0.31114694 * db
        return 0.5053 * y * y + 0.299 * i * i + 0.1957 * qq * qq
    }

    /// Y (brightness) of a colour composited onto white, as pixelmatch uses for anti-aliasing
    /// detection and this module uses for darker/lighter in diff images.
    public static func brightness(_ p: RGBA) -> Double {
        let r = blend(p.r, p.a, 255), g = blend(p.g, p.a, 255), b = blend(p.b, p.a, 255)
        return 0.29889531 * r + 0.58662247 * g + 0.11448223 * b
    }

    @inline(__always)
    static func blend(_ c: UInt8, _ a: UInt8, _ background: Double) -> Double {
        if a == 255 { return Double(c) }
        return background + (Double(c) - background) * Double(a) / 255
    }
}
