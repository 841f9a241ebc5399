/// Two 64-bit FNV-1a hashes of the bytes written (different offsets): the file's `/ID`, the
/// same for the same bytes. The writer hashes the file segment by segment (`PDFFileSegment`,
/// each hashed on the lane that made it) and adds each segment's hash in file order
/// (`add(_: PDFHash)`), so the `/ID` is a digest of the bytes made with no serial pass over them.
struct PDFHash: Sendable {
    private var a: UInt64 = 0xcbf2_9ce4_8422_2325
    private var b: UInt64 = 0x6c62_272e_07bb_0142

    mutating func add(_ bytes: [UInt8]) {
        var a = self.a, b = self.b
        for byte in bytes {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        self.a = a
        self.b = b
    }

    /// Adds another hash's two values (a segment's, in file order) as 16 bytes.
    mutating func add(_ other: PDFHash) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        for v in [other.a, other.b] { for k in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: v >> UInt64(k))) } }
        add(bytes)
    }

    var hex: String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for v in [a, b] { for k in stride(from: 60, through: 0, by: -4) { out.append(digits[Int((v >> UInt64(k)) & 0xF)]) } }
        return String(decoding: out, as: UTF8.self)
    }
}
