import CFontSubset

/// Splits the text of one shaped cluster over its glyphs, for a ToUnicode CMap, which maps
/// each glyph id to one text for the whole document. Giving a cluster's whole text to its first
/// glyph goes wrong when that glyph is shared: in Devanagari "त्रि" and "हि" both start with
/// the reordered vowel sign ि, which would copy as "त्रि" in both. So each glyph that the font's
/// cmap maps to one of the cluster's characters stands for that character, and the characters
/// left (a conjunct's letters and virama, which no single glyph has in the cmap) go to the first
/// glyph the cmap does not know, else to the glyph of the character before them. A vowel sign
/// that Indic shaping moves before its consonant (ि, a contextual variant of which the cmap does
/// not know either) goes to the cluster's first glyph when that one is unknown and others are
/// too: "त्रि" shows [ि variant, त्र conjunct], neither in the cmap.
///
/// One per font; reads the font's cmap once (under Cairo's lock of the face).
final class PDFClusterText {
    /// The smallest code point the cmap maps to each glyph.
    private let codePoint: [UInt32: UInt32]

    init(font: ScaledFont) {
        var count = grfs_cmap(font.pointer, nil, nil, 0)
        var codes = [UInt32](repeating: 0, count: count), glyphs = [UInt32](repeating: 0, count: count)
        count = min(count, grfs_cmap(font.pointer, &codes, &glyphs, count))
        var map: [UInt32: UInt32] = [:]
        for i in 0..<count where map[glyphs[i]] == nil { map[glyphs[i]] = codes[i] }
        codePoint = map
    }

    /// Dependent vowels shown left of their consonant (Unicode's Indic_Positional_Category=Left).
    static let preBase: Set<UInt32> = [
        0x093F, 0x094E, 0x09BF, 0x09C7, 0x09C8, 0x0A3F, 0x0ABF, 0x0B47, 0x0BC6, 0x0BC7, 0x0BC8,
        0x0D46, 0x0D47, 0x0D48, 0x0DD9, 0x0DDA, 0x0DDB, 0x1031, 0x17C1, 0x17C2, 0x17C3,
    ]

    /// The text each of `glyphs` (one cluster, in the order shown) stands for; "" for a glyph
    /// that stands for none of it.
    func split(_ text: String, glyphs: [UInt32]) -> [String] {
        guard glyphs.count > 1 else { return glyphs.isEmpty ? [] : [text] }
        let scalars = Array(text.unicodeScalars)
        var owner = [Int?](repeating: nil, count: scalars.count)
        for (g, glyph) in glyphs.enumerated() {
            guard let c = codePoint[glyph], let i = scalars.indices.first(where: { owner[$0] == nil && scalars[$0].value == c }) else { continue }
            owner[i] = g
        }
        let unknowns = glyphs.indices.filter { g in !owner.contains(g) }
        if unknowns.count > 1, unknowns[0] == 0 {
            for i in scalars.indices where owner[i] == nil && PDFClusterText.preBase.contains(scalars[i].value) { owner[i] = 0 }
        }
        let unknown = unknowns.first { g in !owner.contains(g) }
        for i in scalars.indices where owner[i] == nil {
            owner[i] = unknown ?? (i > 0 ? owner[i - 1] : nil) ?? owner.compactMap { $0 }.first ?? 0
        }
        var out = [String](repeating: "", count: glyphs.count)
        for (i, g) in owner.enumerated() { out[g!].unicodeScalars.append(scalars[i]) }
        return out
    }
}
