import CFastFormat
import Foundation
import Testing

/// `CFastFormat` writes Cairo's "%f" and "%d" itself; it must write exactly what glibc writes,
/// for every double (ties rounded half to even on the exact value, negative zero, subnormals,
/// huge values handed back) and every int, and keep `snprintf`'s truncation rules.
@Suite struct FastFormatTests {
    /// The text before the first NUL.
    func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func glibc(_ format: String, _ arguments: CVarArg...) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
        return text(buffer)
    }

    func fast(_ value: Double) -> String? {
        var buffer = [CChar](repeating: 0, count: 32)
        return grfmt_fixed6(&buffer, value) < 0 ? nil : text(buffer)
    }

    func check(_ value: Double) {
        if let mine = fast(value) {
            #expect(mine == glibc("%f", value), "value \(value.bitPattern)")
        } else {
            #expect(!value.isFinite || abs(value) >= 0x1p62, "handed back \(value)")
        }
    }

    @Test func edgeValues() {
        let values: [Double] = [0, -0.0, 1, -1, 0.1, -0.1, 1e-6, 5e-7, 4.9999999e-7, -5e-7, 1e-7, -1e-7, 0.5, 1.5, 2.5,
                                123.4567895, 999999.9999995, 0x1p-1074, -0x1p-1074, 0x1p-1022, 1e-300, 0x1p52, 0x1p53 + 2,
                                0x1p62, -0x1p62, 0x1p63, 0x1p64, 1e300, .infinity, -.infinity, .nan, Double.greatestFiniteMagnitude]
        values.forEach(check)
    }

    /// Exact ties at the sixth decimal: k/2^7 … k/2^26 and large multiples of 2^-7.
    @Test func tiesRoundHalfToEven() {
        for shift in 7...26 {
            for k in stride(from: 1, to: 4000, by: 1) {
                let value = Double(k) / Double(1 << shift)
                check(value)
                check(-value)
                check(value + Double(k) * 1024)
            }
        }
    }

    @Test func randomValuesOverEveryMagnitude() {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt64 {
            seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17
            return seed
        }
        for _ in 0..<300_000 {
            // Any bit pattern (all exponents), and coordinates as Cairo prints them.
            check(Double(bitPattern: next()))
            let coordinate = Double(Int64(bitPattern: next()) % 100_000_000) / Double(1 << (next() % 24))
            check(coordinate)
        }
    }

    @Test func integers() {
        var buffer = [CChar](repeating: 0, count: 16)
        let values: [Int32] = [0, 1, -1, 9, 10, 99, 100, -100, .max, .min, 123_456_789] + (0..<10_000).map { Int32($0 &* 104_729 &- 50_000_000) }
        for value in values {
            _ = grfmt_int(&buffer, value)
            #expect(text(buffer) == glibc("%d", value))
        }
    }

    /// Through the `__snprintf_chk` that Cairo calls: same text and return value as glibc, also
    /// when the buffer is too small (truncated, NUL-terminated, full length returned).
    @Test func snprintfChkKeepsTruncationRules() {
        for maxlen in [0, 1, 4, 8, 32] {
            var mine = [CChar](repeating: 0x55, count: 40), theirs = [CChar](repeating: 0x55, count: 40)
            let n = grfmt_snprintf_chk_f(&mine, maxlen, -1234.5678)
            let m = withVaList([-1234.5678]) { vsnprintf(&theirs, maxlen, "%f", $0) }
            #expect(n == m && mine == theirs, "maxlen \(maxlen)")
            mine = [CChar](repeating: 0x55, count: 40); theirs = mine
            let d = grfmt_snprintf_chk_d(&mine, maxlen, -98765)
            let e = withVaList([Int32(-98765)]) { vsnprintf(&theirs, maxlen, "%d", $0) }
            #expect(d == e && mine == theirs, "maxlen \(maxlen)")
        }
    }
}
