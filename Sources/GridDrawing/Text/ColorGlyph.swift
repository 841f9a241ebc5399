import CPangoCairo

/// One glyph of a laid-out text in a colour bitmap font (`ColorFont`), where Pango's Cairo
/// renderer puts it. Positions are Pango units from the layout's origin, split as the renderer
/// adds them (its floating-point sums are replayed in the same order): a run starts at `runX`
/// on `baseline`, the glyph is `x` further (the advances before it plus its offset) and `y` below
/// (the shaper's offset, usually 0).
struct ColorGlyph {
    let font: ColorFont
    /// Pango's Cairo font for the run: its font matrix is the text's size (user units).
    let scaledFont: OpaquePointer
    let id: UInt32
    let runX: Int32
    let baseline: Int32
    let x: Int32
    let y: Int32
    /// The glyph in the layout's glyph string (valid while the layout is not laid out again).
    let slot: UnsafeMutablePointer<PangoGlyphInfo>
}

/// The colour glyphs of a layout's current text (`TextLayout.colorGlyphs`) and the layout serial
/// they were found at: hiding them (`TextLayout.hideColorGlyphs`) changes the glyph string, not
/// the serial, so they are found again only once the text is laid out again.
struct ColorGlyphScan {
    var serial: UInt32
    var glyphs: [ColorGlyph]
}
