import Testing
import GridDocument

@Suite struct NumberFormatTests {
    @Test func shortestNaturalRepresentation() {
        let f = NumberFormat()
        #expect(f.format(1.5) == "1.5")
        #expect(f.format(2.0) == "2")
        #expect(f.format(0) == "0")
        #expect(f.format(-0.0) == "0")
        #expect(f.format(0.1) == "0.1")
        #expect(f.format(0.059) == "0.059")
        #expect(f.format(-12.5) == "-12.5")
        #expect(f.format(1234567.891) == "1234567.891")
        #expect(f.format(1e16) == "10000000000000000")
        #expect(f.format(0.0001) == "0.0001")
        #expect(f.format(0.000001) == "0.000001")
        #expect(NumberFormat.plain.format(42) == "42")
    }

    @Test func scientificOnlyForExtremeMagnitudes() {
        let f = NumberFormat()
        #expect(f.format(1e20) == "100000000000000000000")
        #expect(f.format(1e21) == "1e+21")
        #expect(f.format(1.5e300) == "1.5e+300")
        #expect(f.format(1e-7) == "1e-7")
        #expect(f.format(-2.5e-10) == "-2.5e-10")
        #expect(f.format(.leastNonzeroMagnitude) == "5e-324")
        // A fixed number of decimals always gives plain notation.
        #expect(NumberFormat(decimals: 2).format(1e-7) == "0.00")
        #expect(NumberFormat(decimals: 0, grouping: true).format(1e21) == "1,000,000,000,000,000,000,000")
    }

    @Test func fixedDecimalsRoundHalfAwayFromZero() {
        let two = NumberFormat(decimals: 2)
        #expect(two.format(2.675) == "2.68")      // binary 2.67499…, decimal 2.675
        #expect(two.format(1.005) == "1.01")
        #expect(two.format(-1.005) == "-1.01")
        #expect(two.format(1.004) == "1.00")
        #expect(two.format(1234.5) == "1234.50")
        #expect(two.format(0.999) == "1.00")
        #expect(two.format(99.995) == "100.00")
        #expect(two.format(-0.001) == "0.00")      // no negative zero
        #expect(two.format(-0.005) == "-0.01")
        #expect(two.format(3) == "3.00")
        let zero = NumberFormat(decimals: 0)
        #expect(zero.format(0.5) == "1")
        #expect(zero.format(1.5) == "2")
        #expect(zero.format(2.5) == "3")
        #expect(zero.format(-2.5) == "-3")
        #expect(zero.format(0.49) == "0")
        #expect(zero.format(999.5) == "1000")
        #expect(NumberFormat(decimals: 1).format(0.05) == "0.1")
        #expect(NumberFormat(decimals: 1).format(0.04) == "0.0")
        #expect(NumberFormat(decimals: 3).format(0.0005) == "0.001")
        #expect(NumberFormat(decimals: -2).format(12.6) == "13")
    }

    @Test func grouping() {
        #expect(NumberFormat(grouping: true).format(1234567.891) == "1,234,567.891")
        #expect(NumberFormat(decimals: 2, grouping: true).format(1234567.891) == "1,234,567.89")
        #expect(NumberFormat(decimals: 0, grouping: true).format(1234567.891) == "1,234,568")
        #expect(NumberFormat(grouping: true).format(999) == "999")
        #expect(NumberFormat(grouping: true).format(1000) == "1,000")
        #expect(NumberFormat(grouping: true).format(-100000) == "-100,000")
        #expect(NumberFormat(grouping: true).format(0.12345) == "0.12345")
        #expect(NumberFormat(decimals: 2, grouping: true).format(999999.999) == "1,000,000.00")
    }

    @Test func percent() {
        #expect(NumberFormat(percent: true).format(0.059) == "5.9%")
        #expect(NumberFormat(percent: true).format(1) == "100%")
        #expect(NumberFormat(decimals: 1, percent: true).format(0.899) == "89.9%")
        #expect(NumberFormat(decimals: 0, percent: true).format(0.125) == "13%")
        #expect(NumberFormat(decimals: 2, percent: true).format(-0.0005) == "-0.05%")
        #expect(NumberFormat(grouping: true, percent: true).format(12.5) == "1,250%")
    }

