import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// The opacity a page's operations are painted at: a clip's `Q` brings back the opacity set
/// before its `q`, so the player writes the opacity again after it when that was not 1; and an
/// image or glow (painted at the fill opacity in force) is drawn at its own.
@Suite struct PDFPlayerOpacityTests {
    static let clip = Rect(x: 10, y: 10, width: 20, height: 20)

    /// A translucent fill outside any written clip, an opaque one needing a clip, then an
    /// opaque one the clip does not hold: after `Q` the 0.5 is in force again, so 1 is set.
    @Test func opacityIsSetAgainAfterAClipEnds() throws {
        let half = Color(red: 0, green: 0, blue: 0, alpha: 0.5), opaque = Color(hex: 0)
        let player = try PDFPlayerTests.played([
            PDFPlayerTests.fill([Rect(x: 12, y: 12, width: 4, height: 4)], half),
            PDFPlayerTests.fill([Rect(x: 20, y: 20, width: 20, height: 20)], opaque),
            PDFPlayerTests.fill([Rect(x: 11, y: 11, width: 2, height: 2)], opaque),
        ], clip: Self.clip)
        #expect(player.stream.contains("/a0 gs\n0 0 0 rg\n12 12 4 4 re\nf\nq 20 20 10 10 re W n\n/a1 gs\n20 20 20 20 re\nf\nQ\n/a1 gs\n0 0 0 rg\n11 11 2 2 re\nf\n"),
                "\(player.stream)")
        #expect(player.finish().alphas == [0.5, 1])
    }

    /// Where the clip's `q` was written at opacity 1, its `Q` leaves 1: nothing written again.
    @Test func opacityOneIsKeptAcrossAClip() throws {
        let opaque = Color(hex: 0)
        let player = try PDFPlayerTests.played([
            PDFPlayerTests.fill([Rect(x: 20, y: 20, width: 20, height: 20)], Color(red: 0, green: 0, blue: 0, alpha: 0.5)),
            PDFPlayerTests.fill([Rect(x: 11, y: 11, width: 2, height: 2)], opaque),
        ], clip: Self.clip)
        #expect(player.stream.hasSuffix("Q\n0 0 0 rg\n11 11 2 2 re\nf\n"), "\(player.stream)")
    }

    /// A glow after a translucent fill is drawn opaque: `/a gs` of 1 inside its `q`.
    @Test func glowAfterATranslucentFillIsOpaque() throws {
        var list = PDFPlayerTests.fill([Rect(x: 0, y: 0, width: 4, height: 4)], Color(red: 0, green: 0, blue: 0, alpha: 0.5))
        list.append(.glow(GlowNode(pixel: DeviceTransform(sx: 2, sy: 2, tx: 0, ty: 0), window: Rect(x: 2, y: 2, width: 4, height: 4),
                                   outer: Rect(x: 3, y: 3, width: 2, height: 2), sigma: 1, color: Color(hex: 0), holes: [])))
        let player = try PDFPlayerTests.played([list])
        #expect(player.stream.hasSuffix("f\nq\n/a1 gs\n2 0 0 -2 1 3 cm /Im0 Do Q\n"), "\(player.stream)")
    }
}
