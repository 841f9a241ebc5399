/// The six capital letters before a subset font's name (`ABCDEF+DejaVuSans`, PDF 32000-1
/// §9.6.4): derived from the font's name and the glyphs kept, so the same glyphs give the same
/// tag in every run and different subsets of one font in different files differ.
enum PDFSubsetTag {
    static func tag(name: String, glyphs: [UInt32]) -> String {
        // FNV-1a, 64 bits, over the name and the sorted glyph ids.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        for byte in name.utf8 { mix(byte) }
        for glyph in glyphs.sorted() {
            for shift in stride(from: 24, through: 0, by: -8) { mix(UInt8(truncatingIfNeeded: glyph >> UInt32(shift))) }
        }
        var letters: [UInt8] = []
        for _ in 0..<6 {
            letters.append(UInt8(ascii: "A") + UInt8(hash % 26))
            hash /= 26
        }
        return String(decoding: letters, as: UTF8.self)
    }
}
