import CCairo
import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// The SVG player's clips off the pixel grid (an unsnapped layout): read from the rectangles
/// the context tracked (`TrackedClip`), written with Cairo's fixed-point numbers.
@Suite struct SVGPlayerClipTests {
    /// Generated clips at fractional positions, nested, under translations: the clip path the
    /// player writes is the intersection of the rectangles in Cairo's 1/256 steps, and Cairo
    /// agrees it is the clip (`cairo_in_clip` counts the edges in: each edge is in, the 1/256
    /// step beyond it out).
    @Test func unsnappedClipsAreWrittenWithCairosNumbers() throws {
        var seed: UInt64 = 26
        func next(_ range: Double) -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 40) / Double(1 << 24) * range
        }
        for _ in 0..<40 {
            let cr = try CairoContext(CairoSurface.svg(width: 100, height: 50))
            let player = try SVGPlayer(defs: SVGGlyphDefs(), page: SVGPlayerTests.page)
            cr.svgPlayer = player
            cr.save()
            cr.translate(next(3), next(3))
            cr.rectangle(Rect(x: next(20), y: next(10), width: 40 + next(30), height: 20 + next(15)))
            cr.clip()
            cr.translate(next(2), next(2))
            cr.rectangle(Rect(x: next(20), y: next(10), width: 40 + next(30), height: 20 + next(15)))
            cr.clip()
            var list = DisplayList()
            list.append(.fill(FillNode(rects: [Rect(x: -10, y: -10, width: 200, height: 100)], color: .black)))
            _ = try CairoPlayer.play(list, on: cr)
            player.finish()
            #expect(player.refusal == nil)
            let clip = try #require(cr.trackedClip.deviceRect)
            let midX = clip.x + clip.width / 2, midY = clip.y + clip.height / 2
            let step = 1.0 / 256
            for edge in [clip.x, clip.y, clip.maxX, clip.maxY] { #expect((edge * 256).rounded() == edge * 256, "\(clip)") }
            for (x, y, inside) in [(clip.x, midY, true), (clip.x - step, midY, false),
                                   (clip.maxX, midY, true), (clip.maxX + step, midY, false),
                                   (midX, clip.y, true), (midX, clip.y - step, false),
                                   (midX, clip.maxY, true), (midX, clip.maxY + step, false)] {
                cairo_save(cr.pointer)
                cairo_identity_matrix(cr.pointer)
                #expect((cairo_in_clip(cr.pointer, x, y) != 0) == inside, "\(clip) at \(x), \(y)")
                cairo_restore(cr.pointer)
            }
            let id = String(decoding: SVGGlyphDefs().clip(clip), as: UTF8.self)
            #expect(SVGPlayerTests.text(player).hasPrefix("<g clip-path=\"url(#\(id))\">"))
            cr.restore()
            #expect(cr.trackedClip.rects.isEmpty)
        }
    }

    /// A clip to something not one rectangle (two rectangles, the even-odd rule) is refused.
    @Test func clipNotOneRectangleIsRefused() throws {
        for evenOdd in [false, true] {
            let cr = try CairoContext(CairoSurface.svg(width: 100, height: 50))
            let player = try SVGPlayer(defs: SVGGlyphDefs(), page: SVGPlayerTests.page)
            cr.svgPlayer = player
            cr.rectangle(Rect(x: 0, y: 0, width: 50, height: 50))
            cr.rectangle(Rect(x: 10, y: 10, width: 5, height: 5))
            evenOdd ? cr.clipEvenOdd() : cr.clip()
            var list = DisplayList()
            list.append(.fill(FillNode(rects: [Rect(x: 0, y: 0, width: 20, height: 20)], color: .black)))
            _ = try CairoPlayer.play(list, on: cr)
            #expect(player.refusal != nil)
        }
    }
}
