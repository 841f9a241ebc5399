/// Numbers as the project's PDF writer prints them: fixed point with at most `decimals`
/// digits after the point, trailing zeros and a bare point left out, `-0` as `0`. Written from
/// integers, so the bytes do not depend on the locale or the C library.
enum PDFNumber {
    private static let powers: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]

    /// Appends `value` rounded to `decimals` (0…6) digits.
    static func append(_ value: Double, decimals: Int = 3, to out: inout [UInt8]) {
        guard value.isFinite else { out.append(UInt8(ascii: "0")); return }
        let scale = powers[max(0, min(6, decimals))]
        let scaled = (value * scale).rounded(.toNearestOrAwayFromZero)
        guard abs(scaled) < 9.0e15 else { out.append(UInt8(ascii: "0")); return }
        var n = Int64(scaled)
        if n == 0 { out.append(UInt8(ascii: "0")); return }
        if n < 0 { out.append(UInt8(ascii: "-")); n = -n }
        var fraction = decimals
        // Trailing zeros of the fraction go.
        while fraction > 0 && n % 10 == 0 { n /= 10; fraction -= 1 }
        var digits: [UInt8] = []
        var m = n
        repeat { digits.append(UInt8(ascii: "0") + UInt8(m % 10)); m /= 10 } while m > 0
        while digits.count <= fraction { digits.append(UInt8(ascii: "0")) }
        for k in stride(from: digits.count - 1, through: 0, by: -1) {
            out.append(digits[k])
            if k == fraction && k > 0 { out.append(UInt8(ascii: ".")) }
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
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while n > 0 { buffer[count] = UInt8(ascii: "0") + UInt8(n % 10); n /= 10; count += 1 }
            for k in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[k]) }
        }
    }
}
