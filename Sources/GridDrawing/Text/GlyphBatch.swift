import CPangoCairo
import GridDocument
import GridLayout

/// Records cell text as plain glyphs (`GlyphsNode`) where that shows exactly what Pango would,
/// so the player shows a stretch of glyphs in the same font and colour with one Cairo call
/// (`GlyphJoiner`), for PDF (every page since it costs less work too: people-10000 1.58 →
/// 1.15 s, same bytes). Cairo records a whole PDF page before writing it; each text shown
/// through Pango is one recorded command of ~650 bytes (a copy of the source pattern, the
/// glyphs, the text and its clusters), which made a 100,000-row page hold half a gigabyte.
/// Joined, a cell costs its glyphs (24 bytes each).
///
/// The PDF is the same, byte for byte: glyphs are placed with the arithmetic of Pango's Cairo
/// renderer (from the current point Cairo keeps, the line's logical x and baseline, the runs'
/// widths and glyph offsets), nothing is reordered (a text that cannot be joined, an image or
/// the end of a list first shows what is pending), Cairo's PDF writer puts consecutive glyphs
/// of one font and colour into the same text operators however they were handed to it, and
/// only glyphs that copy as the same character without their text are joined
/// (`TextLayout.plainGlyphRuns`, `GlyphCharacters`). Two more things would change the PDF, so
/// such text is left to Pango (`PangoTextNode`): a translucent colour (Cairo gives each call
/// its own text object so that overlapping calls blend) and ink that reaches the clip's edge
/// (Cairo writes, per call, the clip cut to the call's ink extents, and drops it for a call
/// wholly inside: joined calls of texts wholly inside are also wholly inside, so no clip is
/// written either way).
final class GlyphBatch {
    private let characters = GlyphCharacters()
    /// One `ScaledFont` per Cairo scaled font (retained, so a pointer is never reused meanwhile).
    private var fonts: [OpaquePointer: ScaledFont] = [:]
    /// The font of the last run (a table's texts mostly share one).
    private var lastFont: ScaledFont?
    /// The runs of the text being recorded (storage kept from text to text).
    private var runs: [PlainGlyphRun] = []
    /// How many texts were recorded as glyphs (for tests and traces).
    private(set) var joinedTexts = 0

    /// The glyphs of `text` as `TextLayout.show(in:x:y:)` would draw them in `color` on
    /// `target`; nil when the text must be shown by Pango.
    func record(_ text: TextLayout, x: Double, y: Double, color: Color, target: PaintTarget) -> GlyphsNode? {
        guard color.alpha >= 1, GlyphBatch.inside(target.deviceClip, text.inkRect, x: x, y: y, target.transform),
              text.plainGlyphRuns(characters: characters, into: &runs) else { return nil }
        joinedTexts += 1
        var count = 0
        for run in runs { count += Int(run.glyphs.pointee.num_glyphs) }
        var glyphs: [GlyphsNode.Glyph] = []
        glyphs.reserveCapacity(count)
        var nodeRuns: [GlyphsNode.Run] = []
        nodeRuns.reserveCapacity(runs.count)
        for run in runs {
            let string = run.glyphs.pointee, start = glyphs.count
            var position: Int32 = 0
            for i in 0..<Int(string.num_glyphs) {
                let info = string.glyphs[i]
                glyphs.append(GlyphsNode.Glyph(id: info.glyph, xUnits: position + info.geometry.x_offset,
                                               yUnits: info.geometry.y_offset))
                position += info.geometry.width
            }
            nodeRuns.append(GlyphsNode.Run(font: font(run.scaledFont), x: Double(run.x) / GlyphsNode.unitsPerPoint,
                                           baseline: Double(run.baseline) / GlyphsNode.unitsPerPoint,
                                           range: start..<glyphs.count))
        }
        return GlyphsNode(x: x, y: y, color: color, runs: nodeRuns, glyphs: glyphs)
    }

    private func font(_ pointer: OpaquePointer) -> ScaledFont {
        if let lastFont, lastFont.pointer == pointer { return lastFont }
        let font = fonts[pointer] ?? ScaledFont(retaining: pointer)
        fonts[pointer] = font
        lastFont = font
        return font
    }

    /// Whether `ink` at (`x`, `y`) lies inside `clip` (device space) with a margin for Cairo's
    /// rounding of ink boxes out to whole device units and for its own glyph boxes.
    private static func inside(_ clip: Rect, _ ink: Rect, x: Double, y: Double, _ device: DeviceTransform) -> Bool {
        let x0 = device.deviceX(x + ink.x), x1 = device.deviceX(x + ink.maxX)
        let y0 = device.deviceY(y + ink.y), y1 = device.deviceY(y + ink.maxY)
        let margin = 2.0
        return min(x0, x1) - margin >= clip.x && max(x0, x1) + margin <= clip.maxX
            && min(y0, y1) - margin >= clip.y && max(y0, y1) + margin <= clip.maxY
    }
}
