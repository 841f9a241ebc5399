/// Numbers as the project's PDF writer prints them: fixed point with at most `decimals`
/// digits after the point, trailing zeros and a bare point left out, `-0` as `0`. Written from
/// integers, so the bytes do not depend on the locale or the C library. The digits are put
/// together on the stack and appended at once: a page writes a few numbers per glyph.
enum PDFNumber {
    /// Appends `value` rounded to `decimals` (0…6) digits.
    static func append(_ value: Double, decimals: Int = 3, to out: inout [UInt8]) {
        guard value.isFinite else { out.append(UInt8(ascii: "0")); return }
        let places = max(0, min(6, decimals))
        let scaled = (value * scale(places)).rounded(.toNearestOrAwayFromZero)
        guard abs(scaled) < 9.0e15 else { out.append(UInt8(ascii: "0")); return }
        var n = Int64(scaled)
        if n == 0 { out.append(UInt8(ascii: "0")); return }
        if n < 0 { out.append(UInt8(ascii: "-")); n = -n }
        var fraction = places
        // Trailing zeros of the fraction go.
        while fraction > 0 && n % 10 == 0 { n /= 10; fraction -= 1 }
        // Right to left: the fraction's digits, the point, then at least one whole digit.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var start = 24, k = 0
            repeat {
                if k == fraction && k > 0 { start -= 1; buffer[start] = UInt8(ascii: ".") }
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: n % 10)
                n /= 10
                k += 1
            } while n > 0 || k <= fraction
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<24]))
        }
    }

    /// 10^`places` (0…6).
    private static func scale(_ places: Int) -> Double {
        switch places {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        default: 1_000_000
        }
    }

    /// `value` as a string (tests, dictionaries).
    static func string(_ value: Double, decimals: Int = 3) -> String {
        var out: [UInt8] = []
        append(value, decimals: decimals, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `value` in decimal.
    static func append(_ value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var n = value.magnitude
        if n < 10 { out.append(UInt8(ascii: "0") + UInt8(n)); return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var start = 20
            while n > 0 { start -= 1; buffer[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: n % 10); n /= 10 }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<20]))
        }
    }

    /// Appends a glyph id as the four uppercase hex digits of a 2-byte code (`<004C>`).
    static func appendHex(_ id: UInt32, to out: inout [UInt8]) {
        @inline(__always) func digit(_ v: UInt32) -> UInt8 {
            let d = UInt8(truncatingIfNeeded: v & 0xF)
            return d < 10 ? UInt8(ascii: "0") + d : UInt8(ascii: "A") - 10 + d
        }
        out.append(digit(id >> 12)); out.append(digit(id >> 8)); out.append(digit(id >> 4)); out.append(digit(id))
    }
}
