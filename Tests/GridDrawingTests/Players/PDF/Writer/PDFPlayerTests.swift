import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// The project's PDF player (`PDFPlayer`): the exact content-stream operators of small lists,
/// their clip, opacity and, in a tagged page, marked content and artifacts.
@Suite struct PDFPlayerTests {
    /// `list` played on a 100×50 page translated by (`tx`, `ty`) and clipped to `clip` (user space).
    static func played(_ lists: [DisplayList], tagged: Bool = false, tx: Double = 0, ty: Double = 0, clip: Rect? = nil) throws -> PDFPlayer {
        let cr = try CairoContext(CairoSurface.svg(width: 100, height: 50))
        let player = PDFPlayer(width: 100, height: 50, structure: tagged ? PDFStructure(columnCount: 1) : nil)
        cr.pdfPlayer = player
        cr.translate(tx, ty)
        if let clip {
            cr.rectangle(clip)
            cr.clip()
        }
        for list in lists { _ = try CairoPlayer.play(list, on: cr) }
        return player
    }

    static func fill(_ rects: [Rect], _ color: Color) -> DisplayList {
        var list = DisplayList()
        list.append(.fill(FillNode(rects: rects, color: color)))
        return list
    }

    @Test func fillsAreRectanglesInDeviceSpaceUnderCairosFlip() throws {
        let player = try Self.played([Self.fill([Rect(x: 1, y: 2, width: 10, height: 5), Rect(x: 0.5, y: 20, width: 3.25, height: 1)],
                                                Color(hex: 0x112233))], tx: 4)
        #expect(player.stream == "1 0 0 -1 0 50 cm\n0.066667 0.133333 0.2 rg\n5 2 10 5 re\n4.5 20 3.25 1 re\nf\n")
        #expect(player.refusal == nil)
    }

    @Test func strokesCarryWidthDashAndColourOnce() throws {
        var list = DisplayList()
        let segments = [StrokeNode.Segment(x0: 0, y0: 10, x1: 40, y1: 10)]
        list.append(.stroke(StrokeNode(segments: segments, color: Color(hex: 0xff0000), width: 2, dash: [3, 1.5])))
        list.append(.stroke(StrokeNode(segments: segments, color: Color(hex: 0xff0000), width: 2, dash: [])))
        let player = try Self.played([list])
        #expect(player.stream == "1 0 0 -1 0 50 cm\n1 0 0 RG\n2 w\n[3 1.5] 0 d\n0 10 m 40 10 l\nS\n[] 0 d\n0 10 m 40 10 l\nS\n")
    }

    /// Opacity goes through `/ExtGState` names in the order met, and back to 1 by name too.
    @Test func translucentColoursUseGraphicsStates() throws {
        let r = [Rect(x: 0, y: 0, width: 1, height: 1)]
        let player = try Self.played([Self.fill(r, Color(red: 0, green: 0, blue: 0, alpha: 0.5)), Self.fill(r, Color(hex: 0))])
        #expect(player.stream.contains("/a0 gs\n0 0 0 rg\n0 0 1 1 re\nf\n/a1 gs\n0 0 1 1 re\nf\n"))
        #expect(player.finish().alphas == [0.5, 1])
    }

    /// A clip that does not hold what is drawn is `q … re W n` until it changes, found to
    /// Cairo's fixed point even off whole device units.
    @Test func clipsAreFoundToTheFixedPoint() throws {
        let player = try Self.played([Self.fill([Rect(x: 0, y: 0, width: 100, height: 50)], Color(hex: 0))],
                                     clip: Rect(x: 10.25, y: 3.5, width: 20.125, height: 7.75))
        #expect(player.stream.contains("q 10.25 3.5 20.125 7.75 re W n\n"))
        #expect(player.finish().markedContent == 0)
    }

