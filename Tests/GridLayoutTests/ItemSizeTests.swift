import Testing
@testable import GridLayout

/// `itemSize` (DESIGN.md §9): items smaller than their slots, placed by `cellAlignment`.
@Suite struct ItemSizeTests {
    func layout(_ alignment: CellAlignment, width: Double? = 200) -> Layout {
        var spec = itemSpec(5, limit: .maxColumns(2), width: width)
        if case .items(var items) = spec.content {
            items.itemSize = ItemSize(width: 40, height: 30)
            spec.content = .items(items)
        }
        spec.cellAlignment = AxisPair(horizontal: alignment, vertical: alignment)
        spec.rowHeights = [.fixed(50), .fixed(50), .fixed(50)]
        return LayoutEngine.layout(spec)
    }

    @Test func fillCentresAFixedSizeItemInItsSlot() {
        let cell = layout(.fill).cell(row: 1, column: 1)!
        // Slots are 100 × 50; the 40 × 30 item sits in the middle.
        #expect(cell.frame == Rect(x: 130, y: 60, width: 40, height: 30))
    }

    @Test func startAndEndPlaceItAtTheSlotEdges() {
        #expect(layout(.start).cell(row: 0, column: 1)!.frame == Rect(x: 100, y: 0, width: 40, height: 30))
        #expect(layout(.end).cell(row: 0, column: 1)!.frame == Rect(x: 160, y: 20, width: 40, height: 30))
    }

    @Test func slotsAreAtLeastTheItemSizeWithoutAContainer() {
        var spec = itemSpec(3, limit: .maxColumns(3))
        if case .items(var items) = spec.content {
            items.itemSize = ItemSize(width: 64, height: 48)
            spec.content = .items(items)
        }
        let layout = LayoutEngine.layout(spec)
        #expect(layout.columns.map(\.size) == [64, 64, 64])
        #expect(layout.rows.map(\.size) == [48])
        #expect(layout.cell(row: 0, column: 2)!.frame == Rect(x: 128, y: 0, width: 64, height: 48))
    }
}
