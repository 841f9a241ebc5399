import CCairo
import CPangoCairo
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// Texts of many paragraphs are laid out as one paragraph of lines (`LineSeparatedText`:
/// Pango 1.50's itemizer is paragraphs × length). The picture must be the one the paragraphs
/// give: same lines, same extents, same pixels, same link areas — for generated ASCII texts of
/// plain words, bold, italic, links and strike lines, empty paragraphs, a last newline or not,
/// unwrapped and wrapped, aligned left, centre and right. Texts that could use another font
/// (non-ASCII, code spans) or another separator keep their paragraphs: a separator drawn in a
/// fallback font made its line taller (seen with emoji, CJK and code).
@Suite struct LineSeparatedTextTests {
    static func paragraphs(_ rng: inout SeededLCG, count: Int) -> String {
        let words = ["plain", "*it*", "**bold**", "***both***", "[link](https://a.example)", "Wide MMM", "", "x y z", "~~gone~~", "a_b_c"]
        return (0..<count).map { _ in
            (0..<Int(rng.next() % 4)).map { _ in words[Int(rng.next() % UInt64(words.count))] }.joined(separator: " ")
        }.joined(separator: "\n")
    }

    static func pixels(_ layout: TextLayout, width: Int, height: Int) throws -> [UInt8] {
        let cr = try CairoContext(CairoSurface.image(width: width, height: height))
        cr.paintReplacing(Color(red: 1, green: 1, blue: 1))
        layout.show(in: cr, x: 3, y: 2)
        cr.surface.flush()
        let data = cairo_image_surface_get_data(cr.surface.pointer)!
        return Array(UnsafeBufferPointer(start: data, count: Int(cairo_image_surface_get_stride(cr.surface.pointer)) * height))
    }

    @Test(arguments: 0..<6)
    func joinedLinesDrawWhatParagraphsDraw(seed: Int) throws {
        let context = try TextContext(mode: .pinned)
        var rng = SeededLCG(seed: UInt64(90 + seed))
        for trial in 0..<4 {
            var style = ResolvedStyle()
            style.markup = .markdown
            style.wrap = trial % 2 == 1
            style.align = [TextAlign.left, .center, .right][(seed + trial) % 3]
            let source = Self.paragraphs(&rng, count: 70 + Int(rng.next() % 40)) + ["", "\n", "\n\n\n", "x"][trial]
            let width: Double? = style.wrap ? 60 + rng.unit() * 150 : nil
            let joined = TextLayout(context: context), kept = TextLayout(context: context)
            joined.prepare(source, style: style, width: width)
            kept.prepare(source, style: style, width: width, joinsParagraphs: false)
            #expect(pango_layout_get_text(joined.pointer).map { String(cString: $0) }?.contains("\u{2028}") == true)
            #expect(pango_layout_get_line_count(joined.laidOut) == pango_layout_get_line_count(kept.laidOut), "seed \(seed) trial \(trial)")
            #expect(joined.logicalRect == kept.logicalRect, "seed \(seed) trial \(trial)")
            let a = joined.linkAreas(), b = kept.linkAreas()
            #expect(a.map(\.url) == b.map(\.url) && a.map(\.rects) == b.map(\.rects), "seed \(seed) trial \(trial)")
            let rect = kept.logicalRect
            let w = min(Int(rect.maxX) + 8, 900), h = min(Int(rect.height) + 6, 3000)
            #expect(try Self.pixels(joined, width: w, height: h) == Self.pixels(kept, width: w, height: h), "seed \(seed) trial \(trial)")
        }
    }

    /// Few paragraphs, any non-ASCII character (another script, emoji, a right-to-left letter,
    /// a bidi control, another separator) or "\r": as is; a code span: as is (`StyledText`).
    @Test func textsThatKeepTheirParagraphs() throws {
        let many = Array(repeating: "a", count: 100).joined(separator: "\n")
        #expect(LineSeparatedText.joined(many) != nil)
        #expect(LineSeparatedText.joined(Array(repeating: "a", count: 60).joined(separator: "\n")) == nil)
        for odd in ["é", "字", "😀", "שלום", "\u{200F}", "\u{202E}", "\r", "\u{2029}", "\u{2067}"] {
            #expect(LineSeparatedText.joined(many + odd) == nil, "\(odd.unicodeScalars.first!.value)")
        }
        var style = ResolvedStyle()
        style.markup = .markdown
        let code = StyledText(many + " `x`", style: style, link: nil, mode: .pinned, gate: LinkGate())
        #expect(!code.text.contains("\u{2028}"))
        let plain = StyledText(many + " *x*", style: style, link: nil, mode: .pinned, gate: LinkGate())
        #expect(plain.text.contains("\u{2028}"))
        let (text, offset) = LineSeparatedText.joined("ab\n" + many + "\n\n")!
        #expect(text.hasPrefix("ab\u{2028}a\u{2028}") && text.hasSuffix("a\n\n"))
        #expect(offset(0) == 0 && offset(2) == 2 && offset(3) == 5 && offset(4) == 6 && offset(5) == 9)
    }
}
