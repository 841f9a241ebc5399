import Glibc

/// Numbers as Cairo's SVG writer prints them (`_cairo_dtostr`): six decimals ("%f") from 0.1 up,
/// six significant decimals below, trailing zeros and a bare point dropped, no "-0". The SVG
/// player writes coordinates with the same digits Cairo wrote, so rsvg parses the same values
/// and rasterizes the same pixels.
///
/// Coordinates are multiples of 1/1024 (Pango units) or 1/256 (Cairo's fixed point): those are
/// rounded exactly in integers; any other number goes through glibc's `vsnprintf`, as Cairo's.
enum SVGNumber {
    /// Appends `value` to `out`.
    static func append(_ value: Double, to out: inout [UInt8]) {
        // Zero (and -0) is "0", as Cairo's steps print it, without asking vsnprintf twice.
        if value == 0 { out.append(UInt8(ascii: "0")); return }
        let v = value
        let scaled = v * 1_048_576   // 2^20: exact
        if abs(v) >= 0.1, abs(v) < 67_108_864, scaled == scaled.rounded(.towardZero) {
            appendFixed(Int64(scaled), to: &out)
        } else {
            appendPrinted(v, to: &out)
        }
    }

    /// `value` as a string (tests, attributes written once).
    static func string(_ value: Double) -> String {
        var out: [UInt8] = []
        append(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `m / 2^20` rounded half to even at six decimals, as glibc's "%f" rounds an exact binary value.
    private static func appendFixed(_ m: Int64, to out: inout [UInt8]) {
        let n = UInt64(m.magnitude) * 15_625   // m · 10^6 / 2^20 = m · 15625 / 2^14
        var q = n >> 14
        let r = n & 16_383
        if r > 8_192 || (r == 8_192 && q & 1 == 1) { q += 1 }
        if m < 0 && q != 0 { out.append(UInt8(ascii: "-")) }
        appendDecimal(q / 1_000_000, to: &out)
        var fraction = q % 1_000_000
        guard fraction != 0 else { return }
        out.append(UInt8(ascii: "."))
        var digits = 6
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        appendDigits(fraction, count: digits, to: &out)
    }

    private static func appendDecimal(_ value: UInt64, to out: inout [UInt8]) {
        if value < 10 { out.append(UInt8(ascii: "0") + UInt8(value)); return }
        var count = 1, v = value
        while v >= 10 { v /= 10; count += 1 }
        appendDigits(value, count: count, to: &out)
    }

    /// The last `count` decimal digits of `value`, zero-padded, written in place (every number
    /// of an SVG comes here: no array of its own).
    private static func appendDigits(_ value: UInt64, count: Int, to out: inout [UInt8]) {
        let start = out.count
        out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        var v = value, k = start + count - 1
        while v > 0 && k >= start { out[k] = UInt8(ascii: "0") + UInt8(v % 10); v /= 10; k -= 1 }
    }

    /// Cairo's own steps through `vsnprintf` (the "C" locale's point: gridrender never sets
    /// LC_NUMERIC).
    private static func appendPrinted(_ v: Double, to out: inout [UInt8]) {
        var text: String
        if abs(v) >= 0.1 {
            text = printed("%f", v)
        } else {
            let full = printed("%.18f", v)
            var zeros = 0
            if let point = full.firstIndex(of: ".") {
                for c in full[full.index(after: point)...] { if c == "0" { zeros += 1 } else { break } }
            }
            let decimals = zeros + 6
            text = decimals < 18 ? printed("%.\(decimals)f", v) : full
        }
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        if text == "-0" { text = "0" }
        out += Array(text.utf8)
    }

    private static func printed(_ format: String, _ v: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        let count = withVaList([v]) { vsnprintf(&buffer, buffer.count, format, $0) }
        return String(decoding: buffer.prefix(max(0, min(Int(count), buffer.count - 1))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
