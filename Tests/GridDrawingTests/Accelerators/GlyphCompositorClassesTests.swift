import CCairo
import CPangoCairo
import Dispatch
import Foundation
import GridDocument
import GridLayout
import GridTestSupport
import Synchronization
import Testing
@testable import GridDrawing
import GridRenderAccelerators

/// What the opt-in `cairo_show_glyphs` gets in a render is what Pango shows itself: hex boxes,
/// texts of many lines, texts with colour emoji, text cut by a clip. Generated texts of each
/// class, shown by Pango at scales 1, 2 and 3 (and 1.5, a clip off the pixel grid), on eight
/// threads at once: Cairo's pixels bit for bit with the compositor on, and it did composite
/// (from the library's glyph coverages) what it can.
@Suite struct GlyphCompositorClassesTests {
    enum Kind: CaseIterable { case hexBoxes, manyLines, emoji, clipped, clippedOffGrid }

    struct Case: Sendable {
        let kind: Kind, scale: Double, text: String, font: (family: String, size: Double, weight: Int, italic: Bool)
    }

    static func cases() -> [Case] {
        var g = SeededWords(state: 2611)
        let fonts: [(String, Double, Int, Bool)] = [("DejaVu Sans", 9, 400, false), ("DejaVu Serif", 11, 400, true),
                                                    ("DejaVu Sans Mono", 7.5, 700, false), ("DejaVu Sans", 14, 700, false)]
        var cases: [Case] = []
        for kind in Kind.allCases {
            for scale in kind == .clippedOffGrid ? [1.5] : [1.0, 2, 3] {
                for font in fonts {
                    let text: String
                    switch kind {
                    case .hexBoxes:
                        let odd = ["\u{E000}", "\u{E0A7}", "\u{F8FF}", "\u{10FFFD}", "\u{0378}"]
                        text = (0..<5).map { _ in g.next(2) == 0 ? odd[g.next(odd.count)] : g.word() }.joined(separator: " ")
                    case .manyLines:
                        text = (0..<40).map { _ in g.word() }.joined(separator: " ")
                    case .emoji:
                        let emoji = ["😀", "🚀", "👍🏽", "✅"]
                        text = (0..<6).map { _ in g.next(3) == 0 ? emoji[g.next(emoji.count)] : g.word() }.joined(separator: " ")
                    case .clipped, .clippedOffGrid:
                        text = (0..<6).map { _ in g.word() }.joined(separator: "")
                    }
                    cases.append(Case(kind: kind, scale: scale, text: text, font: font))
                }
            }
        }
        return cases
    }

    /// The pixels of `c` shown by Pango on a 200 × 140 px surface, and the glyph calls the
    /// compositor composited (0 when `composes` is off).
    static func draw(_ c: Case, context: TextContext, composes: Bool) throws -> (pixels: [UInt8], composited: UInt64) {
        let layout = TextLayout(context: context)
        var style = ResolvedStyle()
        style.font.family = c.font.family
        style.font.size = c.font.size
        style.font.weight = c.font.weight
        style.font.italic = c.font.italic
        layout.prepare(c.text, style: style, width: c.kind == .manyLines ? 40 : nil)
        let width = 200, height = 140
        let cr = try CairoContext(CairoSurface.image(width: width, height: height))
        cr.paintReplacing(Color(red: 1, green: 1, blue: 0.95))
        switch c.kind {
        case .clipped: cr.rectangle(Rect(x: 10, y: 3, width: 57, height: 31)); cr.clip()
        case .clippedOffGrid: cr.scale(c.scale, c.scale); cr.rectangle(Rect(x: 7, y: 2, width: 37, height: 21)); cr.clip()
        default: break
        }
        if c.kind != .clippedOffGrid { cr.scale(c.scale, c.scale) }
        cr.setSource(Color(red: 0.1, green: 0.15, blue: 0.3))
        cairo_move_to(cr.pointer, 2.3, 1.7)
        var composited: UInt64 = 0
        GlyphCompositor.onThisThread(composes) {
            pango_cairo_show_layout(cr.pointer, layout.laidOut)
            if composes { composited = GlyphCompositor.compositedCalls }
        }
        cr.surface.flush()
        let data = cairo_image_surface_get_data(cr.surface.pointer)!
        let pixels = Array(UnsafeBufferPointer(start: data, count: Int(cairo_image_surface_get_stride(cr.surface.pointer)) * height))
        return (pixels, composited)
    }

    @Test func pangosTextsGiveCairosPixelsOnEightThreads() throws {
        GridRenderAccelerators.install()
        let cases = Self.cases()
        let differing = Mutex<[String]>([]), composited = Mutex<[Kind: UInt64]>([:]), failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { lane in
            do {
                let context = try TextContext(mode: .pinned)
                for (i, c) in cases.enumerated() where i % 8 == lane {
                    let cairos = try Self.draw(c, context: context, composes: false)
                    let ours = try Self.draw(c, context: context, composes: true)
                    if cairos.pixels != ours.pixels { differing.withLock { $0.append("\(c.kind) at \(c.scale): \(c.text)") } }
                    composited.withLock { $0[c.kind, default: 0] += ours.composited }
                }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        let differ = differing.withLock { $0 }
        #expect(differ.isEmpty, "\(differ.count) of \(cases.count) texts differ: \(differ.prefix(4))")
        // Every class but the clip off the pixel grid (Cairo's: it covers pixels in part) is composited.
        let counts = composited.withLock { $0 }
        for kind in [Kind.hexBoxes, .manyLines, .emoji, .clipped] {
            #expect(counts[kind, default: 0] > 0, "nothing of \(kind) composited: \(counts)")
        }
    }
}
