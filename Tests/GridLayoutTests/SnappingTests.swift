import Testing
@testable import GridLayout

/// Snapping (DESIGN.md §3): in whole points once, whatever the scale; the scale only multiplies.
@Suite struct SnappingTests {
    func fills(_ count: Int, width: Double, scale: Double, _ snapping: Snapping) -> Layout {
        var spec = tableSpec(columns: count, width: width)
        spec.defaultColumnWidth = .fill(1)
        spec.scale = scale
        spec.snapping = snapping
        return LayoutEngine.layout(spec)
    }

    /// Pixel edges of `values` (point edges) at `scale`, as the drawing and `--units px` apply them.
    func pixels(_ values: [Double], _ scale: Double) -> [Double] { values.map { PixelEdges.edge($0, scale: scale) } }

    /// Pixel widths of the columns: differences of rounded edges.
    func pixelWidths(_ layout: Layout, _ scale: Double) -> [Double] {
        layout.columns.map { PixelEdges.span(start: $0.offset, length: $0.size, scale: scale).length }
    }

    @Test func scaleDoesNotChangeTheLayout() {
        for snapping in [Snapping.distribute, .nearest] {
            let one = fills(6, width: 320, scale: 1, snapping)
            for scale in [2.0, 3, 1.5, 0.4] {
                let other = fills(6, width: 320, scale: scale, snapping)
                #expect(other.columns == one.columns, "\(snapping) at \(scale)")
                #expect(other.size == one.size)
            }
        }
    }

    @Test func distributeAtScale2IsTwiceScale1() {
        let layout = fills(6, width: 320, scale: 2, .distribute)
        #expect(layout.columnWidths == [54, 54, 53, 53, 53, 53])
        #expect(layout.columnXs == [0, 54, 108, 161, 214, 267])
        #expect(pixels(layout.columnXs, 2) == [0, 108, 216, 322, 428, 534])
        #expect(pixelWidths(layout, 2) == [108, 108, 106, 106, 106, 106])
        #expect(pixelWidths(layout, 3) == [162, 162, 159, 159, 159, 159])
        #expect(layout.size.width == 320)
    }

    @Test func distributeAtScale1_5RoundsEdgesToPixels() {
        let layout = fills(7, width: 100, scale: 1.5, .distribute)
        // Snapped in points: 15, 15, 14 ×5; then edges × 1.5 rounded half up.
        #expect(layout.columnWidths == [15, 15, 14, 14, 14, 14, 14])
        #expect(pixels(layout.columnXs, 1.5) == [0, 23, 45, 66, 87, 108, 129])
        #expect(pixelWidths(layout, 1.5) == [23, 22, 21, 21, 21, 21, 21])
        for track in layout.columns {
            // No edge moves by more than half a pixel from points × scale.
            #expect(abs(PixelEdges.edge(track.offset, scale: 1.5) - track.offset * 1.5) <= 0.5)
        }
    }

    @Test func nearestAtScale1_5() {
        let layout = fills(7, width: 100, scale: 1.5, .nearest)
        #expect(layout.columnXs == [0, 14, 29, 43, 57, 71, 86])
        #expect(pixels(layout.columnXs, 1.5) == [0, 21, 44, 65, 86, 107, 129])
    }

    @Test func nearestAtScale2() {
        let layout = fills(6, width: 320, scale: 2, .nearest)
        #expect(layout.columnWidths == [53, 54, 53, 53, 54, 53])
        #expect(pixels(layout.columnXs, 2) == [0, 106, 214, 320, 426, 534])
    }

    @Test func noneKeepsUnroundedValues() {
        let layout = fills(3, width: 100, scale: 2, .none)
        #expect(rounded(layout.columnWidths, 1000) == [33.333, 33.333, 33.333])
        #expect(abs(layout.contentSize.width - 100) < 1e-9)
    }

    @Test func distributeTiesPreferTracksThenLowerIndex() {
        // Segments 0.5 (margin), 10.5, 10.5, 0.5 (margin): total 22 → 2 pixels to hand out.
        let snapped = PixelSnapper.snap([0.5, 10.5, 10.5, 0.5], isTrack: { $0 == 1 || $0 == 2 }, mode: .distribute)
        #expect(snapped == [0, 11, 11, 0])
        let spacings = PixelSnapper.snap([0.5, 10, 0.5, 10, 0.5, 10, 0.5], isTrack: { $0 % 2 == 1 }, mode: .distribute)
        #expect(spacings == [1, 10, 1, 10, 0, 10, 0])
    }

    @Test func containerSnapsToWholePoints() {
        var spec = tableSpec(columns: 2, width: 100.3)
        spec.defaultColumnWidth = .fill(1)
        let layout = LayoutEngine.layout(spec)
        #expect(layout.size.width == 100)
        #expect(layout.contentSize.width == 100)
        #expect(layout.columnWidths == [50, 50])
    }
}
