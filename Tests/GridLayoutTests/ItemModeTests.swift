import Testing
@testable import GridLayout

/// Item mode: flow, limits, sections, item heights (DESIGN.md §3, "Track count and flow").
@Suite struct ItemModeTests {
    func items(_ sections: [GridSpec.Items.Section], limit: LineLimit? = .maxColumns(3), flow: Flow = .rows,
               newLine: Bool = true, width: Double = 90) -> GridSpec {
        GridSpec(content: .items(.init(sections: sections, flow: flow, limit: limit, itemHeight: .lineSize(10),
                                       sectionsStartOnNewLine: newLine)), width: width)
    }

    func grid(_ layout: Layout) -> [[Int?]] {
        (0..<layout.rows.count).map { row in (0..<layout.columns.count).map { layout.cell(row: row, column: $0)?.item } }
    }

    @Test func itemHeightLineSize() {
        let layout = LayoutEngine.layout(itemSpec(4, limit: .maxColumns(4), itemHeight: .lineSize(30), width: 200))
        #expect(layout.rowHeights == [30])
    }

    @Test func itemHeightMultiplier() {
        let layout = LayoutEngine.layout(itemSpec(8, limit: .maxColumns(4), itemHeight: .multiplier(1.5), width: 200))
        #expect(layout.columnWidths == [50, 50, 50, 50])
        #expect(layout.rowHeights == [75, 75])
    }

    @Test func itemHeightExtension() {
        let layout = LayoutEngine.layout(itemSpec(4, limit: .maxColumns(4), itemHeight: .extension(20), width: 200))
        #expect(layout.rowHeights == [70])
    }

    @Test func noItemHeightBehavesAsLineSizeZero() {
        let layout = LayoutEngine.layout(itemSpec(6, limit: .maxColumns(3), width: 100))
        #expect(layout.rowHeights == [33, 33])
    }

    @Test func defaultRowHeightWithoutItemHeight() {
        var spec = itemSpec(6, limit: .maxColumns(3), width: 100)
        spec.defaultRowHeight = .fixed(12)
        spec.rowHeights = [nil, .fixed(40)]
        #expect(LayoutEngine.layout(spec).rowHeights == [12, 40])
    }

    @Test func flowColumnsMaxRows() {
        let layout = LayoutEngine.layout(items([.init(count: 7)], limit: .maxRows(3), flow: .columns))
        #expect(grid(layout) == [[0, 3, 6], [1, 4, nil], [2, 5, nil]])
        #expect(layout.allCells.map { $0.item } == [0, 3, 6, 1, 4, 2, 5])
    }

    @Test func flowColumnsMaxColumns() {
        let layout = LayoutEngine.layout(items([.init(count: 7)], limit: .maxColumns(2), flow: .columns))
        #expect(grid(layout) == [[0, 4], [1, 5], [2, 6], [3, nil]])
    }

    @Test func flowRowsMaxRows() {
        let layout = LayoutEngine.layout(items([.init(count: 7)], limit: .maxRows(2)))
        #expect(grid(layout) == [[0, 1, 2, 3], [4, 5, 6, nil]])
    }

    @Test func noLimitIsOneLine() {
        let layout = LayoutEngine.layout(items([.init(count: 4)], limit: nil))
        #expect(grid(layout) == [[0, 1, 2, 3]])
        let columns = LayoutEngine.layout(items([.init(count: 3)], limit: nil, flow: .columns))
        #expect(grid(columns) == [[0], [1], [2]])
    }

    @Test func sectionsStartOnNewLine() {
        let layout = LayoutEngine.layout(items([.init(count: 2), .init(count: 4)]))
        #expect(grid(layout) == [[0, 1, nil], [2, 3, 4], [5, nil, nil]])
        #expect(layout.rowSections == [0, 1, 1])
        #expect(layout.cell(row: 1, column: 0)?.section == 1)
    }

    @Test func sectionsContinueTheLine() {
        let layout = LayoutEngine.layout(items([.init(count: 2), .init(count: 4)], newLine: false))
        #expect(grid(layout) == [[0, 1, 2], [3, 4, 5]])
        #expect(layout.rowSections == [0, 1])
        #expect(layout.cell(row: 0, column: 1)?.section == 0)
        #expect(layout.cell(row: 0, column: 2)?.section == 1)
    }

