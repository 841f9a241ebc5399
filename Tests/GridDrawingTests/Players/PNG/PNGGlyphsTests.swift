import CCairo
import CGlyphRaster
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// PNG text at eighth-pixel positions (`PNGGlyphs`, Sources/CGlyphRaster/GlyphRaster.c): at
/// whole pixels the compositor gives Cairo's own pixels, each eighth phase across or down moves
/// the ink by an eighth of a pixel that way, and whole renders give the same bytes on any number of threads and bands.
@Suite struct PNGGlyphsTests {
    /// Glyphs of a few fonts and sizes, from real text, in the scaled fonts Pango shows them in.
    private static func glyphSources() throws -> (TextContext, [(font: OpaquePointer, file: String, index: Int32, glyphs: [UInt], advance: Double)]) {
        let context = try TextContext(mode: .pinned)
        let layout = TextLayout(context: context)
        var sources: [(OpaquePointer, String, Int32, [UInt], Double)] = []
        for (style, size) in GlyphSampleStyles.all {
            layout.prepare(GlyphSampleStyles.text, style: style, width: nil)
            var glyphs: [cairo_glyph_t] = [], runs: [PNGGlyphRun] = []
            guard layout.pngGlyphs(originX: 0, originY: 0, glyphs: &glyphs, runs: &runs), let run = runs.first,
                  let file = run.file else { continue }
            cairo_scaled_font_reference(run.scaledFont)
            sources.append((run.scaledFont, String(cString: file), run.faceIndex, glyphs[run.range].map(\.index), size * 0.6))
        }
        return (context, sources)
    }

    /// The pixels of `glyphs` shown on a `width`×`height` surface, by the compositor or by Cairo.
    private static func pixels(_ glyphs: [cairo_glyph_t], font: (font: OpaquePointer, file: String, index: Int32, glyphs: [UInt], advance: Double),
                               color: Color, width: Int, height: Int,
                               clip: Rect? = nil, compositor: Bool) throws -> [UInt8] {
        let cr = try CairoContext(CairoSurface.image(width: width, height: height))
        cr.paintReplacing(Color(red: 1, green: 1, blue: 0.9))
        if let clip { cr.rectangle(clip); cr.clip() }
        var glyphs = glyphs
        if compositor {
            let shown = PNGGlyphs.onThisThread {
                cr.setSource(color)
                return glyphs.withUnsafeBufferPointer { buffer in
                    font.file.withCString { grgr_show_glyphs(cr.pointer, font.font, $0, font.index, buffer.baseAddress, Int32(buffer.count)) }
                }
            }
            #expect(shown == 0, "the compositor left a call to Cairo")
        } else {
            cr.showGlyphs(&glyphs, scaledFont: font.font, color: color)
        }
        cr.surface.flush()
        let data = try #require(cairo_image_surface_get_data(cr.surface.pointer))
        return Array(UnsafeBufferPointer(start: data, count: Int(cairo_image_surface_get_stride(cr.surface.pointer)) * height))
    }

