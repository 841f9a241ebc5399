import Testing
@testable import GridLayout

/// Pixel snapping (DESIGN.md §3) at scales 1, 2 and 1.5.
@Suite struct SnappingTests {
    func fills(_ count: Int, width: Double, scale: Double, _ snapping: Snapping) -> Layout {
        var spec = tableSpec(columns: count, width: width)
        spec.defaultColumnWidth = .fill(1)
        spec.scale = scale
        spec.snapping = snapping
        return LayoutEngine.layout(spec)
    }

    func pixels(_ values: [Double], _ scale: Double) -> [Double] { values.map { ($0 * scale).rounded() } }

    @Test func distributeAtScale2() {
        let layout = fills(6, width: 320, scale: 2, .distribute)
        #expect(layout.columnWidths == [53.5, 53.5, 53.5, 53.5, 53, 53])
        #expect(layout.columnXs == [0, 53.5, 107, 160.5, 214, 267])
        #expect(layout.size.width == 320)
    }

    @Test func distributeAtScale1_5() {
        let layout = fills(7, width: 100, scale: 1.5, .distribute)
        #expect(pixels(layout.columnWidths, 1.5) == [22, 22, 22, 21, 21, 21, 21])
        #expect(pixels(layout.columnXs, 1.5) == [0, 22, 44, 66, 87, 108, 129])
        for track in layout.columns {
            #expect(abs(track.offset * 1.5 - (track.offset * 1.5).rounded()) < 1e-9)
        }
    }

    @Test func nearestAtScale1_5() {
        let layout = fills(7, width: 100, scale: 1.5, .nearest)
        #expect(pixels(layout.columnWidths, 1.5) == [21, 22, 21, 22, 21, 22, 21])
        #expect(pixels(layout.columnXs, 1.5) == [0, 21, 43, 64, 86, 107, 129])
    }

    @Test func nearestAtScale2() {
        let layout = fills(6, width: 320, scale: 2, .nearest)
        // Edges at 106.67 px steps: 0, 107, 213, 320, 427, 533, 640.
        #expect(pixels(layout.columnXs, 2) == [0, 107, 213, 320, 427, 533])
        #expect(pixels(layout.columnWidths, 2) == [107, 106, 107, 107, 106, 107])
    }

    @Test func noneKeepsUnroundedValues() {
        let layout = fills(3, width: 100, scale: 2, .none)
        #expect(rounded(layout.columnWidths, 1000) == [33.333, 33.333, 33.333])
        #expect(abs(layout.contentSize.width - 100) < 1e-9)
    }

    @Test func distributeTiesPreferTracksThenLowerIndex() {
        // Segments 0.5 (margin), 10.5, 10.5, 0.5 (margin): total 22 → 2 pixels to hand out.
        let snapped = PixelSnapper.snap([0.5, 10.5, 10.5, 0.5], isTrack: { $0 == 1 || $0 == 2 }, scale: 1, mode: .distribute)
        #expect(snapped == [0, 11, 11, 0])
        let spacings = PixelSnapper.snap([0.5, 10, 0.5, 10, 0.5, 10, 0.5], isTrack: { $0 % 2 == 1 }, scale: 1, mode: .distribute)
        #expect(spacings == [1, 10, 1, 10, 0, 10, 0])
    }

    @Test func containerSnapsToWholePixels() {
        var spec = tableSpec(columns: 2, width: 100.3)
        spec.defaultColumnWidth = .fill(1)
        let layout = LayoutEngine.layout(spec)
        #expect(layout.size.width == 100)
        #expect(layout.contentSize.width == 100)
        #expect(layout.columnWidths == [50, 50])
    }
}
