import Testing
@testable import GridDocument

/// The PNG chunk check's CRC-32 (zlib's) against known values, at every length and offset of a
/// slice, so both the word-at-a-time steps and the tail are exercised.
@Suite struct FileIOCRCTests {
    /// The plain bitwise CRC-32 (reflected, polynomial 0xEDB88320), the reference.
    static func bitwise(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xFFFF_FFFF
    }

    @Test func knownValues() {
        #expect(FileIO.crc32(Array("123456789".utf8)[...]) == 0xCBF4_3926)
        #expect(FileIO.crc32(Array("The quick brown fox jumps over the lazy dog".utf8)[...]) == 0x414F_A339)
        #expect(FileIO.crc32([][...]) == 0)
    }

    @Test func everyLengthAndOffset() {
        let bytes = (0..<100).map { UInt8(truncatingIfNeeded: $0 * 73 + 11) }
        for start in 0..<9 {
            for end in start...bytes.count {
                #expect(FileIO.crc32(bytes[start..<end]) == Self.bitwise(bytes[start..<end]))
            }
        }
    }
}
