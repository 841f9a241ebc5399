import Testing
@testable import GridLayout

/// Spanner frames: exactly their columns across, their row down; reported after the cells.
@Suite struct SpannerPlacementTests {
    func spec() -> GridSpec {
        var table = GridSpec.Table(columnCount: 4, rows: [.header, .header, .header, .data])
        table.spanners = [SpannerPlacement(label: "B–C", level: 0, row: 1, columns: 1..<3),
                          SpannerPlacement(label: "Top \"all\"", level: 1, row: 0, columns: 0..<4)]
        var spec = GridSpec(content: .table(table), width: 330)
        spec.defaultColumnWidth = .fill(1)
        spec.defaultRowHeight = .fixed(20)
        spec.columnSpacing = Spacing(10)
        return spec
    }

    @Test func framesSpanExactlyTheirColumns() {
        let layout = LayoutEngine.layout(spec())
        #expect(layout.columns.map(\.offset) == [0, 85, 170, 255])
        #expect(layout.frame(of: layout.spanners[0]) == Rect(x: 85, y: 20, width: 160, height: 20))
        #expect(layout.frame(of: layout.spanners[1]) == Rect(x: 0, y: 0, width: 330, height: 20))
        #expect(layout.frame(of: SpannerPlacement(label: "x", level: 0, row: 9, columns: 0..<1)) == nil)
        var w = JSONWriter(capacity: 8); w.string("a\"\\\n\u{1}"); #expect(w.text == #""a\"\\\n\u0001""#)
    }

    @Test func jsonListsThemAfterTheCells() {
        var s = spec()
        s.scale = 2
        let text = LayoutEngine.layout(s).json(units: .pixels)
        #expect(text.hasSuffix("""
            ],
             "spanners": [{"label": "B–C", "level": 0, "x": 170, "y": 40, "width": 320, "height": 40}, \
            {"label": "Top \\"all\\"", "level": 1, "x": 0, "y": 0, "width": 660, "height": 40}]}
            """))
        #expect(!LayoutEngine.layout(tableSpec(columns: 2)).json(units: .points).contains("spanners"))
    }
}
