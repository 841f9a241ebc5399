/// A scaled font one SVG part met (`SVGPlayer.font`): its code in the document (`SVGGlyphDefs`)
/// and, by glyph number, the glyph's id, whether it has ink and whether the part's body uses it
/// yet, so each glyph joins the part's used ids (`SVGPlayer.usedGlyphs`) once, not once per
/// occurrence. A class: the glyphs of a run are looked up in it without copying its table.
final class SVGPartFont {
    struct Glyph {
        let id: [UInt8]
        let ink: Bool
        var used = false
    }

    let font: ScaledFont
    let code: [UInt8]
    var glyphs: [UInt32: Glyph] = [:]

    init(font: ScaledFont, code: [UInt8]) {
        self.font = font
        self.code = code
    }
}
