/// Two 64-bit FNV-1a hashes of the bytes written (different offsets): the file's `/ID`, the
/// same for the same bytes.
struct PDFHash {
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

    var hex: String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for v in [a, b] { for k in stride(from: 60, through: 0, by: -4) { out.append(digits[Int((v >> UInt64(k)) & 0xF)]) } }
        return String(decoding: out, as: UTF8.self)
    }
}
