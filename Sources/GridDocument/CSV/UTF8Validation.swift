/// Strict UTF-8 validation over raw bytes.
///
/// The CSV parser validates the whole input once up front so that it can then build every
/// field with the cheap non-validating `String(decoding:as:)`, and so that invalid input is
/// rejected (DESIGN §8) instead of being silently repaired with U+FFFD.
enum UTF8Validation {
    /// Offset of the first byte that is not part of a well-formed UTF-8 sequence, or nil.
    /// Rejects overlong forms, surrogates (U+D800…U+DFFF) and code points above U+10FFFF.
    static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        let n = bytes.count
        var i = start
        while i < n {
            // ASCII fast path: eight bytes at a time while none has the high bit set.
            while i + 8 <= n {
                let word = UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { break }
                i += 8
            }
            guard i < n else { return nil }
            let b0 = bytes[i]
            if b0 < 0x80 { i += 1; continue }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF   // allowed range of the second byte
            switch b0 {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0            // no overlong 3-byte forms
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F           // no surrogates
            case 0xF0: length = 4; low = 0x90            // no overlong 4-byte forms
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F           // nothing above U+10FFFF
            default: return i                             // 0x80…0xC1, 0xF5…0xFF
            }
            guard i + length <= n else { return i }
            let b1 = bytes[i + 1]
            guard b1 >= low && b1 <= high else { return i }
            var k = 2
            while k < length {
                guard bytes[i + k] & 0xC0 == 0x80 else { return i }
                k += 1
            }
            i += length
        }
        return nil
    }

    /// 1-based physical line of `offset`: LF, CR LF and a lone CR each end one line, the same
    /// rule the parser uses, so the reported line matches what an editor shows.
    static func line(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var line = 1
        var i = 0
        while i < offset {
            let b = bytes[i]
            if b == 0x0A { line += 1 } else if b == 0x0D {
                line += 1
                if i + 1 < offset, bytes[i + 1] == 0x0A { i += 1 }
            }
            i += 1
        }
        return line
    }
}
