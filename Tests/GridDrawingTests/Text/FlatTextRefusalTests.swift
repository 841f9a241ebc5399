import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// `TextLayout.flattened` says why a text cannot be flattened (a player's refusal names it) and
/// otherwise gives what `flatten` gives; a hex box carries the character it stands for.
@Suite struct FlatTextRefusalTests {
    static func layout(_ text: String, context: TextContext) -> TextLayout {
        var style = ResolvedStyle()
        style.markup = .markdown
        let layout = TextLayout(context: context)
        layout.prepare(text, style: style, width: nil)
        return layout
    }

    /// Colour glyphs the painter did not hide are Cairo's to draw: refused as such, and hidden
    /// ones flatten (the runs of only hidden glyphs draw nothing).
    @Test(arguments: ["🚀", "fast 👩‍💻 x", "**🇯🇵** 1️⃣", "`👍🏽` 日本語"])
    func colourGlyphsAreNamed(text: String) throws {
        let context = try TextContext(mode: .pinned)
        let layout = Self.layout(text, context: context)
        var fonts: [OpaquePointer: ScaledFont] = [:]
        #expect(layout.flattened(color: Color(hex: 0), fonts: &fonts) == .failure(.colorGlyph))
        #expect(layout.flatten(color: Color(hex: 0), fonts: &fonts) == nil)
        #expect(FlatText.Refusal.colorGlyph.description == "a colour bitmap glyph Cairo draws")
        let found = layout.colorGlyphs(fonts: context.colorGlyphs)
        layout.hideColorGlyphs(Array(found.indices))
        let flat = try layout.flattened(color: Color(hex: 0), fonts: &fonts).get()
        #expect(flat == layout.flatten(color: Color(hex: 0), fonts: &fonts))
    }

    @Test(arguments: [UInt32(0x0378), 0xE000, 0xF0041, 0x10FFFD])
    func hexBoxesCarryTheirCharacter(code: UInt32) throws {
        let context = try TextContext(mode: .pinned)
        let layout = Self.layout("a \(Character(Unicode.Scalar(code)!)) b", context: context)
        var fonts: [OpaquePointer: ScaledFont] = [:]
        let flat = try layout.flattened(color: Color(hex: 0), fonts: &fonts).get()
        let boxes = flat.items.compactMap { if case .hexBox(let box) = $0 { box } else { nil } }
        #expect(boxes.map(\.character) == [code])
        #expect(boxes.first?.digitGlyphs.count == (code > 0xFFFF ? 6 : 4))
    }
}
