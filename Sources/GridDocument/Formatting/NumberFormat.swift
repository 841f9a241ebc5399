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
    public var decimals: Int?
    /// Thousands separators in the integer part: 1234567 → "1,234,567".
    public var grouping: Bool
    /// Multiply by 100 and append `%` (before `suffix`).
    public var percent: Bool
    /// Text before the number, after the minus sign: "$" gives "-$1,234.50".
    public var prefix: String
    /// Text after the number (and after `%`): " €" gives "12.50 €".
    public var suffix: String

    public init(decimals: Int? = nil, grouping: Bool = false, percent: Bool = false, prefix: String = "", suffix: String = "") {
        self.decimals = decimals; self.grouping = grouping; self.percent = percent
        self.prefix = prefix; self.suffix = suffix
    }

    /// Shortest representation, no grouping: what a number without a `format` shows.
    public static let plain = NumberFormat()

    /// Formats `value`. NaN is "NaN" and infinities are "∞" / "-∞", without prefix, suffix
    /// or `%`, since "$∞" or "∞%" would suggest a meaning the value does not have.
    /// A value that rounds to zero shows without a minus sign ("0.00", never "-0.00").
    public func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-∞" : "∞" }
        var number = DecimalDigits(value.magnitude)
        if percent { number.exponent += 2 }
        let places = decimals.map { max(0, $0) }
        if let places { number.round(toDecimals: places) }
        var body: String
        if places == nil, !number.digits.isEmpty, number.exponent > 21 || number.exponent <= -6 {
            body = number.scientific()
        } else {
            body = number.fixed(decimals: places, grouping: grouping)
        }
        if percent { body += "%" }
        let negative = value < 0 && !number.digits.isEmpty
        return (negative ? "-" : "") + prefix + body + suffix
    }

    /// The value of plain numeric text, or nil: an optional sign, digits with an optional
    /// decimal point, and an optional exponent (`-12.5`, `+3`, `.5`, `1e3`, `0.059`),
    /// surrounded by optional spaces or tabs. Everything else is not a number, including ``,
    /// `12abc`, dates (`2011-02-27`), grouped numbers (`1,234`, ambiguous between locales),
    /// `nan`, `inf` and hex, which `Double(_:)` alone would accept.
    /// Used to infer numeric columns (right-aligned) from CSV text.
    public static func parseNumber(_ text: String) -> Double? {
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
            return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
        }
    }
}

/// A non-negative decimal number as digits: value = 0.d₁d₂d₃… × 10^exponent.
/// No leading or trailing zero digits; zero has no digits.
struct DecimalDigits {
    var digits: [UInt8]
    var exponent: Int

    /// The shortest round-tripping digits of a finite, non-negative value.
    init(_ value: Double) {
        // `description` is locale-independent and shortest round-trip: "1.5", "1e-05", "1.2e+20".
        let text = value.description.utf8
        var digits: [UInt8] = []
        digits.reserveCapacity(20)
        var pointPosition: Int? = nil
        var exponent = 0
        var iterator = text.makeIterator()
        while let b = iterator.next() {
            if b == UInt8(ascii: ".") {
                pointPosition = digits.count
            } else if b == UInt8(ascii: "e") || b == UInt8(ascii: "E") {
                var sign = 1
                while let e = iterator.next() {
                    if e == UInt8(ascii: "-") { sign = -1 } else if e != UInt8(ascii: "+") {
                        exponent = exponent * 10 + Int(e - 0x30)
                    }
                }
                exponent *= sign
            } else {
                digits.append(b - 0x30)
            }
        }
        var position = (pointPosition ?? digits.count) + exponent
        let leading = digits.firstIndex(where: { $0 != 0 }) ?? digits.count
        digits.removeFirst(leading)
        position -= leading
        while digits.last == 0 { digits.removeLast() }
        self.digits = digits
        self.exponent = digits.isEmpty ? 0 : position
    }

    /// Rounds half away from zero to `places` digits after the decimal point.
    mutating func round(toDecimals places: Int) {
        let keep = exponent + places
        guard keep < digits.count else { return }
        guard keep >= 0 else { digits = []; exponent = 0; return }
        let roundUp = digits[keep] >= 5
        digits.removeSubrange(keep...)
        if roundUp {
            var j = keep - 1
            while j >= 0, digits[j] == 9 { digits[j] = 0; j -= 1 }
            if j < 0 { digits.insert(1, at: 0); exponent += 1 } else { digits[j] += 1 }
        }
        while digits.last == 0 { digits.removeLast() }
        if digits.isEmpty { exponent = 0 }
    }

    /// Plain notation; `decimals` nil = all digits, else exactly that many (zero-padded).
    func fixed(decimals: Int?, grouping: Bool) -> String {
        var integer: [UInt8] = []
        if exponent > 0 {
            integer = Array(digits.prefix(exponent))
            integer += [UInt8](repeating: 0, count: max(0, exponent - digits.count))
        }
        if integer.isEmpty { integer = [0] }
        var fraction = [UInt8](repeating: 0, count: max(0, -exponent))
        if digits.count > max(exponent, 0) { fraction += digits[max(exponent, 0)...] }
        if let decimals {
            if fraction.count < decimals { fraction += [UInt8](repeating: 0, count: decimals - fraction.count) }
        }
        var out: [UInt8] = []
        out.reserveCapacity(integer.count + integer.count / 3 + fraction.count + 1)
        for (k, d) in integer.enumerated() {
            if grouping, k > 0, (integer.count - k) % 3 == 0 { out.append(UInt8(ascii: ",")) }
            out.append(d + 0x30)
        }
        if !fraction.isEmpty {
            out.append(UInt8(ascii: "."))
            for d in fraction { out.append(d + 0x30) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `d.ddde+N` / `de-N`, as JavaScript prints very large and very small numbers.
    func scientific() -> String {
        var out = String(Character(Unicode.Scalar(digits[0] + 0x30)))
        if digits.count > 1 {
            out += "." + String(decoding: digits.dropFirst().map { $0 + 0x30 }, as: UTF8.self)
        }
        let e = exponent - 1
        return out + (e < 0 ? "e-\(-e)" : "e+\(e)")
    }
}
