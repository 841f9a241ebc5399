import Testing
@testable import GridDrawing

/// `PDFNumber.append(_: Double, decimals:)` and `appendHex`, which print every coordinate,
/// adjustment and glyph code of a page: generated values of every magnitude and sign, at every
/// number of decimals, print as a plain reference printer (digits from the rounded integer,
/// one at a time) does, and as Swift's description of the rounded value reads back.
struct PDFNumberDecimalTests {
    /// The printer as first written (an array of digits, least significant first).
    static func reference(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        let places = max(0, min(6, decimals))
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (value * scale).rounded(.toNearestOrAwayFromZero)
        guard abs(scaled) < 9.0e15 else { return "0" }
        var n = Int64(scaled)
        if n == 0 { return "0" }
        var out = ""
        if n < 0 { out = "-"; n = -n }
        var fraction = places
        while fraction > 0 && n % 10 == 0 { n /= 10; fraction -= 1 }
        var digits: [Character] = []
        var m = n
        repeat { digits.append(Character(String(m % 10))); m /= 10 } while m > 0
        while digits.count <= fraction { digits.append("0") }
        for k in stride(from: digits.count - 1, through: 0, by: -1) {
            out.append(digits[k])
            if k == fraction && k > 0 { out.append(".") }
        }
        return out
    }

    static let values: [Double] = {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1, -1, 0.0005, -0.0005, 0.0004999, 9.9995, 595.28125, 841.889764,
                                1e-7, 123_456_789.123456, 8.99e12, 9.1e15, -9.1e15, .infinity, -.infinity, .nan, 0.1 + 0.2]
        var random = WriterTestRandom(seed: 28)
        for _ in 0..<5_000 {
            let bits = random.next()
            let magnitude = Double(bits % 1_000_000_007) / Double(1 << (bits >> 59))
            let exponent = Double((bits >> 32) % 13) - 6
            values.append((bits & 1 == 0 ? 1 : -1) * magnitude * pow10(exponent))
        }
        return values
    }()

    static func pow10(_ e: Double) -> Double {
        var p = 1.0
        for _ in 0..<Int(abs(e)) { p *= 10 }
        return e < 0 ? 1 / p : p
    }

    @Test(arguments: 0...7)
    func decimalsPrintAsTheReference(decimals: Int) {
        for value in PDFNumberDecimalTests.values {
            var out: [UInt8] = [0x41]
            PDFNumber.append(value, decimals: decimals, to: &out)
            let printed = String(decoding: out.dropFirst(), as: UTF8.self)
            #expect(printed == PDFNumberDecimalTests.reference(value, decimals: decimals), "\(value) at \(decimals)")
            #expect(out.first == 0x41, "appends after what is there")
            // What a reader parses is the value rounded to the places printed.
            if value.isFinite, abs(value) < 1e9, let read = Double(printed) {
                #expect(abs(read - value) <= 0.5 * PDFNumberDecimalTests.pow10(-Double(min(6, decimals))) * (1 + 1e-9) + abs(value) * 1e-15,
                        "\(value) at \(decimals): \(printed)")
            }
        }
    }

    @Test func glyphCodesAreFourUppercaseHexDigits() {
        for id in [UInt32(0), 1, 0x4C, 0xABCD, 0xFFFF] + (0..<2_000).map({ UInt32($0 * 37 % 65_536) }) {
            var out: [UInt8] = [0x3C]
            PDFNumber.appendHex(id, to: &out)
            let hex = String(id, radix: 16, uppercase: true)
            #expect(String(decoding: out, as: UTF8.self) == "<" + String(repeating: "0", count: 4 - hex.count) + hex)
        }
    }
}
