import Testing
@testable import GridLayout

/// Viewport regions with frozen rows and columns.
@Suite struct ViewportTests {
    func spec(viewport: Rect?, frozenRows: Int = 1, frozenColumns: Int = 1) -> GridSpec {
        var spec = tableSpec(columns: 10, rows: 20)
        spec.defaultColumnWidth = .fixed(50)
        spec.defaultRowHeight = .fixed(20)
        spec.viewport = viewport
        spec.frozenRows = frozenRows
        spec.frozenColumns = frozenColumns
        return spec
    }

    @Test func withoutViewportOneRegion() {
        let layout = LayoutEngine.layout(spec(viewport: nil))
        #expect(layout.size == Size(width: 500, height: 400))
        #expect(layout.regions == [ViewportRegion(clip: Rect(x: 0, y: 0, width: 500, height: 400),
                                                  offset: Point(x: 0, y: 0), rows: 0..<20, columns: 0..<10)])
    }

    @Test func frozenRowsAndColumns() {
        let layout = LayoutEngine.layout(spec(viewport: Rect(x: 100, y: 60, width: 200, height: 100)))
        #expect(layout.size == Size(width: 200, height: 100))
        #expect(layout.contentSize == Size(width: 500, height: 400))
        #expect(layout.regions == [
            ViewportRegion(clip: Rect(x: 0, y: 0, width: 50, height: 20), offset: Point(x: 0, y: 0),
                           rows: 0..<1, columns: 0..<1),
            ViewportRegion(clip: Rect(x: 50, y: 0, width: 150, height: 20), offset: Point(x: -100, y: 0),
                           rows: 0..<1, columns: 3..<6),
            ViewportRegion(clip: Rect(x: 0, y: 20, width: 50, height: 80), offset: Point(x: 0, y: -60),
                           rows: 4..<8, columns: 0..<1),
            ViewportRegion(clip: Rect(x: 50, y: 20, width: 150, height: 80), offset: Point(x: -100, y: -60),
                           rows: 4..<8, columns: 3..<6),
        ])
        #expect(layout.regions[3].contentRect == Rect(x: 150, y: 80, width: 150, height: 80))
    }

    @Test func unscrolledViewportShowsTheGridAsIs() {
        let layout = LayoutEngine.layout(spec(viewport: Rect(x: 0, y: 0, width: 120, height: 50)))
        #expect(layout.regions.map(\.rows) == [0..<1, 0..<1, 1..<3, 1..<3])
        #expect(layout.regions.map(\.columns) == [0..<1, 1..<3, 0..<1, 1..<3])
        #expect(layout.regions.allSatisfy { $0.offset == Point(x: 0, y: 0) })
    }

    @Test func viewportWithoutFrozenTracks() {
        let layout = LayoutEngine.layout(spec(viewport: Rect(x: 25, y: 10, width: 100, height: 30), frozenRows: 0, frozenColumns: 0))
        #expect(layout.regions == [ViewportRegion(clip: Rect(x: 0, y: 0, width: 100, height: 30),
                                                  offset: Point(x: -25, y: -10), rows: 0..<2, columns: 0..<3)])
    }

    @Test func viewportOriginSnapsToWholePointsAtAnyScale() {
        var s = spec(viewport: Rect(x: 10.3, y: 0.5, width: 100, height: 30), frozenRows: 0, frozenColumns: 0)
        s.scale = 2
        #expect(LayoutEngine.layout(s).regions.map(\.offset) == [Point(x: -10, y: -1)])
    }

    @Test func containerWinsOverViewportForCanvasSize() {
        var s = spec(viewport: Rect(x: 0, y: 0, width: 100, height: 30), frozenRows: 0, frozenColumns: 0)
        s.width = 300
        let layout = LayoutEngine.layout(s)
        #expect(layout.size == Size(width: 300, height: 30))
    }

    @Test func overflowReportsCanvasAndContent() {
        var s = spec(viewport: nil)
        s.width = 120
        s.height = 45
        let layout = LayoutEngine.layout(s)
        #expect(layout.size == Size(width: 120, height: 45))
        #expect(layout.contentSize == Size(width: 500, height: 400))
    }
}
