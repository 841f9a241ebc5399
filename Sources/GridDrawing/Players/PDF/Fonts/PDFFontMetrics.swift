import CFontSubset

/// What a PDF font descriptor says of a font file (PDF 32000-1 §9.8), read from its FreeType
/// face: values in glyph space (1/1000 em), as PDF wants them whatever the font's units.
struct PDFFontMetrics: Equatable {
    var postScriptName: String
    var flags: Int
    var bbox: (Int, Int, Int, Int)
    var ascent: Int
    var descent: Int
    var capHeight: Int
    var italicAngle: Double
    var stemV: Int
    var unitsPerEm: Int
    /// CFF outlines (an OpenType 'CFF ' table) rather than TrueType ones.
    var cff: Bool
    /// Cairo draws the face emboldened (a family without a bold face): the file's outlines
    /// grown by 1/24 em, which the player draws with a stroke.
    var emboldened: Bool
    /// Cairo slants the face itself (`CAIRO_FT_SYNTHESIZE_OBLIQUE`, which Pango never asks for:
    /// its obliques are a shear in the font matrix, which the player writes).
    var slanted: Bool

    /// The metrics of `font`'s face; nil when it is not a FreeType font.
    init?(_ font: ScaledFont) {
        var info = grfs_font_info()
        guard grfs_font_info_get(font.pointer, &info) == 0 else { return nil }
        let em = Double(max(1, info.units_per_em))
        func scaled(_ v: Int32) -> Int { Int((Double(v) * 1000 / em).rounded()) }
        postScriptName = withUnsafeBytes(of: info.name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        // Symbolic (4): glyphs are chosen by id, not by a standard encoding; then fixed pitch (1),
        // serif (2), italic (64).
        flags = 4 | (info.fixed_pitch != 0 ? 1 : 0) | (info.serif != 0 ? 2 : 0) | (info.italic != 0 ? 64 : 0)
        bbox = (scaled(info.x_min), scaled(info.y_min), scaled(info.x_max), scaled(info.y_max))
        ascent = scaled(info.ascent)
        descent = scaled(info.descent)
        capHeight = scaled(info.cap_height)
        italicAngle = info.italic_angle
        // No font file says its stem width; this common estimate from the weight class is a hint
        // readers use only to fake a missing font.
        let weight = Double(max(100, min(900, info.weight)))
        stemV = Int((10 + 220 * ((weight - 50) / 900) * ((weight - 50) / 900)).rounded())
        unitsPerEm = Int(info.units_per_em)
        cff = info.cff != 0
        emboldened = info.synthetic & 1 != 0
        slanted = info.synthetic & 2 != 0
    }

    /// The `/FontDescriptor` dictionary of the font named `name`, its file in object `fontFile`.
    func descriptor(name: String, fontFile: Int) -> String {
        // Hundredths of a degree, printed as Swift does (no locale, no exponent at this range).
        let hundredths = (italicAngle * 100).rounded()
        let angle = hundredths.truncatingRemainder(dividingBy: 100) == 0 ? String(Int(hundredths) / 100) : String(hundredths / 100)
        let file = cff ? "/FontFile3" : "/FontFile2"
        return "<< /Type /FontDescriptor /FontName /\(name) /Flags \(flags) /FontBBox [\(bbox.0) \(bbox.1) \(bbox.2) \(bbox.3)]"
            + " /ItalicAngle \(angle) /Ascent \(ascent) /Descent \(descent) /CapHeight \(capHeight) /StemV \(stemV)"
            + " \(file) \(fontFile) 0 R >>"
    }

    static func == (a: PDFFontMetrics, b: PDFFontMetrics) -> Bool {
        a.postScriptName == b.postScriptName && a.flags == b.flags && a.bbox == b.bbox && a.ascent == b.ascent
            && a.descent == b.descent && a.capHeight == b.capHeight && a.italicAngle == b.italicAngle
            && a.stemV == b.stemV && a.unitsPerEm == b.unitsPerEm && a.cff == b.cff
            && a.emboldened == b.emboldened && a.slanted == b.slanted
    }
}
