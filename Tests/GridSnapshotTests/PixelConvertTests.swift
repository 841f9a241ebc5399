import CPNGCodec
import Testing

/// `grpng_convert_argb32_row` (Cairo ARGB32 → PNG RGB/RGBA samples) has a shuffle path for
/// groups of four opaque pixels and a per-pixel path for the rest; both must give the bytes of
/// the per-pixel formula, at every row width (the shuffle's 16-byte stores must not run past a
/// row) and wherever the non-opaque pixels fall.
@Suite struct PixelConvertTests {
    /// The formula, pixel by pixel: un-premultiplied with rounding, clamped.
    func reference(_ words: [UInt32], alpha: Bool) -> [UInt8] {
        var out: [UInt8] = []
        for p in words {
            let a = p >> 24
            var r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
            if a != 0 && a != 255 {
                r = min(255, (r * 255 + a / 2) / a); g = min(255, (g * 255 + a / 2) / a); b = min(255, (b * 255 + a / 2) / a)
            }
            out += [UInt8(r), UInt8(g), UInt8(b)]
            if alpha { out.append(UInt8(a)) }
        }
        return out
    }

    func converted(_ words: [UInt32], alpha: Bool) -> [UInt8] {
        let size = words.count * (alpha ? 4 : 3)
        // A guard after the row: nothing may be written past it.
        var out = [UInt8](repeating: 0xA5, count: size + 16)
        words.withUnsafeBytes { src in
            out.withUnsafeMutableBufferPointer { dst in
                grpng_convert_argb32_row(src.bindMemory(to: UInt8.self).baseAddress, dst.baseAddress, UInt32(words.count), alpha ? 1 : 0)
            }
        }
        #expect(out[size...].allSatisfy { $0 == 0xA5 }, "wrote past the row (width \(words.count), alpha \(alpha))")
        return Array(out[..<size])
    }

    @Test(arguments: [false, true])
    func everyWidthMatchesThePerPixelFormula(alpha: Bool) {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt32 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return UInt32(truncatingIfNeeded: seed >> 32)
        }
        for width in 1...41 {
            for pattern in 0..<4 {
                let words: [UInt32] = (0..<width).map { x in
                    let colour = next() & 0x00FF_FFFF
                    switch pattern {
                    case 0: return 0xFF00_0000 | colour                         // all opaque
                    case 1: return x % 7 == 3 ? 0x8000_0000 | (colour & 0x007F_7F7F) : 0xFF00_0000 | colour
                    case 2: return x == width - 1 ? 0 : 0xFF00_0000 | colour    // the last one transparent
                    default: return next()                                      // anything, invalid premultiplied data too
                    }
                }
                #expect(converted(words, alpha: alpha) == reference(words, alpha: alpha), "width \(width), pattern \(pattern)")
            }
        }
    }
}
