import Testing
@testable import GridLayout

/// Sizing one axis (DESIGN.md §3, steps 1–6), fixture by fixture, in table-mode columns.
@Suite struct AxisSizingTests {
    func threeFixed40(_ distribution: Distribution) -> Layout {
        var spec = tableSpec(columns: 3, width: 200)
        spec.defaultColumnWidth = .fixed(40)
        spec.distribution.horizontal = distribution
        return LayoutEngine.layout(spec)
    }

    @Test func distributionStart() {
        let layout = threeFixed40(.start)
        #expect(layout.columnXs == [0, 40, 80])
        #expect(layout.columnWidths == [40, 40, 40])
        #expect(layout.size.width == 200)
    }

    @Test func distributionCenter() { #expect(threeFixed40(.center).columnXs == [40, 80, 120]) }

    @Test func distributionEnd() { #expect(threeFixed40(.end).columnXs == [80, 120, 160]) }

    @Test func distributionSpaceAround() {
        // 80 left over: 13.33 at each end, 26.67 per gap; the gaps win the two leftover pixels.
        let layout = threeFixed40(.spaceAround)
        #expect(layout.columnXs == [13, 80, 147])
        #expect(layout.columnWidths == [40, 40, 40])
    }

    @Test func distributionSpaceBetweenWithOneTrackActsAsStart() {
        var spec = tableSpec(columns: 1, width: 200)
        spec.defaultColumnWidth = .fixed(40)
        spec.distribution.horizontal = .spaceBetween
        #expect(LayoutEngine.layout(spec).columnXs == [0])
    }

    @Test func distributionStretchGrowsAutoTracks() {
        var spec = tableSpec(columns: 3, width: 200)
        spec.columnWidths = [.auto(), .auto(), .fixed(40)]
        spec.distribution.horizontal = .stretch
        let measurer = FakeMeasurer(widthOf: { _, column in [10, 20, 0][column] })
        #expect(LayoutEngine.layout(spec, measurer: measurer).columnWidths == [75, 85, 40])
    }

    @Test func distributionStretchWithoutAutoGrowsEveryTrack() {
        #expect(threeFixed40(.stretch).columnWidths == [67, 67, 66])
    }

    @Test func fixedWithMin() {
        var spec = tableSpec(columns: 2)
        spec.columnWidths = [.fixed(30, min: 50), .fixed(30)]
        #expect(LayoutEngine.layout(spec).columnWidths == [50, 30])
    }

    @Test func autoWithMinAndMax() {
        var spec = tableSpec(columns: 3, rows: 2)
        spec.columnWidths = [.auto(max: 120), .auto(min: 60), .auto()]
        let measurer = FakeMeasurer(widthOf: { row, column in [200, 10, 33][column] + Double(row) })
        #expect(LayoutEngine.layout(spec, measurer: measurer).columnWidths == [120, 60, 34])
    }

    @Test func fillWithMaxOverflowKeepsSurplusUnshared() {
        var spec = tableSpec(columns: 2, width: 200)
        spec.columnWidths = [.fill(1, max: 50), .fill(1)]
        let layout = LayoutEngine.layout(spec)
        #expect(layout.columnWidths == [50, 100])
        spec.minimumPolicy = .reflow
        #expect(LayoutEngine.layout(spec).columnWidths == [50, 150])
    }

    @Test func reflowFreezesMaxViolatorsAndSharesAgain() {
        var spec = tableSpec(columns: 3, width: 180)
        spec.columnWidths = [.fill(1, max: 30), .fill(1), .fill(1)]
        #expect(LayoutEngine.layout(spec).columnWidths == [30, 60, 60])
        spec.minimumPolicy = .reflow
        #expect(LayoutEngine.layout(spec).columnWidths == [30, 75, 75])
    }

    @Test func reflowAllBelowMinimum() {
        var spec = tableSpec(columns: 3, width: 100)
        spec.defaultColumnWidth = .fill(1, min: 40)
        spec.minimumPolicy = .reflow
        let layout = LayoutEngine.layout(spec)
        #expect(layout.columnWidths == [40, 40, 40])
        #expect(layout.contentSize.width == 120)
    }

    @Test func fraction() {
        var spec = tableSpec(columns: 3, width: 200)
        spec.columnWidths = [.fraction(0.25), .fraction(0.5, max: 80), .fill(1)]
        #expect(LayoutEngine.layout(spec).columnWidths == [50, 80, 70])
    }

    @Test func fractionWithoutContainerIsItsMin() {
        var spec = tableSpec(columns: 2)
        spec.columnWidths = [.fraction(0.5), .fraction(0.5, min: 12)]
        #expect(LayoutEngine.layout(spec).columnWidths == [0, 12])
    }

    @Test func minimumColumnWidthIsTheDefaultMin() {
        var spec = tableSpec(columns: 3)
        spec.columnWidths = [.fill(1), .fill(1, min: 10), .auto()]
        spec.minimumColumnWidth = 40
        #expect(LayoutEngine.layout(spec).columnWidths == [40, 10, 40])
    }

    @Test func fillWithoutContainerIsItsMin() {
        var spec = tableSpec(columns: 2)
        spec.columnWidths = [.fill(1), .fill(1, min: 25)]
        #expect(LayoutEngine.layout(spec).columnWidths == [0, 25])
    }

    @Test func stretchableGap() {
        var spec = tableSpec(columns: 2, width: 200)
        spec.defaultColumnWidth = .fixed(50)
        spec.columnSpacing = Spacing(0, stretch: 1)
        #expect(LayoutEngine.layout(spec).columnXs == [0, 150])
    }

    @Test func fillAndStretchableGapShareByWeight() {
        var spec = tableSpec(columns: 2, width: 200)
        spec.columnWidths = [.fixed(50), .fill(1)]
        spec.columnSpacing = Spacing(10, stretch: 1)
        let layout = LayoutEngine.layout(spec)
        #expect(layout.columnWidths == [50, 70])
        #expect(layout.columnXs == [0, 130])
    }

    @Test func perGapOverrides() {
        var spec = tableSpec(columns: 3)
        spec.defaultColumnWidth = .fixed(20)
        spec.columnSpacing = Spacing(5)
        spec.columnSpacings = [nil, Spacing(15)]
        let layout = LayoutEngine.layout(spec)
        #expect(layout.columnXs == [0, 25, 60])
        #expect(layout.contentSize.width == 80)
    }

    @Test func margins() {
        var spec = tableSpec(columns: 2, rows: 2)
        spec.defaultColumnWidth = .fixed(20)
        spec.defaultRowHeight = .fixed(10)
        spec.margins = Insets(top: Spacing(3), right: Spacing(12), bottom: Spacing(7), left: Spacing(8))
        spec.rowSpacing = Spacing(2)
        let layout = LayoutEngine.layout(spec)
        #expect(layout.columnXs == [8, 28])
        #expect(layout.rowYs == [3, 15])
        #expect(layout.contentSize == Size(width: 60, height: 32))
        #expect(layout.size == layout.contentSize)
    }

    @Test func uniformRowHeights() {
        var spec = tableSpec(columns: 1, rows: 3)
        spec.uniformRowHeights = true
        spec.rowHeights = [nil, nil, .auto(max: 20)]
        let measurer = FakeMeasurer(heightOf: { row, _, _ in [10, 30, 5][row] })
        #expect(LayoutEngine.layout(spec, measurer: measurer).rowHeights == [30, 30, 20])
    }

    @Test func autoRowHeightUsesFinalColumnWidth() {
        var spec = tableSpec(columns: 2, rows: 1)
        spec.columnWidths = [.fixed(50), .fixed(100)]
        let measurer = FakeMeasurer(heightOf: { _, _, width in 1000 / width })
        #expect(LayoutEngine.layout(spec, measurer: measurer).rowHeights == [20])
    }

    @Test func freeSpaceNegativeGivesFillItsMin() {
        var spec = tableSpec(columns: 3, width: 50)
        spec.columnWidths = [.fixed(60), .fill(1, min: 5), .fill(2)]
        let layout = LayoutEngine.layout(spec)
        #expect(layout.columnWidths == [60, 5, 0])
        #expect(layout.size.width == 50)
        #expect(layout.contentSize.width == 65)
    }

    @Test func sizerIsPureOverPlainData() {
        let input = AxisSizingInput(
            tracks: [SizingTrack(role: .fixed, value: 10), SizingTrack(role: .fill, value: 1),
                     SizingTrack(role: .fill, value: 3)],
            gaps: [Spacing(2), Spacing(2)], leading: Spacing(1), trailing: Spacing(1), container: 100)
        let sizes = AxisSizer.size(input)
        #expect(sizes.tracks == [10, 21, 63])
        #expect(sizes.total == 100)
        #expect(sizes.segments == [1, 10, 2, 21, 2, 63, 1])
    }
}

/// Rows follow the same rules as columns.
@Suite struct RowAxisTests {
    @Test func verticalDistributionAndRowGapOverrides() {
        var spec = tableSpec(columns: 1, rows: 3, height: 100)
        spec.defaultRowHeight = .fixed(20)
        spec.rowSpacing = Spacing(2)
        spec.rowSpacings = [Spacing(6)]
        spec.distribution.vertical = .center
        let layout = LayoutEngine.layout(spec)
        // 60 of tracks + 8 of gaps: 32 left over, 16 above.
        #expect(layout.rowYs == [16, 42, 64])
        #expect(layout.contentSize.height == 100)
    }

    @Test func fillRowsWithStretchableBottomMargin() {
        var spec = tableSpec(columns: 1, rows: 2, height: 90)
        spec.defaultRowHeight = .fill(1)
        spec.margins.bottom = Spacing(0, stretch: 1)
        #expect(LayoutEngine.layout(spec).rowHeights == [30, 30])
    }

    @Test func fractionRowsAndAutoRowsTogether() {
        var spec = tableSpec(columns: 1, rows: 3, height: 200)
        spec.rowHeights = [.fraction(0.1), .auto(), .fill(1, max: 50)]
        let measurer = FakeMeasurer(heightOf: { row, _, _ in row == 1 ? 33 : 500 })
        let layout = LayoutEngine.layout(spec, measurer: measurer)
        #expect(layout.rowHeights == [20, 33, 50])
        #expect(layout.rowYs == [0, 20, 53])
    }
}
