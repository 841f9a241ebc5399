/// pixelmatch's perceptual colour distance in the YIQ space (Kotsarenko and Ramos, "Measuring
/// perceived color difference using YIQ NTSC transmission color space in mobile applications"),
/// computed exactly as pixelmatch 7.2.0 computes it (DESIGN §7, revised 2026-11-22), so that
/// `compare --channel-tolerance 0 --threshold T` counts the same pixels as pixelmatch on any pair.
///
/// Brightness (Y) weighs about twice chroma, which matches how visible a change is far better than
/// an RGB distance. Every step follows pixelmatch's arithmetic order, because ties in the
/// anti-aliasing test and deltas right at the threshold depend on the last bit of a double:
/// - the channel differences are taken first (`dr = r1 − r2`), then transformed to Y, I, Q;
/// - a translucent pair is composited onto a background that depends on the pixel's byte offset
///   `k = 4·(y·width + x)` (pixelmatch 7's "checkerboard": R 48 always, since k is even; G and B 48
///   or 207 by the parity of ⌊k/φ⌋ and ⌊k/φ²⌋ as a 32-bit integer), using
///   `(c1·a1 − c2·a2 − background·(a1 − a2)) / 255`, so a change hidden against one background
///   (translucent white on white) still shows in most pixels.
package enum YIQ {
    /// The largest possible delta (black against white), for scaling a threshold: a pixel differs
    /// when its delta exceeds `maxDelta · t²`.
    package static let maxDelta = 35215.0

    /// The delta above which a pixel differs under pixelmatch threshold `t` (`35215·t·t`, in
    /// pixelmatch's order of operations).
    package static func threshold(_ t: Double) -> Double { maxDelta * t * t }

    /// pixelmatch 7.2.0's squared YIQ distance between two colours at byte offset `offset` (which
    /// picks the background a translucent pair is composited onto); always ≥ 0. pixelmatch encodes
    /// the direction in the sign; `isDarker` gives it here.
    package static func delta(_ p: RGBA, _ q: RGBA, offset: Int = 0) -> Double {
        guard p != q else { return 0 }
        let (dr, dg, db) = differences(p, q, offset: offset)
        let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        let i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
        let qq = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        return 0.5053 * y * y + 0.299 * i * i + 0.1957 * qq * qq
    }

    /// pixelmatch's brightness difference `Y(p) − Y(q)` (its anti-aliasing test), with the
    /// translucent blending of `delta` at byte offset `offset` (pixelmatch passes the centre
    /// pixel's offset for every neighbour).
    package static func brightnessDelta(_ p: RGBA, _ q: RGBA, offset: Int) -> Double {
        guard p != q else { return 0 }
        let (dr, dg, db) = differences(p, q, offset: offset)
        return dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
    }

    /// The background channels (R, G, B) pixelmatch 7.2.0 composites translucent pixels onto at
    /// byte offset `k`. JavaScript's `(k / φ | 0) % 2` is reproduced exactly: `| 0` wraps to a
    /// signed 32-bit integer and `%` keeps the dividend's sign, so on images of more than about
    /// 870 million pixels a channel can become 48 − 159.
    package static func background(offset k: Int) -> (Double, Double, Double) {
        func parity(_ value: Double) -> Double {
            let wrapped = Int32(truncatingIfNeeded: Int64(value))
            return Double(wrapped % 2)
        }
        return (48 + 159 * Double(k % 2),
                48 + 159 * parity(Double(k) / 1.618033988749895),
                48 + 159 * parity(Double(k) / 2.618033988749895))
    }

    @inline(__always)
    private static func differences(_ p: RGBA, _ q: RGBA, offset: Int) -> (Double, Double, Double) {
        if p.a == 255 && q.a == 255 {
            return (Double(Int(p.r) - Int(q.r)), Double(Int(p.g) - Int(q.g)), Double(Int(p.b) - Int(q.b)))
        }
        let (rb, gb, bb) = background(offset: offset)
        let a1 = Double(p.a), a2 = Double(q.a), da = a1 - a2
        return ((Double(p.r) * a1 - Double(q.r) * a2 - rb * da) / 255,
                (Double(p.g) * a1 - Double(q.g) * a2 - gb * da) / 255,
                (Double(p.b) * a1 - Double(q.b) * a2 - bb * da) / 255)
    }

    /// Y (brightness) of a colour composited onto white, which the diff image uses to draw an
    /// unchanged pixel as faint grey and a change as darker (red) or lighter (green).
    package static func brightness(_ p: RGBA) -> Double {
        let r = blend(p.r, p.a), g = blend(p.g, p.a), b = blend(p.b, p.a)
        return 0.29889531 * r + 0.58662247 * g + 0.11448223 * b
    }

    @inline(__always)
    static func blend(_ c: UInt8, _ a: UInt8) -> Double {
        if a == 255 { return Double(c) }
        return 255 + (Double(c) - 255) * Double(a) / 255
    }
}
