import Testing
@testable import GridDocument

/// `notation`, `negative`, `scale` and the separators of `format.number`.
@Suite struct NumberNotationTests {
    func format(_ v: Double, _ configure: (inout NumberFormat) -> Void) -> String {
        var f = NumberFormat()
        configure(&f)
        return f.format(v)
    }

    @Test func compactNotation() {
        let compact: (inout NumberFormat) -> Void = { $0.notation = .compact }
        #expect(format(1234, compact) == "1.2K")
        #expect(format(3_400_000, compact) == "3.4M")
        #expect(format(5_600_000_000, compact) == "5.6B")
        #expect(format(7.8e12, compact) == "7.8T")
        #expect(format(7.8e15, compact) == "7800T")
        #expect(format(1000, compact) == "1K")
        #expect(format(999, compact) == "999")
        #expect(format(123.456, compact) == "123.5")
        #expect(format(999_950, compact) == "1M")       // 1000.0K moves up a unit
        #expect(format(-2500, compact) == "-2.5K")
        #expect(format(0, compact) == "0")
        #expect(format(1234, { $0.notation = .compact; $0.decimals = 2 }) == "1.23K")
        #expect(format(1000, { $0.notation = .compact; $0.decimals = 2 }) == "1.00K")
        #expect(format(1234, { $0.notation = .compact; $0.prefix = "$" }) == "$1.2K")
    }

    @Test func scientificNotation() {
        let sci: (inout NumberFormat) -> Void = { $0.notation = .scientific }
        #expect(format(12345, sci) == "1.2345 × 10⁴")
        #expect(format(0.00015, sci) == "1.5 × 10⁻⁴")
        #expect(format(2.5, sci) == "2.5")
        #expect(format(0, sci) == "0")
        #expect(format(-12345, { $0.notation = .scientific; $0.decimals = 2 }) == "-1.23 × 10⁴")
        #expect(format(9.996e5, { $0.notation = .scientific; $0.decimals = 2 }) == "1.00 × 10⁶")
    }

    @Test func accountingNegatives() {
        let acct: (inout NumberFormat) -> Void = { $0.negative = .parentheses; $0.decimals = 2; $0.grouping = true; $0.prefix = "$" }
        #expect(format(-1234.5, acct) == "($1,234.50)")
        #expect(format(1234.5, acct) == "$1,234.50")
        #expect(format(-0.0, acct) == "$0.00")            // negative zero has no sign
        #expect(format(-0.001, acct) == "$0.00")          // nor does a value that rounds to zero
        #expect(format(-0.0, { $0.decimals = 1 }) == "0.0")
        #expect(format(.nan, acct) == "NaN")
        #expect(format(-.infinity, acct) == "-∞")
    }

    @Test func scaleAndSeparators() {
        #expect(format(0.059, { $0.scale = 100; $0.suffix = "%" }) == "5.9%")      // exact: a power of ten moves the point
        #expect(format(0.1234, { $0.scale = 100; $0.decimals = 1 }) == "12.3")
        #expect(format(1.5, { $0.scale = 0.001 }) == "0.0015")
        #expect(format(2, { $0.scale = 2.5 }) == "5")
        let european: (inout NumberFormat) -> Void = { $0.decimalSeparator = ","; $0.groupSeparator = "."; $0.grouping = true; $0.decimals = 2 }
        #expect(format(1234567.891, european) == "1.234.567,89")
        #expect(format(-1234.5, { $0.groupSeparator = " "; $0.grouping = true }) == "-1 234.5")
        #expect(format(1234.5, { $0.groupSeparator = "'"; $0.grouping = true; $0.notation = .standard; $0.negative = .parentheses }) == "1'234.5")
    }

    @Test func specCarriesEveryOption() {
        var spec = NumberFormatSpec(decimals: 1)
        spec.notation = .compact; spec.negative = .parentheses; spec.scale = 1000
        #expect(spec.numberFormat.format(-4.56) == "(4.6K)")
    }
}
