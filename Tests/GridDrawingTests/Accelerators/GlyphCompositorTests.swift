import CCairo
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing
import GridRenderAccelerators

/// PNG text composited per thread (`GlyphCompositor`) gives Cairo's own pixels, bit for bit: in
/// random glyph calls (overlapping and not, clipped, scaled, translucent) and in whole renders.
@Suite struct GlyphCompositorTests {
    @Test func interposedInThisProcess() {
        GridRenderAccelerators.install()
        #expect(GlyphCompositor.isInterposed)
    }

    /// Glyphs of a few fonts and sizes, from real text, with the scaled fonts Pango shows them in.
    private static func glyphSources() throws -> (TextContext, [(font: OpaquePointer, glyphs: [UInt], advance: Double)]) {
        let context = try TextContext(mode: .pinned)
        let layout = TextLayout(context: context)
        var sources: [(OpaquePointer, [UInt], Double)] = []
        let characters = GlyphCharacters()
        for (style, size) in GlyphSampleStyles.all {
            layout.prepare(GlyphSampleStyles.text, style: style, width: nil)
            guard let run = layout.plainGlyphRuns(characters: characters)?.first else { continue }
            let string = run.glyphs.pointee
            let glyphs = (0..<Int(string.num_glyphs)).map { UInt(string.glyphs[$0].glyph) }
            cairo_scaled_font_reference(run.scaledFont)
            sources.append((run.scaledFont, glyphs, size * 0.6))
        }
        return (context, sources)
    }

    @Test func randomCallsGiveCairosPixels() throws {
        GridRenderAccelerators.install()
        let (context, sources) = try Self.glyphSources()
        defer { for source in sources { cairo_scaled_font_destroy(source.font) } }
        #expect(sources.count == 16)
        var rng = SeededLCG(seed: 20261123)
        let width = 240, height = 90
        var differing: [Int] = []
        var composited: UInt64 = 0
        for trial in 0..<1500 {
            let source = sources[Int(rng.next() % UInt64(sources.count))]
            let scale = [1.0, 1, 2, 3, 1.5, 0.5][Int(rng.next() % 6)]
            let count = trial % 50 == 0 ? 300 : 1 + Int(rng.next() % 24)   // now and then more than fit on the stack
            let tight = rng.unit() < 0.3
            var x = rng.unit() * 20, glyphs: [cairo_glyph_t] = []
            let y = (20 + rng.unit() * 40) / scale
            for _ in 0..<count {
                let index = source.glyphs[Int(rng.next() % UInt64(source.glyphs.count))]
                glyphs.append(cairo_glyph_t(index: index, x: (x * 1024).rounded(.down) / 1024, y: (y * 1024).rounded(.down) / 1024))
                x += source.advance * (tight ? 0.4 : 1) * rng.unit() * 2
                if rng.unit() < 0.1 { x = rng.unit() * 150 / scale }
            }
            let color = Color(red: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: rng.unit() < 0.7 ? 1 : rng.unit())
            let clip: Rect? = rng.unit() < 0.5 ? nil : Rect(x: Double(rng.next() % 100), y: Double(rng.next() % 50),
                                                            width: Double(10 + rng.next() % 150), height: Double(10 + rng.next() % 50))
            let background = rng.unit() < 0.8 ? Color(red: 1, green: 1, blue: 0.9) : Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.4)
            func render(_ composes: Bool) throws -> [UInt8] {
                let cr = try CairoContext(CairoSurface.image(width: width, height: height))
                cr.paintReplacing(background)
                if let clip { cr.rectangle(clip); cr.clip() }
                cr.scale(scale, scale)
                GlyphCompositor.onThisThread(composes) {
                    cr.showGlyphs(&glyphs, scaledFont: source.font, color: color)
                    if composes { composited += GlyphCompositor.compositedCalls }
                }
                cr.surface.flush()
                let data = cairo_image_surface_get_data(cr.surface.pointer)!
                return Array(UnsafeBufferPointer(start: data, count: Int(cairo_image_surface_get_stride(cr.surface.pointer)) * height))
            }
            if try render(false) != render(true) { differing.append(trial) }
        }
        let differ = differing.count
        #expect(differ == 0, "\(differ) of 1500 calls differ, the first \(differing.prefix(8))")
        // Most calls are composited here, not left to Cairo (only unaligned clips at 1.5 and 0.5).
        #expect(composited > 1000)
        withExtendedLifetime(context) {}
    }

    /// Whole renders: the same PNG bytes with the compositor on and off, at whole and fractional
    /// scales, on one and several painting threads, with emoji (left to Cairo) in the table.
    @Test(arguments: [1.0, 1.5, 2.0])
    func rendersGiveTheSameBytes(scale: Double) throws {
        GridRenderAccelerators.install()
        for grid in [GridRendererTests.features(scale: scale), try SharedFreeTypeFacesTests.manyFontsDocument(3)] {
            for threads in [1, 2] {
                func png(_ composes: Bool) throws -> [UInt8] {
                    var grid = grid
                    grid.scale = scale
                    let job = try RenderJob(grid, options: RenderOptions(paintThreads: threads), format: .png)
                    job.composesGlyphs = composes
                    return try job.png(path: nil, options: RenderOptions(paintThreads: threads), maxBandRows: 40)
                }
                #expect(try png(true) == png(false))
            }
        }
    }
}

/// A seeded generator for the random calls (Knuth's MMIX LCG, the high bits).
struct SeededLCG {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 11
    }
    mutating func unit() -> Double { Double(next()) / Double(UInt64(1) << 53) }
}

extension GlyphCompositorTests {
    /// A line wider than a 32,767 px tile is drawn to the tile's edge. cairo 1.16 draws nothing
    /// of a glyph call that reaches past that far (a long word lost up to ~1,700 px of text
    /// before each tile's right edge); composited here, every glyph inside the tile shows.
    @Test func longLineReachesEveryTileEdge() throws {
        GridRenderAccelerators.install()
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let word = String((0..<6000).map { letters[($0 * 7 + $0 / 26) % 26] })
        let grid = makeTable([[.text(word)]], columnWidths: [.auto()], rowHeight: 24, header: false)
        let image = try PNGImage(decoding: GridRenderer.render(grid, format: .png))
        #expect(image.width > CairoSurface.maxImageSide)
        // Columns of the text without ink, in runs longer than a gap between two letters.
        var gaps: [Range<Int>] = [], start: Int?
        let textEnd = image.width - 12
        for x in 8..<textEnd {
            let ink = (0..<image.height).contains { y in image.rgba[(y * image.width + x) * 4] < 160 }
            if ink { if let s = start, x - s > 20 { gaps.append(s..<x) }; start = nil } else if start == nil { start = x }
        }
        let found = gaps.count
        #expect(found == 0, "text missing at \(gaps.prefix(4))")
    }
}