    @Test func prefixAndSuffix() {
        let dollars = NumberFormat(decimals: 2, grouping: true, prefix: "$")
        #expect(dollars.format(1234.5) == "$1,234.50")
        #expect(dollars.format(-1234.5) == "-$1,234.50")
        #expect(dollars.format(-0.001) == "$0.00")
        let euros = NumberFormat(decimals: 2, suffix: " €")
        #expect(euros.format(12.5) == "12.50 €")
        #expect(euros.format(-12.5) == "-12.50 €")
        #expect(NumberFormat(decimals: 1, percent: true, prefix: "≈", suffix: " p.a.").format(0.0425) == "≈4.3% p.a.")
    }

    @Test func nonFiniteValues() {
        let f = NumberFormat(decimals: 2, grouping: true, percent: true, prefix: "$", suffix: " USD")
        #expect(f.format(.nan) == "NaN")
        #expect(f.format(.infinity) == "∞")
        #expect(f.format(-.infinity) == "-∞")
        #expect(NumberFormat().format(.nan) == "NaN")
    }

    @Test func hashableAndDefaults() {
        let f = NumberFormat()
        #expect(f.decimals == nil && f.grouping == false && f.percent == false && f.prefix.isEmpty && f.suffix.isEmpty)
        #expect(NumberFormat(decimals: 2) == NumberFormat(decimals: 2))
        #expect(NumberFormat(decimals: 2) != NumberFormat(decimals: 2, grouping: true))
    }

    @Test func parseNumberAccepts() {
        #expect(NumberFormat.parseNumber("-12.5") == -12.5)
        #expect(NumberFormat.parseNumber("1e3") == 1000)
        #expect(NumberFormat.parseNumber("0.059") == 0.059)
        #expect(NumberFormat.parseNumber("42") == 42)
        #expect(NumberFormat.parseNumber("+3") == 3)
        #expect(NumberFormat.parseNumber(".5") == 0.5)
        #expect(NumberFormat.parseNumber("5.") == 5)
        #expect(NumberFormat.parseNumber("2.5E-3") == 0.0025)
        #expect(NumberFormat.parseNumber("1e+2") == 100)
        #expect(NumberFormat.parseNumber(" 7094.86 ") == 7094.86)
        #expect(NumberFormat.parseNumber("007") == 7)
        #expect(NumberFormat.parseNumber("137301.22") == 137301.22)
    }

    @Test func parseNumberRejects() {
        for text in ["", " ", "12abc", "abc", "2011-02-27", "1,234", "1.2.3", "-", "+", ".", "e3", "1e", "1e+",
                     "nan", "NaN", "inf", "-infinity", "0x1A", "1_000", "12 34", "--1", "1-", "$5", "5%", "١٢"] {
            #expect(NumberFormat.parseNumber(text) == nil, "\(text)")
        }
    }

    @Test func shortestFormRoundTrips() {
        var generator = SystemRandomNumberGenerator()
        let plain = NumberFormat(), grouped = NumberFormat(grouping: true)
        for k in 0..<5000 {
            let value: Double
            switch k % 3 {
            case 0: value = Double(bitPattern: generator.next()) // any finite bit pattern
            case 1: value = Double.random(in: -1e7...1e7)
            default: value = Double(Int.random(in: -1_000_000...1_000_000)) / 100
            }
            guard value.isFinite else { continue }
            let text = plain.format(value)
            #expect(Double(text) == value || (value == 0 && text == "0"), "\(value) → \(text)")
            let withCommas = grouped.format(value)
            #expect(withCommas.replacingOccurrences(",", "") == text)
        }
    }

    @Test func fixedDecimalsAgreeWithIntegerRounding() {
        // Cents: value = n/100 exactly in decimal, so two decimals must print n's digits.
        let two = NumberFormat(decimals: 2)
        for _ in 0..<2000 {
            let n = Int.random(in: -10_000_000...10_000_000)
            let sign = n < 0 ? "-" : ""
            let expected = sign + "\(abs(n) / 100)." + (abs(n) % 100 < 10 ? "0" : "") + "\(abs(n) % 100)"
            #expect(two.format(Double(n) / 100) == expected)
            // Half cents round away from zero.
            let half = (Double(n) + (n < 0 ? -0.5 : 0.5)) / 100
            let up = n < 0 ? n - 1 : n + 1
            let expectedUp = (up < 0 ? "-" : "") + "\(abs(up) / 100)." + (abs(up) % 100 < 10 ? "0" : "") + "\(abs(up) % 100)"
            #expect(two.format(half) == expectedUp, "\(half)")
        }
    }
}

private extension String {
    func replacingOccurrences(_ target: Character, _ replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
