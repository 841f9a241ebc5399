/// The `/ToUnicode` CMap of a Type0 font with 2-byte codes (PDF 32000-1 §9.10.3): what text each
/// glyph id stands for, so a reader can extract and search the text. A ligature's glyph maps to
/// all its characters; a glyph that stands for no text (the second glyph of a cluster, a mark
/// shown with its base) is left out.
///
/// Runs of consecutive glyph ids standing for consecutive single UTF-16 units are written as
/// `bfrange` entries (only the last byte of both may vary in one), the rest as `bfchar`, in
/// `PDFCMapFrame`'s frame.
enum PDFToUnicodeCMap {
    /// The CMap's text (the stream's data) for `text` by glyph id.
    static func cmap(_ text: [UInt32: String]) -> String {
        let units = text.compactMapValues { s -> [UInt16]? in
            let u = Array(s.utf16)
            // bfchar destinations hold at most 512 bytes.
            return u.isEmpty ? nil : Array(u.prefix(256))
        }
        let glyphs = units.keys.sorted()
        var chars: [String] = []
        var ranges: [String] = []
        var i = 0
        while i < glyphs.count {
            var j = i
            if units[glyphs[i]]!.count == 1 {
                let first = units[glyphs[i]]![0]
                while j + 1 < glyphs.count, glyphs[j + 1] == glyphs[j] + 1, glyphs[j + 1] >> 8 == glyphs[i] >> 8,
                      let next = units[glyphs[j + 1]], next.count == 1, next[0] == first &+ UInt16(j + 1 - i),
                      next[0] >> 8 == first >> 8 {
                    j += 1
                }
            }
            if j > i {
                ranges.append("<\(hex(UInt16(glyphs[i])))> <\(hex(UInt16(glyphs[j])))> <\(hex(units[glyphs[i]]![0]))>")
            } else {
                chars.append("<\(hex(UInt16(glyphs[i])))> <\(units[glyphs[i]]!.map(hex).joined())>")
            }
            i = j + 1
        }
        return PDFCMapFrame.cmap(resourceComment: false, ordering: "UCS", name: "Adobe-Identity-UCS", type: 2,
                                 body: [.init(kind: "bfchar", lines: chars), .init(kind: "bfrange", lines: ranges)])
    }

    private static func hex(_ v: UInt16) -> String { PDFCMapFrame.hex(UInt32(v)) }
}