    @Test func sectionHeadersAndCollapsed() {
        var spec = items([.init(count: 2, hasHeader: true), .init(count: 3, hasHeader: true, collapsed: true),
                          .init(count: 2, hasHeader: true)], newLine: false)
        if case .items(var content) = spec.content {
            content.sectionHeaderHeight = .fixed(24)
            spec.content = .items(content)
        }
        let layout = LayoutEngine.layout(spec)
        #expect(layout.rowKinds == [.section, .item, .section, .section, .item])
        #expect(layout.rowSections == [0, 0, 1, 2, 2])
        #expect(layout.rowHeights == [24, 10, 24, 24, 10])
        #expect(grid(layout)[4] == [2, 3, nil])
        #expect(layout.cell(row: 0, column: 2) == nil)   // a hidden column of the section row
        #expect(layout.cells(in: Rect(x: 70, y: 1, width: 5, height: 5)).map(\.row) == [0])
        let header = layout.cell(row: 0, column: 0)
        #expect(header?.row == 0 && header?.column == 0 && header?.columnSpan == 3 && header?.item == nil)
        #expect(header?.frame == Rect(x: 0, y: 0, width: 90, height: 24))
        #expect(layout.cellCount == 7)
        #expect(layout.allCells.count == 7)
    }

    @Test func autoSectionHeaderIsMeasuredAtFullWidth() {
        let spec = items([.init(count: 2, hasHeader: true)])
        let measurer = FakeMeasurer(heightOf: { _, _, width in width / 3 })
        #expect(LayoutEngine.layout(spec, measurer: measurer).rowHeights == [30, 10])
    }

    @Test func flowColumnsWithHeaderBlocks() {
        let layout = LayoutEngine.layout(items([.init(count: 3, hasHeader: true), .init(count: 2, hasHeader: true)],
                                               limit: .maxRows(2), flow: .columns))
        #expect(layout.rowKinds == [.section, .item, .item, .section, .item, .item])
        #expect(grid(layout) == [[nil, nil], [0, 2], [1, nil], [nil, nil], [3, nil], [4, nil]])
        #expect(layout.cell(row: 4, column: 0)?.section == 1)
    }

    @Test func flowColumnsSectionsContinueOrStartColumns() {
        let continuing = LayoutEngine.layout(items([.init(count: 3), .init(count: 3)], limit: .maxRows(2),
                                                   flow: .columns, newLine: false))
        #expect(grid(continuing) == [[0, 2, 4], [1, 3, 5]])
        let fresh = LayoutEngine.layout(items([.init(count: 3), .init(count: 3)], limit: .maxRows(2), flow: .columns))
        #expect(grid(fresh) == [[0, 2, 3, 5], [1, nil, 4, nil]])
        #expect(fresh.cell(row: 0, column: 2)?.section == 1)
    }

    @Test func collapsedWithoutHeaderShowsNothing() {
        let layout = LayoutEngine.layout(items([.init(count: 3, collapsed: true), .init(count: 1)]))
        #expect(grid(layout) == [[0, nil, nil]])
        #expect(layout.rowSections == [1])
    }

    @Test func adaptiveColumns() {
        var spec = GridSpec(content: .items(.init(sections: [.init(count: 7)], itemHeight: .lineSize(10))), width: 330)
        spec.defaultColumnWidth = .adaptive(min: 100, max: 101)
        spec.columnSpacing = Spacing(10)
        let layout = LayoutEngine.layout(spec)
        #expect(layout.columnWidths == [101, 101, 101])
        #expect(layout.columnXs == [0, 111, 222])
        #expect(layout.rows.count == 3)
        spec.defaultColumnWidth = .adaptive(min: 100)
        #expect(rounded(LayoutEngine.layout(spec).columnWidths, 1) == [104, 103, 103])
    }

    @Test func viewportWidthIsTheItemGridWidth() {
        var spec = itemSpec(10, limit: .maxColumns(4), itemHeight: .lineSize(0))
        spec.viewport = Rect(x: 0, y: 30, width: 200, height: 100)
        let layout = LayoutEngine.layout(spec)
        #expect(layout.columnWidths == [50, 50, 50, 50])
        #expect(layout.size == Size(width: 200, height: 100))
        #expect(layout.contentSize == Size(width: 200, height: 150))
        #expect(layout.regions.map(\.rows) == [0..<3])
    }

    @Test func itemModeIgnoresCellAlignment() {
        var spec = itemSpec(2, limit: .maxColumns(2), itemHeight: .lineSize(10), width: 40)
        spec.cellAlignment = AxisPair(horizontal: .center, vertical: .end)
        #expect(LayoutEngine.layout(spec).cell(row: 0, column: 1)?.frame == Rect(x: 20, y: 0, width: 20, height: 10))
    }
}
