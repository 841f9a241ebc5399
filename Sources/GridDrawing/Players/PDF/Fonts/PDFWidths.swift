/// A CIDFont's `/W` array (PDF 32000-1 §9.7.4.3): the advance of each glyph shown, in 1/1000
/// em, glyphs with consecutive ids in one `c [w1 w2 …]` group.
enum PDFWidths {
    /// `widths` by glyph id (the CID, Identity).
    static func array(_ widths: [UInt32: Int]) -> String {
        var out = "["
        var last: UInt32?
        for glyph in widths.keys.sorted() {
            if let last, glyph == last + 1 {
                out += " \(widths[glyph]!)"
            } else {
                if last != nil { out += "] " }
                out += "\(glyph) [\(widths[glyph]!)"
            }
            last = glyph
        }
        if last != nil { out += "]" }
        return out + "]"
    }

    /// Font units to 1/1000 em, truncated as Cairo 1.16's PDF writer does (`(long)` of the
    /// scaled advance), so a writer that positions glyphs as Cairo does gets Cairo's places.
    static func thousandths(_ units: Int32, unitsPerEm: Int) -> Int {
        Int((Double(units) * 1000 / Double(max(1, unitsPerEm))).rounded(.towardZero))
    }
}
