/// The general path of `NumberFormat.format`: `scale`, scientific and compact notation,
/// accounting negatives and other separators. Kept apart from the one-pass default path, which
/// every numeric cell of a big plain table takes.
extension NumberFormat {
    /// Units of compact notation, one per power of 1,000.
    static let compactUnits = ["", "K", "M", "B", "T"]

    func formatStyled(_ value: Double) -> String {
        // A power-of-ten scale (and percent) moves the decimal point exactly: 0.059 × 100 is 5.9,
        // not the 5.8999999999999995 that multiplying the binary value gives.
        var scaled = value
        var shift = percent ? 2 : 0
        if let k = Self.powerOfTen(scale) { shift += k } else { scaled = value * scale }
        if scaled.isNaN { return "NaN" }
        if scaled.isInfinite { return scaled < 0 ? "-∞" : "∞" }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            var number = DecimalDigits(scaled.magnitude, storage: buffer.baseAddress!)
            if number.count > 0 { number.exponent += shift }
            var body: String
            var unit = ""
            switch notation {
            case .standard:
                let places = decimals.map { max(0, $0) }
                if let places { number.round(toDecimals: places) }
                if places == nil, number.count > 0, number.exponent > 21 || number.exponent <= -6 {
                    body = number.scientific()
                } else {
                    body = number.text(decimals: places, grouping: grouping, decimalSeparator: decimalSeparator, groupSeparator: groupSeparator)
                }
            case .compact:
                // 0.d × 10^e is at least 1,000^k when e ≥ 3k + 1.
                var k = 0
                while k < Self.compactUnits.count - 1, number.count > 0, number.exponent >= 3 * (k + 1) + 1 { k += 1 }
                number.exponent -= 3 * k
                let places = max(0, decimals ?? 1)
                number.round(toDecimals: places)
                if k < Self.compactUnits.count - 1, number.count > 0, number.exponent >= 4 {
                    // 999,950 rounds to 1000.0K: that is 1M.
                    number.exponent -= 3; k += 1
                    number.round(toDecimals: places)
                }
                if number.count == 0 { k = 0 }
                unit = Self.compactUnits[k]
                body = number.text(decimals: decimals.map { max(0, $0) }, grouping: grouping,
                                   decimalSeparator: decimalSeparator, groupSeparator: groupSeparator)
            case .scientific:
                var e = 0
                if number.count > 0 {
                    e = number.exponent - 1
                    number.exponent = 1
                    if let places = decimals {
                        number.round(toDecimals: max(0, places))
                        if number.exponent == 2 { number.exponent = 1; e += 1 }   // 9.99 → 10.0
                    }
                }
                body = number.text(decimals: decimals.map { max(0, $0) }, grouping: false,
                                   decimalSeparator: decimalSeparator, groupSeparator: groupSeparator)
                if e != 0 { body += " × 10" + Self.superscript(e) }
            }
            // A value that rounds to zero has no sign: never "-0.00" or "(0.00)".
            let isNegative = value < 0 && number.count > 0
            let core = prefix + body + unit + (percent ? "%" : "") + suffix
            guard isNegative else { return core }
            return negative == .parentheses ? "(" + core + ")" : "-" + core
        }
    }

    /// k when `scale` is exactly 10^k (|k| ≤ 15), else nil.
    static func powerOfTen(_ scale: Double) -> Int? {
        guard scale > 0 else { return nil }
        var p = 1.0
        for k in 0...15 {
            if scale == p { return k }
            if scale == 1 / p { return -k }
            p *= 10
        }
        return nil
    }

    /// An exponent in superscript digits: 4 → "⁴", -12 → "⁻¹²".
    static func superscript(_ n: Int) -> String {
        let digits: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
        return (n < 0 ? "⁻" : "") + String(String(n.magnitude).map { digits[Int($0.asciiValue! - 48)] })
    }
}

extension DecimalDigits {
    /// Plain notation without sign, prefix or suffix, with the given separators.
    /// `decimals` nil = all digits, else exactly that many (zero-padded).
    func text(decimals: Int?, grouping: Bool, decimalSeparator: String, groupSeparator: String) -> String {
        let integerLength = max(exponent, 1)
        let fractionLength = decimals ?? max(0, count - exponent)
        var out = ""
        var power = integerLength - 1
        while power >= 0 {
            out.unicodeScalars.append(Unicode.Scalar(0x30 + digit(power: power)))
            if grouping, power > 0, power % 3 == 0 { out += groupSeparator }
            power -= 1
        }
        if fractionLength > 0 {
            out += decimalSeparator
            for f in 1...fractionLength { out.unicodeScalars.append(Unicode.Scalar(0x30 + digit(power: -f))) }
        }
        return out
    }
}