    /// Generated clips on the 1/256 grid come back exactly (`TrackedClip`: Cairo's fixed point),
    /// whole-unit edges included (`cairo_in_clip` cannot tell those from the step before).
    @Test(arguments: 0..<40)
    func generatedClipsComeBackToTheFixedPoint(seed: Int) throws {
        var rng = WriterTestRandom(seed: UInt64(seed) &+ 99)
        func v(_ max: Int) -> Double { Double(Int(rng.next() % UInt64(max * 256))) / 256 }
        let x = v(60), y = v(30), w = 1 + v(30), h = 1 + v(15)
        let player = try Self.played([Self.fill([Rect(x: 0, y: 0, width: 100, height: 50)], Color(hex: 0))], clip: Rect(x: x, y: y, width: w, height: h))
        let line = player.stream.split(separator: "\n").first { $0.hasPrefix("q ") && $0.hasSuffix(" re W n") }
        let numbers = line.map { $0.split(separator: " ").dropFirst().prefix(4).compactMap { Double($0) } } ?? []
        #expect(numbers.count == 4)
        guard numbers.count == 4 else { return }
        let found = [numbers[0], numbers[1], numbers[0] + numbers[2], numbers[1] + numbers[3]]
        // The stream prints three decimals (a far edge adds two roundings); a 1/256 step is 0.0039.
        for (a, b) in zip(found, [x, y, x + w, y + h]) { #expect(abs(a - b) <= 0.00101, "\(found) for \([x, y, x + w, y + h])") }
    }

    /// In a tagged page a cell's content is its own marked content; everything else is an artifact.
    @Test func taggedPagesMarkCellsAndArtifacts() throws {
        var cell = DisplayList()
        cell.append(.structure(.begin(.row)))
        cell.append(.structure(.begin(.cell)))
        cell.append(.fill(FillNode(rects: [Rect(x: 0, y: 0, width: 2, height: 2)], color: Color(hex: 0))))
        cell.append(.structure(.end(.cell)))
        cell.append(.structure(.end(.row)))
        let player = try Self.played([Self.fill([Rect(x: 0, y: 0, width: 1, height: 1)], Color(hex: 0xffffff)), cell], tagged: true)
        #expect(player.stream.contains("/Artifact BMC\n1 1 1 rg\n0 0 1 1 re\nf\nEMC\n/TD <</MCID 0>> BDC\n0 0 0 rg\n0 0 2 2 re\nf\nEMC\n"))
        let part = player.finish()
        #expect(part.markedContent == 1)
        #expect(part.events == [.begin(.row, attributes: "", mcid: nil), .begin(.cell, attributes: "", mcid: 0), .end(.cell), .end(.row)])
    }

    @Test func untaggedPagesHaveNoMarkedContent() throws {
        let player = try Self.played([Self.fill([Rect(x: 0, y: 0, width: 1, height: 1)], Color(hex: 0))])
        #expect(!player.stream.contains("BMC") && !player.stream.contains("BDC"))
    }

    /// A glow is its pixels as an image (`PDFPlayer+Glow`), placed on its pixel grid: a window
    /// of 4×4 pixels at pixel (2, 2) of a grid of 2 pixels per point is 2×2 points at (1, 1).
    @Test func glowsAreImagesOnTheirPixelGrid() throws {
        var list = DisplayList()
        list.append(.glow(GlowNode(pixel: DeviceTransform(sx: 2, sy: 2, tx: 0, ty: 0), window: Rect(x: 2, y: 2, width: 4, height: 4),
                                   outer: Rect(x: 3, y: 3, width: 2, height: 2), sigma: 1, color: Color(hex: 0), holes: [])))
        let player = try Self.played([list])
        #expect(player.refusal == nil)
        #expect(player.stream == "1 0 0 -1 0 50 cm\nq\n2 0 0 -2 1 3 cm /Im0 Do Q\n")
        #expect(player.images.map { "\($0.width)×\($0.height)" } == ["4×4"])
    }

    /// A link is an annotation in PDF space (origin bottom left), translated and flipped.
    @Test func linksAreInPDFSpace() throws {
        var list = DisplayList()
        list.append(.link(LinkNode(url: "https://example.org", rects: [Rect(x: 1, y: 2, width: 10, height: 4)])))
        let part = try Self.played([list], tx: 5, ty: 3).finish()
        #expect(part.links.count == 1)
        #expect(part.links.first?.rects == [Rect(x: 6, y: 41, width: 10, height: 4)])
    }
}
