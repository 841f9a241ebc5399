import CPangoCairo
import GridLayout

/// One run of a laid-out line as Pango's Cairo renderer would show it: its font, where its
/// glyphs start (Pango units from the layout's origin) and the glyphs (owned by the layout, valid
/// until it is prepared again).
struct PlainGlyphRun {
    let scaledFont: OpaquePointer
    /// The line's logical x plus the widths of the runs before it on the line.
    let x: Int32
    /// The line's baseline.
    let baseline: Int32
    let glyphs: UnsafeMutablePointer<PangoGlyphString>
}

extension TextLayout {
    /// The runs of the current text when Pango would show each of them as nothing more than its
    /// glyphs in the source colour, and each glyph stands for exactly the character a PDF
    /// reader would read from the font (so the text copies the same without the clusters Pango
    /// passes to Cairo); nil otherwise. The walk is the one `pango_renderer_draw_layout` makes:
    /// lines from the iterator's logical extents and baselines, runs left to right advancing by
    /// their glyph strings' widths. What it does not replay is refused: render-time attributes
    /// (colours, underlines, shapes: `extra_attrs`), baseline shifts and letter-spacing edges
    /// (`y_offset`, `start_x_offset`, `end_x_offset`), vertical text, right-to-left runs (Cairo
    /// writes their glyphs to PDF in logical order), glyphs that are empty or unknown (hex
    /// boxes), clusters of more than one glyph or character (ligatures, combining marks,
    /// contextual forms), and layouts of more lines than `show` draws whole.
    func plainGlyphRuns(characters: GlyphCharacters) -> [PlainGlyphRun]? {
        var runs: [PlainGlyphRun] = []
        return plainGlyphRuns(characters: characters, into: &runs) ? runs : nil
    }

    /// `plainGlyphRuns(characters:)` into `runs` (emptied first, its storage kept: the painter
    /// asks for every cell's text), false where that gives nil.
    func plainGlyphRuns(characters: GlyphCharacters, into runs: inout [PlainGlyphRun]) -> Bool {
        runs.removeAll(keepingCapacity: true)
        guard pango_layout_get_line_count(laidOut) <= TextLayout.cullingLines, let text = pango_layout_get_text(laidOut) else { return false }
        let bytes = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
        return TextLayout.walkRuns(of: laidOut) { laid in
            let run = laid.run
            guard let item = run.item, let glyphs = run.glyphs, let font = item.pointee.analysis.font,
                  item.pointee.analysis.extra_attrs == nil, item.pointee.analysis.level % 2 == 0,
                  item.pointee.analysis.flags & UInt8(PANGO_ANALYSIS_FLAG_CENTERED_BASELINE) == 0,
                  run.y_offset == 0, run.start_x_offset == 0, run.end_x_offset == 0,
                  glyphs.pointee.num_glyphs == item.pointee.num_chars,
                  let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font)) else { return false }
            let start = bytes + Int(item.pointee.offset)
            var previous: Int32 = -1
            for i in 0..<Int(glyphs.pointee.num_glyphs) {
                let glyph = glyphs.pointee.glyphs[i].glyph, cluster = glyphs.pointee.log_clusters[i]
                guard cluster > previous, glyph & TextLayout.unknownGlyphFlag == 0, glyph != TextLayout.emptyGlyph,
                      let character = TextLayout.scalar(at: start + Int(cluster)),
                      characters.character(character, isReadFrom: glyph, in: font) else { return false }
                previous = cluster
            }
            runs.append(PlainGlyphRun(scaledFont: scaled, x: laid.x, baseline: laid.baseline, glyphs: glyphs))
            return true
        }
    }

    /// The ink box of the current text (user space units from the layout's origin).
    var inkRect: Rect {
        var ink = PangoRectangle()
        pango_layout_get_extents(laidOut, &ink, nil)
        let scale = Double(PANGO_SCALE)
        return Rect(x: Double(ink.x) / scale, y: Double(ink.y) / scale, width: Double(ink.width) / scale, height: Double(ink.height) / scale)
    }

    /// PANGO_GLYPH_EMPTY and PANGO_GLYPH_UNKNOWN_FLAG (cast macros Swift does not import).
    static let emptyGlyph: PangoGlyph = 0x0FFF_FFFF
    static let unknownGlyphFlag: PangoGlyph = 0x1000_0000

    /// The Unicode scalar encoded in (valid) UTF-8 at `p`.
    static func scalar(at p: UnsafePointer<UInt8>) -> UInt32? {
        let b0 = UInt32(p[0])
        switch b0 {
        case 0..<0x80: return b0
        case 0xC0..<0xE0: return (b0 & 0x1F) << 6 | UInt32(p[1] & 0x3F)
        case 0xE0..<0xF0: return (b0 & 0x0F) << 12 | UInt32(p[1] & 0x3F) << 6 | UInt32(p[2] & 0x3F)
        case 0xF0..<0xF8: return (b0 & 0x07) << 18 | UInt32(p[1] & 0x3F) << 12 | UInt32(p[2] & 0x3F) << 6 | UInt32(p[3] & 0x3F)
        default: return nil
        }
    }
}
