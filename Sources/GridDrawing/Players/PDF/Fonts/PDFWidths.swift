/// A CIDFont's `/W` array (PDF 32000-1 §9.7.4.3): the advance of each glyph shown, in 1/1000
/// em with up to three decimals, glyphs with consecutive ids in one `c [w1 w2 …]` group.
///
/// Widths are kept as integers in millionths of an em (`millionths`), written as thousandths
/// with three decimals: 651 units of 2048 are 317.871 (Cairo writes 317, truncated). With the
/// advance that exact, the pen the page's `TJ` moves (`PDFPlayer.writeRun`) stays within 1/20
/// of a thousandth of Pango's places along a run, so a glyph needs no adjustment of its own: at
/// 1,000 rows 47,000 of 50,000 adjustments were truncation's (people-1000: content 1.28 →
/// 1.00 MB before compression).
enum PDFWidths {
    /// `widths` (millionths of an em) by glyph id (the CID, Identity).
    static func array(_ widths: [UInt32: Int]) -> String {
        var out: [UInt8] = [UInt8(ascii: "[")]
        var last: UInt32?
        for glyph in widths.keys.sorted() {
            if let last, glyph == last + 1 {
                out.append(UInt8(ascii: " "))
            } else {
                if last != nil { out += Array("] ".utf8) }
                PDFNumber.append(Int(glyph), to: &out)
                out += Array(" [".utf8)
            }
            PDFNumber.append(Double(widths[glyph]!) / 1000, decimals: 3, to: &out)
            last = glyph
        }
        if last != nil { out.append(UInt8(ascii: "]")) }
        return String(decoding: out + [UInt8(ascii: "]")], as: UTF8.self)
    }

    /// Font units to millionths of an em, rounded: the advance `/W` writes (as thousandths with
    /// three decimals) and the pen moves by.
    static func millionths(_ units: Int32, unitsPerEm: Int) -> Int {
        Int((Double(units) * 1_000_000 / Double(max(1, unitsPerEm))).rounded())
    }
}