    /// At whole device pixels (phase 0), random calls of 16 fonts and sizes (overlapping glyphs
    /// or not, clipped, translucent) give Cairo's pixels bit for bit: the coverage is what
    /// Cairo renders for a glyph (same FreeType load flags, box and rasterizer), composited as
    /// Cairo's image compositor does.
    @Test func wholePixelsGiveCairosPixels() throws {
        let (context, sources) = try Self.glyphSources()
        defer { for source in sources { cairo_scaled_font_destroy(source.font) } }
        #expect(sources.count == 16)
        var rng = SeededLCG(seed: 20261127)
        var differing: [Int] = []
        for trial in 0..<400 {
            let source = sources[Int(rng.next() % UInt64(sources.count))]
            let count = trial % 40 == 0 ? 200 : 1 + Int(rng.next() % 20)
            let tight = rng.unit() < 0.3
            var x = Double(rng.next() % 20), glyphs: [cairo_glyph_t] = []
            let y = Double(20 + rng.next() % 40)
            for _ in 0..<count {
                let index = source.glyphs[Int(rng.next() % UInt64(source.glyphs.count))]
                // Within 1/16 px of a whole pixel: rounded to eighths, then to phase 0.
                glyphs.append(cairo_glyph_t(index: index, x: x + (rng.unit() - 0.5) / 8.5, y: y + (rng.unit() - 0.5) / 8.5))
                x += (source.advance * (tight ? 0.4 : 1) * rng.unit() * 2).rounded()
            }
            let color = Color(red: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: rng.unit() < 0.7 ? 1 : rng.unit())
            let clip: Rect? = rng.unit() < 0.5 ? nil : Rect(x: Double(rng.next() % 100), y: Double(rng.next() % 50),
                                                            width: Double(10 + rng.next() % 150), height: Double(10 + rng.next() % 50))
            let a = try Self.pixels(glyphs, font: source, color: color, width: 240, height: 90, clip: clip, compositor: true)
            let b = try Self.pixels(glyphs, font: source, color: color, width: 240, height: 90, clip: clip, compositor: false)
            if a != b { differing.append(trial); print("H4T \(trial) count \(count) clip \(String(describing: clip)) color \(color) glyphs \(glyphs.prefix(4).map { ($0.index, $0.x, $0.y) }) diff \(zip(a, b).enumerated().filter { $0.element.0 != $0.element.1 }.prefix(6).map { ($0.offset / 4 % 240, $0.offset / 960, $0.element.0, $0.element.1) })") }
        }
        let differ = differing.count
        #expect(differ == 0, "\(differ) of 400 calls differ from Cairo's, the first \(differing.prefix(8))")
        withExtendedLifetime(context) {}
    }

