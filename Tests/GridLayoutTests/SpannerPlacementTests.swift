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

    @Test func wideLabelsWidenTheirAutoColumns() {
        // Columns 0–2: content 20, 30, 40; column 3 fixed 50. Row 0 holds a level-1 label over
        // columns 0–3 (300 wide), row 1 a level-0 label over columns 1–2 (100 wide).
        var table = GridSpec.Table(columnCount: 4, rows: [.header, .header, .data])
        table.spanners = [SpannerPlacement(label: "top", level: 1, row: 0, columns: 0..<4),
                          SpannerPlacement(label: "low", level: 0, row: 1, columns: 1..<3)]
        var spec = GridSpec(content: .table(table))
        spec.columnWidths = [nil, nil, nil, .fixed(50)]
        spec.columnSpacing = Spacing(4)
        spec.spans = [CellSpan(row: 0, column: 0, columns: 4), CellSpan(row: 1, column: 1, columns: 2)]
        let measurer = FakeMeasurer(widthOf: { row, column in
            switch (row, column) {
            case (0, 0): 300
            case (1, 1): 100
            case (2, let c): [20, 30, 40, 0][c]
            default: 0
            }
        })
        let widths = LayoutEngine.layout(spec, measurer: measurer).columns.map(\.size)
        // Level 0 first: 100 - (30 + 4 + 40) = 26 shared by columns 1 and 2 → 43, 53.
        // Then level 1: 300 - (20 + 43 + 53 + 50 + 3 × 4) = 122 shared by columns 0–2 → 40.67 more
        // each: 60.67, 83.67, 93.67, snapped (distribute) to 61, 84, 93.
        #expect(widths == [61, 84, 93, 50])
        // Without measuring, nothing widens.
        #expect(LayoutEngine.layout(spec).columns.map(\.size) == [0, 0, 0, 50])
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
