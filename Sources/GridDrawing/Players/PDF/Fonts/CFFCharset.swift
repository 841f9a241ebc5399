/// The CID of every glyph of a CFF font program (its charset, CFF spec §13), for a PDF that
/// shows the glyphs of a `CIDFontType0C` by CID: a CID-keyed font (Noto Sans CJK) maps CIDs to
/// glyphs through its charset, and HarfBuzz keeps the original CIDs when it renumbers a subset's
/// glyphs. A font that is not CID-keyed is shown by glyph number (its CIDs are its glyph ids).
struct CFFCharset: Equatable {
    /// `cids[g]`: the CID of glyph `g` (`g` for a font that is not CID-keyed).
    var cids: [UInt32]
    var cidKeyed: Bool

    /// nil when `cff` is not a CFF font program this reads (then the font is not embedded).
    init?(_ cff: [UInt8]) {
        guard cff.count > 4 else { return nil }
        var at = Int(cff[2])
        guard CFFCharset.skipIndex(cff, &at), let top = CFFCharset.firstOfIndex(cff, at: at),
              let dict = CFFCharset.dict(cff, top) else { return nil }
        guard let charStrings = dict[17]?.first, var countAt = Optional(Int(charStrings)), countAt + 2 <= cff.count else { return nil }
        let glyphs = Int(CFFCharset.card16(cff, &countAt))
        cidKeyed = dict[1230] != nil
        guard cidKeyed else { cids = (0..<glyphs).map(UInt32.init); return }
        guard let charset = dict[15]?.first, charset > 2, Int(charset) < cff.count else { return nil }
        var p = Int(charset)
        var cids: [UInt32] = [0]
        let format = cff[p]
        p += 1
        while cids.count < glyphs {
            guard p + 2 <= cff.count else { return nil }
            let first = UInt32(CFFCharset.card16(cff, &p))
            if format == 0 { cids.append(first); continue }
            guard format == 1 || format == 2, p + Int(format) <= cff.count else { return nil }
            let left = format == 1 ? UInt32(cff[p]) : UInt32(CFFCharset.card16(cff, &p))
            if format == 1 { p += 1 }
            for k in 0...left where cids.count < glyphs { cids.append(first + k) }
        }
        self.cids = cids
    }

    private static func card16(_ b: [UInt8], _ at: inout Int) -> UInt16 {
        defer { at += 2 }
        return UInt16(b[at]) << 8 | UInt16(b[at + 1])
    }

    private static func offset(_ b: [UInt8], _ at: Int, size: Int) -> Int {
        (0..<size).reduce(0) { $0 << 8 | Int(b[at + $1]) }
    }

    /// Moves `at` past the INDEX there.
    private static func skipIndex(_ b: [UInt8], _ at: inout Int) -> Bool {
        guard at + 2 <= b.count else { return false }
        let count = Int(card16(b, &at))
        if count == 0 { return true }
        guard at < b.count else { return false }
        let size = Int(b[at])
        guard (1...4).contains(size), at + 1 + (count + 1) * size <= b.count else { return false }
        let last = offset(b, at + 1 + count * size, size: size)
        at += 1 + (count + 1) * size + last - 1
        return at <= b.count
    }

    /// The bytes of the first item of the INDEX at `at` (count, offset size, count + 1
    /// offsets counted from 1 before the data, the data).
    private static func firstOfIndex(_ b: [UInt8], at: Int) -> Range<Int>? {
        guard at + 3 <= b.count else { return nil }
        let count = Int(UInt16(b[at]) << 8 | UInt16(b[at + 1])), size = Int(b[at + 2])
        guard count > 0, (1...4).contains(size), at + 3 + (count + 1) * size <= b.count else { return nil }
        let dataStart = at + 3 + (count + 1) * size - 1
        let start = dataStart + offset(b, at + 3, size: size), end = dataStart + offset(b, at + 3 + size, size: size)
        guard start <= end, end <= b.count else { return nil }
        return start..<end
    }

    /// The operands of each operator of a DICT (two-byte operators as 1200 + second byte).
    private static func dict(_ b: [UInt8], _ range: Range<Int>) -> [Int: [Double]]? {
        var out: [Int: [Double]] = [:], operands: [Double] = []
        var p = range.lowerBound
        while p < range.upperBound {
            let b0 = Int(b[p])
            switch b0 {
            case 32...246: operands.append(Double(b0 - 139)); p += 1
            case 247...250: guard p + 1 < range.upperBound else { return nil }
                operands.append(Double((b0 - 247) * 256 + Int(b[p + 1]) + 108)); p += 2
            case 251...254: guard p + 1 < range.upperBound else { return nil }
                operands.append(Double(-(b0 - 251) * 256 - Int(b[p + 1]) - 108)); p += 2
            case 28: guard p + 2 < range.upperBound else { return nil }
                operands.append(Double(Int16(bitPattern: UInt16(b[p + 1]) << 8 | UInt16(b[p + 2])))); p += 3
            case 29: guard p + 4 < range.upperBound else { return nil }
                operands.append(Double(Int32(bitPattern: (1...4).reduce(UInt32(0)) { $0 << 8 | UInt32(b[p + $1]) }))); p += 5
            case 30:
                // A real: nibbles to 0xf; its value is not needed here.
                p += 1
                while p < range.upperBound, b[p] & 0x0F != 0x0F, b[p] >> 4 != 0x0F { p += 1 }
                p += 1
                operands.append(0)
            case 12: guard p + 1 < range.upperBound else { return nil }
                out[1200 + Int(b[p + 1])] = operands; operands = []; p += 2
            case 0...21: out[b0] = operands; operands = []; p += 1
            default: return nil
            }
        }
        return out
    }
}
