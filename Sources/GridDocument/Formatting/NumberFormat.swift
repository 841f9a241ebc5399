/// How a column shows numbers: `{"number": {"decimals": 2, "grouping": true}}` in a document.
///
/// Locale-independent on purpose: rendered images must be identical on every machine, so the
/// output never depends on the process locale (`.` decimal separator, `,` thousands separator).
///
/// Rounding works on the shortest decimal representation of the value (the digits Swift prints
/// for it), not on its binary expansion, and rounds half away from zero. So 2.675 (stored as
/// 2.67499999…) shows as "2.68" with two decimals, and 0.059 as a percent is exactly "5.9%":
/// what a person reading the source data expects, and what spreadsheets show.
public struct NumberFormat: Sendable, Hashable {
    /// Digits after the decimal point; nil = as many as the value needs (1.5 → "1.5", 2.0 → "2").
    /// Negative values are treated as 0.
    package var decimals: Int?
    /// Thousands separators in the integer part: 1234567 → "1,234,567".
    package var grouping: Bool
    /// Multiply by 100 and append `%` (before `suffix`).
    package var percent: Bool
    /// Text before the number, after the minus sign: "$" gives "-$1,234.50".
    package var prefix: String
    /// Text after the number (and after `%`): " €" gives "12.50 €".
    package var suffix: String

    /// How the number is written: plain digits, `1.23 × 10⁴`, or `1.2K` / `3.4M` / `5.6B` / `7.8T`.
    package var notation: Notation = .standard
    /// `-1,234` or `(1,234)` (accounting).
    package var negative: Negative = .minus
    /// The value is multiplied by this before anything else (100: percent from fractions).
    package var scale: Double = 1
    /// Between the integer part and the fraction.
    package var decimalSeparator: String = "."
    /// Between groups of three digits when `grouping` is on.
    package var groupSeparator: String = ","

    public enum Notation: String, Sendable, Hashable, CaseIterable { case standard, scientific, compact }
    public enum Negative: String, Sendable, Hashable, CaseIterable { case minus, parentheses }

    package init(decimals: Int? = nil, grouping: Bool = false, percent: Bool = false, prefix: String = "", suffix: String = "") {
        self.decimals = decimals; self.grouping = grouping; self.percent = percent
        self.prefix = prefix; self.suffix = suffix
    }

    /// True when only the original five options are in use: `format` then takes its one-pass path.
    var isPlainStyle: Bool {
        notation == .standard && negative == .minus && scale == 1 && decimalSeparator == "." && groupSeparator == ","
    }

    /// Shortest representation, no grouping: what a number without a `format` shows.
    package static let plain = NumberFormat()

    /// Formats `value`. NaN is "NaN" and infinities are "∞" / "-∞", without prefix, suffix
    /// or `%`, since "$∞" or "∞%" would suggest a meaning the value does not have.
    /// A value that rounds to zero shows without a minus sign ("0.00", never "-0.00").
    package func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-∞" : "∞" }
        if !isPlainStyle { return formatStyled(value) }
        // Digits live in a small stack buffer and the result is written in one pass: this runs
        // for every numeric cell of a 100,000-row table, so it avoids intermediate strings.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            var number = DecimalDigits(value.magnitude, storage: buffer.baseAddress!)
            if percent { number.exponent += 2 }
            let places = decimals.map { max(0, $0) }
            if let places { number.round(toDecimals: places) }
            let negative = value < 0 && number.count > 0
            if places == nil, number.count > 0, number.exponent > 21 || number.exponent <= -6 {
                return (negative ? "-" : "") + prefix + number.scientific() + (percent ? "%" : "") + suffix
            }
            return number.fixed(decimals: places, grouping: grouping, negative: negative,
                                prefix: prefix, suffix: percent ? "%" + suffix : suffix)
        }
    }

    /// The value of plain numeric text, or nil: an optional sign, digits with an optional
    /// decimal point, and an optional exponent (`-12.5`, `+3`, `.5`, `1e3`, `0.059`),
    /// surrounded by optional spaces or tabs. Everything else is not a number, including ``,
    /// `12abc`, dates (`2011-02-27`), grouped numbers (`1,234`, ambiguous between locales),
    /// `nan`, `inf`, hex, which `Double(_:)` alone would accept, and text out of `Double`'s range (`1e999`).
    /// Used to infer numeric columns (right-aligned) from CSV text.
    package static func parseNumber(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { bytes -> Double? in
            var start = 0, end = bytes.count
            while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            var i = start
            func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
            if i < end, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
            var mantissaDigits = 0
            while i < end, isDigit(bytes[i]) { i += 1; mantissaDigits += 1 }
            if i < end, bytes[i] == UInt8(ascii: ".") {
                i += 1
                while i < end, isDigit(bytes[i]) { i += 1; mantissaDigits += 1 }
            }
            guard mantissaDigits > 0 else { return nil }
            if i < end, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
                i += 1
                if i < end, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
                var exponentDigits = 0
                while i < end, isDigit(bytes[i]) { i += 1; exponentDigits += 1 }
                guard exponentDigits > 0 else { return nil }
            }
            guard i == end else { return nil }
            // "1e999" is numeric text whose value a Double cannot hold: not a number here, so it
            // is shown as written instead of as "∞".
            return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                .flatMap { $0.isFinite ? $0 : nil }
        }
    }
}

