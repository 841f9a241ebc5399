import CPangoCairo

/// A colour bitmap font (Noto Color Emoji: one strike of 109-pixel PNG glyphs). Cairo 1.16 draws
/// its glyphs as images scaled to the text's size, which in SVG and PDF leaves a 15-pixel picture
/// that is blurry at 2x and when zoomed; the painter embeds the strike's own pixels instead
/// (`ColorGlyphImages`). Fonts with outlines are not this kind, colour or not: Cairo 1.16 draws
/// them as outlines.
struct ColorFont: Hashable, Sendable {
    /// The font file and face index, which name the font alike on every thread.
    var file: String
    var index: Int32
    /// Pixels per em of the strike, as fontconfig describes a bitmap font: the size at which
    /// Cairo shows its bitmaps unscaled.
    var strike: Double

    /// The colour bitmap font behind `font`; nil for any other font.
    init?(_ font: UnsafeMutablePointer<PangoFont>) {
        guard g_type_check_instance_is_a(UnsafeMutableRawPointer(font).assumingMemoryBound(to: GTypeInstance.self),
                                         pango_fc_font_get_type()) != 0,
              let pattern = pango_fc_font_get_pattern(UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self))
        else { return nil }
        var color: FcBool = 0, outline: FcBool = 1, pixels = 0.0, index: Int32 = 0
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetBool(pattern, FC_COLOR, 0, &color) == FcResultMatch, color != 0,
              FcPatternGetBool(pattern, FC_OUTLINE, 0, &outline) == FcResultMatch, outline == 0,
              FcPatternGetDouble(pattern, FC_PIXEL_SIZE, 0, &pixels) == FcResultMatch, pixels.isFinite, pixels >= 1,
              FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        self.file = String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
        self.index = index
        strike = pixels
    }
}
