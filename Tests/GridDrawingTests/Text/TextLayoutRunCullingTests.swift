import CCairo
import CPangoCairo
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// A long unwrapped line shown through a narrow clip (a PNG tile) shows only the runs near the
/// clip (`TextLayout.showLine`), and gives the pixels Pango gives for the whole line: for
/// generated texts of bold, italic, code (backgrounds), strike-through and plain runs, single
/// and multi-line, at several scales and offsets along the line.
@Suite struct TextLayoutRunCullingTests {
    static func text(_ rng: inout SeededLCG, spans: Int) -> String {
        let pieces = ["*it*", "**bold**", "`code`", "~~gone~~", "plain", "_x_", "***both***", "é", "字"]
        return (0..<spans).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined(separator: " ")
    }

    @Test(arguments: [1.0, 2.0, 0.75])
    func culledLineGivesTheWholeLinesPixels(scale: Double) throws {
        let context = try TextContext(mode: .pinned)
        let layout = TextLayout(context: context)
        var style = ResolvedStyle()
        style.markup = .markdown
        var rng = SeededLCG(seed: 2511)
        let width = 300, height = 40
        for trial in 0..<6 {
            let source = Self.text(&rng, spans: 1500) + (trial % 3 == 2 ? "\n" + Self.text(&rng, spans: 800) : "")
            layout.prepare(source, style: style, width: nil)
            let full = layout.logicalRect.width
            #expect(full > 4 * Double(width) / scale + 1024)
            for _ in 0..<4 {
                let offset = (rng.unit() * (full - Double(width) / scale)).rounded(.down)
                func render(culled: Bool) throws -> [UInt8] {
                    let cr = try CairoContext(CairoSurface.image(width: width, height: height))
                    cr.paintReplacing(Color(red: 1, green: 1, blue: 1))
                    cr.scale(scale, scale)
                    if culled {
                        layout.show(in: cr, x: -offset, y: 2)
                    } else {
                        cr.moveTo(-offset, 2)
                        pango_cairo_show_layout(cr.pointer, layout.pointer)
                    }
                    cr.surface.flush()
                    let data = cairo_image_surface_get_data(cr.surface.pointer)!
                    return Array(UnsafeBufferPointer(start: data, count: Int(cairo_image_surface_get_stride(cr.surface.pointer)) * height))
                }
                let whole = try render(culled: false)
                #expect(whole.contains { $0 != 0xFF }, "something is drawn at \(offset)")
                #expect(try render(culled: true) == whole, "trial \(trial), scale \(scale), offset \(offset)")
            }
        }
    }
}