/// A non-negative decimal number as digits: value = 0.d₁d₂d₃… × 10^exponent, the digits
/// (values 0…9) in caller-provided storage of at least 32 bytes.
/// No leading or trailing zero digits; zero has no digits.
struct DecimalDigits {
    let digits: UnsafeMutablePointer<UInt8>
    var count = 0
    var exponent = 0

    /// The shortest round-tripping digits of a finite, non-negative value.
    init(_ value: Double, storage: UnsafeMutablePointer<UInt8>) {
        digits = storage
        // `description` is locale-independent and shortest round-trip: "1.5", "1e-05", "1.2e+20";
        // at most 17 significant digits and short enough to stay in a small (inline) string.
        var text = value.description
        var pointPosition: Int? = nil
        var exponent = 0
        var count = 0
        text.withUTF8 { bytes in
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                i += 1
                if b == UInt8(ascii: ".") {
                    pointPosition = count
                } else if b == UInt8(ascii: "e") || b == UInt8(ascii: "E") {
                    var sign = 1
                    while i < bytes.count {
                        let e = bytes[i]
                        i += 1
                        if e == UInt8(ascii: "-") { sign = -1 } else if e != UInt8(ascii: "+") { exponent = exponent * 10 + Int(e &- 0x30) }
                    }
                    exponent *= sign
                } else if count < 32 {
                    storage[count] = b &- 0x30
                    count += 1
                }
            }
        }
        var position = (pointPosition ?? count) + exponent
        var leading = 0
        while leading < count, storage[leading] == 0 { leading += 1 }
        if leading > 0 {
            for k in leading..<count { storage[k - leading] = storage[k] }
            count -= leading
            position -= leading
        }
        while count > 0, storage[count - 1] == 0 { count -= 1 }
        self.count = count
        self.exponent = count == 0 ? 0 : position
    }

    /// Rounds half away from zero to `places` digits after the decimal point.
    mutating func round(toDecimals places: Int) {
        let keep = exponent + places
        guard keep < count else { return }
        guard keep >= 0 else { count = 0; exponent = 0; return }
        let roundUp = digits[keep] >= 5
        count = keep
        if roundUp {
            var j = keep - 1
            while j >= 0, digits[j] == 9 { j -= 1 }
            if j < 0 {
                // All kept digits were 9 (or none were kept): the result is 1 × 10^exponent.
                digits[0] = 1; count = 1; exponent += 1
            } else {
                digits[j] += 1
                count = j + 1          // the 9s after j became trailing zeros
            }
        }
        while count > 0, digits[count - 1] == 0 { count -= 1 }
        if count == 0 { exponent = 0 }
    }

    /// The digit worth 10^power (0 outside the stored digits).
    @inline(__always) func digit(power: Int) -> UInt8 {
        let j = exponent - 1 - power
        return j >= 0 && j < count ? digits[j] : 0
    }

    /// Plain notation in one pass: sign, prefix, integer part (grouped), fraction, suffix.
    /// `decimals` nil = all digits, else exactly that many (zero-padded).
    func fixed(decimals: Int?, grouping: Bool, negative: Bool, prefix: String, suffix: String) -> String {
        let integerLength = max(exponent, 1)
        let separators = grouping ? (integerLength - 1) / 3 : 0
        let fractionLength = decimals ?? max(0, count - exponent)
        let total = (negative ? 1 : 0) + prefix.utf8.count + integerLength + separators
            + (fractionLength > 0 ? 1 + fractionLength : 0) + suffix.utf8.count
        return String(unsafeUninitializedCapacity: total) { out in
            var o = 0
            if negative { out[o] = UInt8(ascii: "-"); o += 1 }
            for b in prefix.utf8 { out[o] = b; o += 1 }
            var power = integerLength - 1
            while power >= 0 {
                out[o] = 0x30 + digit(power: power); o += 1
                if grouping, power > 0, power % 3 == 0 { out[o] = UInt8(ascii: ","); o += 1 }
                power -= 1
            }
            if fractionLength > 0 {
                out[o] = UInt8(ascii: "."); o += 1
                for f in 1...fractionLength { out[o] = 0x30 + digit(power: -f); o += 1 }
            }
            for b in suffix.utf8 { out[o] = b; o += 1 }
            return o
        }
    }

    /// `d.ddde+N` / `de-N`, as JavaScript prints very large and very small numbers.
    func scientific() -> String {
        var out = String(Character(Unicode.Scalar(digits[0] + 0x30)))
        if count > 1 {
            out += "."
            for k in 1..<count { out.append(Character(Unicode.Scalar(digits[k] + 0x30))) }
        }
        let e = exponent - 1
        return out + (e < 0 ? "e-\(-e)" : "e+\(e)")
    }
}
