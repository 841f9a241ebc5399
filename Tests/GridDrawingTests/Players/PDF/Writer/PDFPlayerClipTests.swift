import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// Clips where Cairo's PDF surface writes them (`PDFPlayer+Clip`): per operation, none where the
/// painter's clip holds the operation's extents, the clip in force kept where it holds them,
/// else the painter's clip cut to the extents; an operation wholly outside is not written.
@Suite struct PDFPlayerClipTests {
    static let black = Color(hex: 0)

    @Test func aFillInsideTheClipIsWrittenWithoutOne() throws {
        let player = try PDFPlayerTests.played([PDFPlayerTests.fill([Rect(x: 12, y: 10, width: 20, height: 5)], Self.black)],
                                               clip: Rect(x: 10, y: 10, width: 40, height: 20))
        #expect(!player.stream.contains("W n"))
        #expect(player.stream.contains("12 10 20 5 re\nf\n"))
    }

    /// A fill ending on the clip's whole-unit edge is held by it (Cairo's extents are rounded
    /// out, so an edge off the grid is not).
    @Test func aFillOnTheClipsEdgeIsHeldOnlyOnWholeUnits() throws {
        let on = try PDFPlayerTests.played([PDFPlayerTests.fill([Rect(x: 10, y: 25, width: 40, height: 5)], Self.black)],
                                           clip: Rect(x: 10, y: 10, width: 40, height: 20))
        #expect(!on.stream.contains("W n"))
        let off = try PDFPlayerTests.played([PDFPlayerTests.fill([Rect(x: 10, y: 25, width: 40, height: 5)], Self.black)],
                                            clip: Rect(x: 10, y: 10, width: 40, height: 19.5))
        // Extents 10…50 × 25…30, cut by the clip to 25…29.5.
        #expect(off.stream.contains("q 10 25 40 4.5 re W n\n"))
    }

    @Test func aFillAcrossTheClipIsClippedToTheClipCutToItsExtents() throws {
        let player = try PDFPlayerTests.played([PDFPlayerTests.fill([Rect(x: 0, y: 12.5, width: 30, height: 5)], Self.black)],
                                               clip: Rect(x: 10.5, y: 10, width: 40, height: 20))
        // Extents 0…30 × 12…18 (rounded out), cut by the clip 10.5…50.5 × 10…30.
        #expect(player.stream.contains("q 10.5 12 19.5 6 re W n\n"))
    }

    @Test func aFillOutsideTheClipIsNotWritten() throws {
        let player = try PDFPlayerTests.played([PDFPlayerTests.fill([Rect(x: 0, y: 0, width: 5, height: 5)], Self.black)],
                                               clip: Rect(x: 10, y: 10, width: 40, height: 20))
        #expect(!player.stream.contains(" re\n"))
        #expect(!player.stream.contains("W n"))
    }

    /// Once a clip is written it stays for what it holds, and ends (`Q`) before something it
    /// does not hold that the painter's clip holds.
    @Test func theClipInForceStaysWhileItHoldsTheNextOperation() throws {
        var list = PDFPlayerTests.fill([Rect(x: 0, y: 12, width: 30, height: 6)], Self.black)
        list.append(.fill(FillNode(rects: [Rect(x: 12, y: 13, width: 5, height: 2)], color: Self.black)))
        list.append(.fill(FillNode(rects: [Rect(x: 20, y: 22, width: 5, height: 2)], color: Self.black)))
        let player = try PDFPlayerTests.played([list], clip: Rect(x: 10, y: 10, width: 40, height: 20))
        #expect(player.stream.contains("q 10 12 20 6 re W n\n0 0 0 rg\n0 12 30 6 re\nf\n12 13 5 2 re\nf\nQ\n0 0 0 rg\n20 22 5 2 re\nf\n"))
    }

    /// Generated fills and clips: the stream's clip around each fill is what Cairo's rule gives.
    @Test(arguments: 0..<20)
    func generatedFillsFollowCairosRule(seed: Int) throws {
        var rng = WriterTestRandom(seed: UInt64(seed) &+ 0xC11)
        func v(_ max: Int) -> Double { Double(Int(rng.next() % UInt64(max * 4))) / 4 }
        let clip = Rect(x: v(40), y: v(20), width: 1 + v(50), height: 1 + v(25))
        let fill = Rect(x: v(90), y: v(45), width: 0.25 + v(20), height: 0.25 + v(10))
        let player = try PDFPlayerTests.played([PDFPlayerTests.fill([fill], Self.black)], clip: clip)
        let extents = PDFPlayer.roundedOut(x0: fill.x, y0: fill.y, x1: fill.maxX, y1: fill.maxY)
        let line = player.stream.split(separator: "\n").first { $0.hasPrefix("q ") && $0.hasSuffix(" re W n") }
        let numbers = line.map { $0.split(separator: " ").dropFirst().prefix(4).compactMap { Double($0) } }
        guard let cut = clip.intersection(extents) else {
            #expect(!player.stream.contains(" re\n"), "\(fill) outside \(clip)")
            return
        }
        if PDFPlayer.holds(clip, extents) {
            #expect(numbers == nil, "\(fill) held by \(clip)")
        } else {
            #expect(numbers == [cut.x, cut.y, cut.width, cut.height], "\(fill) across \(clip)")
        }
    }
}