    /// Glyphs an eighth of a pixel further right (or down) have their ink an eighth of a pixel
    /// further that way (the coverage-weighted mean of their pixels, over a font's first 12
    /// glyphs: one thin stem's mean stays put while it moves within one pixel), each glyph's
    /// ink does not move the other way, and eight eighths are one whole pixel, exactly.
    @Test(arguments: [false, true])
    func eighthPhasesMoveTheInk(down: Bool) throws {
        let (context, sources) = try Self.glyphSources()
        defer { for source in sources { cairo_scaled_font_destroy(source.font) } }
        let black = Color(red: 0, green: 0, blue: 0)
        for source in sources {
            var ink = [Double](repeating: 0, count: 9), moment = ink
            for index in source.glyphs.prefix(12) {
                var images: [[UInt8]] = []
                var across: [Double] = []
                for k in 0...8 {
                    let step = Double(k) / 8
                    let glyph = cairo_glyph_t(index: index, x: 30 + (down ? 0 : step), y: 60 + (down ? step : 0))
                    let image = try Self.pixels([glyph], font: source, color: black, width: 100, height: 100, compositor: true)
                    images.append(image)
                    var glyphInk = 0.0, glyphAcross = 0.0
                    for p in Swift.stride(from: 0, to: image.count, by: 4) {
                        let coverage = 255 - Double(image[p + 1])   // green: 255 on the background
                        let (x, y) = (Double((p / 4) % 100), Double((p / 4) / 100))
                        glyphInk += coverage
                        moment[k] += coverage * (down ? y : x)
                        glyphAcross += coverage * (down ? x : y)
                    }
                    ink[k] += glyphInk
                    if glyphInk > 0 { across.append(glyphAcross / glyphInk) }
                }
                // Not moved the other way (but for the rounding of coverage to 8 bits).
                if let first = across.first {
                    #expect(across.allSatisfy { abs($0 - first) < 0.02 }, "glyph \(index) moved across: \(across)")
                }
                // Phase 8 is phase 0 one pixel to the right (or one row down).
                let offset = down ? 400 : 4
                let shifted = Array(repeating: UInt8(0), count: offset) + images[0].dropLast(offset)
                #expect(zip(images[8], shifted).enumerated().allSatisfy { i, p in (down ? i < 400 : i % 400 < 4) || p.0 == p.1 },
                        "glyph \(index): eight eighths are not one pixel")
            }
            let means = zip(moment, ink).map { $0 / $1 }
            for k in 1...8 {
                let along = means[k] - means[k - 1]
                #expect(along > 0.08 && along < 0.17, "\(source.file): phase \(k) moved the ink by \(along) px, not 1/8")
            }
        }
        withExtendedLifetime(context) {}
    }

    /// One call of 512 coverages not yet made (8 glyphs at all 64 phases, apart from each other)
    /// makes the thread's table grow while the call places its glyphs: what it draws is what
    /// one call per glyph draws, each finding its coverage in the table the first call left.
    @Test func aCallThatGrowsTheTableDrawsWhatSmallCallsDraw() throws {
        let (context, sources) = try Self.glyphSources()
        defer { for source in sources { cairo_scaled_font_destroy(source.font) } }
        let source = try #require(sources.first { $0.advance < 8 && Set($0.glyphs).count >= 8 })
        let distinct = Array(Set(source.glyphs)).sorted().prefix(8)
        var glyphs: [cairo_glyph_t] = []
        for (g, index) in distinct.enumerated() {
            for phase in 0..<64 {
                let cell = g * 64 + phase
                glyphs.append(cairo_glyph_t(index: index, x: 10 + Double(cell % 32) * 24 + Double(phase % 8) / 8,
                                            y: 30 + Double(cell / 32) * 40 + Double(phase / 8) / 8))
            }
        }
        let (width, height) = (800, 30 + 16 * 40)
        func draw(_ calls: [[cairo_glyph_t]]) throws -> [UInt8] {
            let cr = try CairoContext(CairoSurface.image(width: width, height: height))
            cr.paintReplacing(Color(red: 1, green: 1, blue: 1))
            cr.setSource(Color(red: 0.1, green: 0.2, blue: 0.6))
            PNGGlyphs.onThisThread {
                for call in calls {
                    let shown = call.withUnsafeBufferPointer { buffer in
                        source.file.withCString { grgr_show_glyphs(cr.pointer, source.font, $0, source.index, buffer.baseAddress, Int32(buffer.count)) }
                    }
                    #expect(shown == 0, "the compositor left a call to Cairo")
                }
                #expect(PNGGlyphs.renderedCoverages == 512)
            }
            cr.surface.flush()
            let data = try #require(cairo_image_surface_get_data(cr.surface.pointer))
            return Array(UnsafeBufferPointer(start: data, count: Int(cairo_image_surface_get_stride(cr.surface.pointer)) * height))
        }
        let once = try draw([glyphs]), each = try draw(glyphs.map { [$0] })
        #expect(once.contains { $0 != 255 }, "nothing drawn")
        #expect(once == each)
        withExtendedLifetime(context) {}
    }

    /// Whole renders: the same PNG bytes on 1, 2 and 7 painting threads, and the same pixels
    /// with bands of 40, 97 and the default rows (a band's glyphs are cut by its edges only),
    /// at whole and fractional scales.
    @Test(arguments: [1.0, 1.5, 2.0])
    func rendersGiveTheSameBytesOnAnyThreadsAndBands(scale: Double) throws {
        func png(threads: Int, rows: Int) throws -> [UInt8] {
            var grid = GridRendererTests.features(scale: scale)
            grid.scale = scale
            let job = try RenderJob(grid, options: RenderOptions(paintThreads: threads), format: .png)
            return try job.png(path: nil, options: RenderOptions(paintThreads: threads), maxBandRows: rows)
        }
        let one = try png(threads: 1, rows: 40)
        #expect(try png(threads: 2, rows: 40) == one)
        #expect(try png(threads: 7, rows: 40) == one)
        let pixels = try PNGImage(decoding: one).rgba
        #expect(try PNGImage(decoding: png(threads: 2, rows: 97)).rgba == pixels)
        #expect(try PNGImage(decoding: png(threads: 1, rows: RenderJob.maxBandRows)).rgba == pixels)
    }
}

