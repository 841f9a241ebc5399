import Foundation

/// The colour glyph images of one render (`ColorGlyphImage`), drawn once per glyph of a font
/// whatever the size and however many threads paint: the job's, shared by its painters
/// (`ImageCache.colorGlyphs`). A glyph's image does not depend on the text's size (it is the
/// strike's bitmap; the node scales it), so a file embeds one image per distinct emoji.
final class ColorGlyphImages: @unchecked Sendable {
    /// Off: colour glyphs are left to Cairo as before (tests compare the two).
    var isEnabled: Bool {
        get { lock.lock(); defer { lock.unlock() }; return enabled }
        set { lock.lock(); enabled = newValue; lock.unlock() }
    }
    private var enabled = true
    private let lock = NSLock()
    /// nil: the glyph draws nothing (or Cairo could not draw it), so it is left to Pango.
    private var images: [ColorGlyphImage.Key: ColorGlyphImage?] = [:]

    /// The image of `glyph`, drawn on first use.
    func image(_ glyph: ColorGlyph) -> ColorGlyphImage? {
        let key = ColorGlyphImage.Key(font: glyph.font, glyph: glyph.id)
        lock.lock()
        defer { lock.unlock() }
        if let known = images[key] { return known }
        let image = ColorGlyphImage.draw(glyph.id, of: glyph.scaledFont, ppem: glyph.font.strike)
        images[key] = .some(image)
        return image
    }

    /// How many glyphs were drawn (tests).
    var count: Int { lock.lock(); defer { lock.unlock() }; return images.count }
}
