import CPangoCairo

/// What one painting thread keeps to draw colour glyphs as images: which of its Pango fonts are
/// colour bitmap fonts (asked of fontconfig once per font), and its own Cairo surface of each
/// glyph image it painted. Surfaces are per thread because Cairo's vector surfaces attach
/// snapshots to the surfaces they record; one surface per image per thread also lets a PDF
/// (painted on one thread) embed each image once, as an XObject every use refers to. One per
/// `TextContext`, used on its thread only.
final class ColorGlyphSources {
    /// Per Pango font (referenced while kept): its colour font, or nil.
    private var fonts: [UnsafeMutablePointer<PangoFont>: ColorFont?] = [:]
    private var surfaces: [ObjectIdentifier: (image: ColorGlyphImage, surface: CairoSurface)] = [:]

    deinit { for font in fonts.keys { g_object_unref(UnsafeMutableRawPointer(font)) } }

    /// The colour bitmap font behind `font`, or nil.
    func font(_ font: UnsafeMutablePointer<PangoFont>) -> ColorFont? {
        if let known = fonts[font] { return known }
        let found = ColorFont(font)
        g_object_ref(UnsafeMutableRawPointer(font))
        fonts[font] = .some(found)
        return found
    }

    /// This thread's surface of `image` (its PNG attached, so an SVG embeds those bytes).
    func surface(_ image: ColorGlyphImage) throws -> CairoSurface {
        if let kept = surfaces[ObjectIdentifier(image)] { return kept.surface }
        let surface = try CairoSurface.image(width: image.width, height: image.height) { y, row in
            for x in 0..<image.width { row[x] = image.pixels[y * image.width + x] }
        }
        try surface.attach(mime: CAIRO_MIME_TYPE_PNG, bytes: image.png)
        surfaces[ObjectIdentifier(image)] = (image, surface)
        return surface
    }
}
