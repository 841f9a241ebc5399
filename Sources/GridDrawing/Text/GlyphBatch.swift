import CCairo
import CPangoCairo
import GridDocument
import GridLayout

/// Cell text shown with one Cairo call for each stretch of glyphs in the same font and colour,
/// in painting order, for PDF (every page since it costs less work too: people-10000 1.58 →
/// 1.15 s, same bytes). Cairo records a whole PDF
/// page before writing it; each text shown through Pango is one recorded command of ~650 bytes
/// (a copy of the source pattern, the glyphs, the text and its clusters), which made a
/// 100,000-row page hold half a gigabyte. Joined, a cell costs its glyphs (24 bytes each).
///
/// The PDF is the same, byte for byte: glyphs are placed with the arithmetic of Pango's Cairo
/// renderer (from the current point Cairo keeps, the line's logical x and baseline, the runs'
/// widths and glyph offsets), nothing is reordered (a text that cannot be joined, an image or
/// the end of a slab first shows what is pending), Cairo's PDF writer puts consecutive glyphs
/// of one font and colour into the same text operators however they were handed to it, and
/// only glyphs that copy as the same character without their text are joined
/// (`TextLayout.plainGlyphRuns`, `GlyphCharacters`). Two more things would change the PDF, so
/// such text is shown by Pango: a translucent colour (Cairo gives each call its own text object
/// so that overlapping calls blend) and ink that reaches the clip's edge (Cairo writes, per
/// call, the clip cut to the call's ink extents, and drops it for a call wholly inside: joined
/// calls of texts wholly inside are also wholly inside, so no clip is written either way).
final class GlyphBatch {
    private var scaledFont: OpaquePointer?
    private var color: Color?
    /// The transform the pending glyphs were placed in.
    private var matrix = cairo_matrix_t()
    private var glyphs: [cairo_glyph_t] = []
    private let characters = GlyphCharacters()
    /// How many texts were joined (for tests and traces).
    private(set) var joinedTexts = 0

    var isEmpty: Bool { glyphs.isEmpty }

    /// Adds the glyphs of `text` as `TextLayout.show(in:x:y:)` would draw them in `color`, after
    /// what is pending; false (nothing added, nothing shown) when the text must be shown by
    /// Pango: the caller then calls `flush` first.
    func add(_ text: TextLayout, in cr: CairoContext, x: Double, y: Double, color: Color) -> Bool {
        guard color.alpha >= 1, GlyphBatch.inside(cr.deviceClipExtents(), text.inkRect, x: x, y: y, cr.deviceTransform),
              let runs = text.plainGlyphRuns(characters: characters) else { return false }
        let matrix = cr.matrix
        if !glyphs.isEmpty && !GlyphBatch.same(matrix, self.matrix) { flush(cr) }
        self.matrix = matrix
        let origin = cr.currentPoint(afterMovingTo: x, y)
        joinedTexts += 1
        let scale = Double(PANGO_SCALE)
        for run in runs {
            if run.scaledFont != scaledFont || color != self.color {
                flush(cr)
                scaledFont = run.scaledFont
                self.color = color
            }
            let baseX = origin.x + Double(run.x) / scale, baseY = origin.y + Double(run.baseline) / scale
            var position: Int32 = 0
            let string = run.glyphs.pointee
            for i in 0..<Int(string.num_glyphs) {
                let info = string.glyphs[i]
                let gx = baseX + Double(position + info.geometry.x_offset) / scale
                let gy = info.geometry.y_offset == 0 ? baseY : baseY + Double(info.geometry.y_offset) / scale
                glyphs.append(cairo_glyph_t(index: UInt(info.glyph), x: gx, y: gy))
                position += info.geometry.width
            }
        }
        return true
    }

    /// Shows the pending glyphs.
    func flush(_ cr: CairoContext) {
        guard !glyphs.isEmpty, let scaledFont, let color else { return }
        cr.showGlyphs(&glyphs, scaledFont: scaledFont, color: color)
        glyphs.removeAll(keepingCapacity: true)
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

    private static func same(_ a: cairo_matrix_t, _ b: cairo_matrix_t) -> Bool {
        a.xx == b.xx && a.yx == b.yx && a.xy == b.xy && a.yy == b.yy && a.x0 == b.x0 && a.y0 == b.y0
    }
}
