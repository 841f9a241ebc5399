import Testing
@testable import GridLayout
import GridTestSupport

/// Invariants over random grids, from a seeded generator so failures reproduce.
@Suite struct PropertyTests {
    static let scales: [Double] = [1, 2, 1.5, 3, 1.25]

    static func randomTrack(_ rng: inout SplitMix) -> TrackSize {
        let min: Double? = Bool.random(using: &rng) ? Double(Int.random(in: 0...40, using: &rng)) : nil
        let max: Double? = Bool.random(using: &rng) ? Double(Int.random(in: 20...120, using: &rng)) : nil
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return .fixed(Double.random(in: 0...80, using: &rng), min: min)
        case 1: return .auto(min: min, max: max)
        case 2: return .fill(Double(Int.random(in: 0...4, using: &rng)), min: min, max: max)
        default: return .fraction(Double.random(in: 0...0.5, using: &rng), min: min, max: max)
        }
    }

    static func randomSpacing(_ rng: inout SplitMix) -> Spacing {
        Spacing(Double(Int.random(in: 0...8, using: &rng)) * 0.75, stretch: Bool.random(using: &rng) ? 0 : Double(Int.random(in: 0...2, using: &rng)))
    }

    static func randomTable(_ rng: inout SplitMix, maxTracks: Int = 9) -> GridSpec {
        let columnCount = Int.random(in: 1...maxTracks, using: &rng)
        let rowCount = Int.random(in: 1...maxTracks, using: &rng)
        let kinds: [RowKind] = (0..<rowCount).map { _ in Int.random(in: 0..<6, using: &rng) == 0 ? .section : .data }
        var spec = GridSpec(content: .table(.init(columnCount: columnCount, rows: kinds)))
        spec.width = Bool.random(using: &rng) ? Double.random(in: 0...600, using: &rng) : nil
        spec.height = Bool.random(using: &rng) ? Double.random(in: 0...400, using: &rng) : nil
        spec.scale = scales.randomElement(using: &rng)!
        spec.snapping = Snapping.allCases.randomElement(using: &rng)!
        spec.minimumPolicy = MinimumPolicy.allCases.randomElement(using: &rng)!
        spec.distribution = AxisPair(horizontal: Distribution.allCases.randomElement(using: &rng)!,
                                     vertical: Distribution.allCases.randomElement(using: &rng)!)
        spec.columnWidths = (0..<columnCount).map { _ in randomTrack(&rng) }
        spec.rowHeights = (0..<rowCount).map { _ in randomTrack(&rng) }
        spec.columnSpacing = randomSpacing(&rng)
        spec.rowSpacing = randomSpacing(&rng)
        spec.columnSpacings = (0..<columnCount).map { _ in Bool.random(using: &rng) ? randomSpacing(&rng) : nil }
        spec.margins = Insets(top: randomSpacing(&rng), right: randomSpacing(&rng), bottom: randomSpacing(&rng),
                              left: randomSpacing(&rng))
        spec.uniformColumnWidths = Int.random(in: 0..<4, using: &rng) == 0
        spec.spans = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
            CellSpan(row: Int.random(in: 0..<rowCount, using: &rng), column: Int.random(in: 0..<columnCount, using: &rng),
                     rows: Int.random(in: 1...3, using: &rng), columns: Int.random(in: 1...3, using: &rng))
        }
        if Int.random(in: 0..<3, using: &rng) == 0 {
            spec.cellAlignment = AxisPair(horizontal: CellAlignment.allCases.randomElement(using: &rng)!,
                                          vertical: CellAlignment.allCases.randomElement(using: &rng)!)
        }
        return spec
    }

    /// Content sizes that depend only on the position (and the width, for heights).
    static let measurer = FakeMeasurer(
        widthOf: { row, column in Double((row * 37 + column * 11) % 90) + 0.3 },
        heightOf: { row, column, width in Double((row * 13 + column * 7) % 40) + 100 / Swift.max(width, 1) })

    /// Snapping is in whole points whatever the scale (DESIGN.md §3, revised rule).
    func isWholePoint(_ value: Double) -> Bool {
        abs(value - value.rounded()) < 1e-9
    }

    @Test func edgesAreWholePixelsSharedAndOrdered() {
        var rng = SplitMix(seed: 1)
        for _ in 0..<400 {
            var spec = Self.randomTable(&rng)
            if spec.snapping == .none { spec.snapping = .distribute }
            let layout = LayoutEngine.layout(spec, measurer: Self.measurer)
            for tracks in [layout.columns, layout.rows] {
                for (index, track) in tracks.enumerated() {
                    #expect(track.size >= 0)
                    #expect(isWholePoint(track.offset) && isWholePoint(track.end))
                    if index + 1 < tracks.count {
                        #expect(track.end <= tracks[index + 1].offset + 1e-9)
                    }
                }
            }
            // With zero spacing, adjacent tracks share one edge value.
            spec.columnSpacing = .zero
            spec.columnSpacings = []
            if [.spaceBetween, .spaceAround, .spaceEvenly].contains(spec.distribution.horizontal) {
                spec.distribution.horizontal = .start
            }
            let packed = LayoutEngine.layout(spec, measurer: Self.measurer)
            for index in packed.columns.indices.dropLast() {
                #expect(packed.columns[index].end == packed.columns[index + 1].offset)
            }
            packed.forEachCell { cell in
                #expect(cell.frame.width >= 0 && cell.frame.height >= 0)
                if spec.cellAlignment.horizontal == .fill, cell.column + cell.columnSpan < packed.columns.count,
                   let right = packed.cell(row: cell.row, column: cell.column + cell.columnSpan), right.row == cell.row {
                    #expect(cell.frame.maxX == right.frame.x)
                }
            }
        }
    }

    @Test func snappedGapsStayWithinAPixelOfTheirSize() {
        var rng = SplitMix(seed: 6)
        for _ in 0..<400 {
            var spec = Self.randomTable(&rng)
            if spec.snapping == .none { spec.snapping = .nearest }
            let gap = Double(Int.random(in: 0...12, using: &rng)) * 0.75
            spec.columnSpacing = Spacing(gap)
            spec.columnSpacings = []
            spec.distribution.horizontal = [.start, .center, .end, .stretch].randomElement(using: &rng)!
            let layout = LayoutEngine.layout(spec, measurer: Self.measurer)
            for index in layout.columns.indices.dropLast() {
                // column[i].end + gap == column[i + 1].offset, in points, with the gap snapped.
                let snappedGap = layout.columns[index + 1].offset - layout.columns[index].end
                #expect(abs(snappedGap - gap) < 1 + 1e-9, "gap \(gap) pt snapped to \(snappedGap)")
            }
        }
    }

    @Test func fillTracksUseExactlyTheFreeSpace() {
        var rng = SplitMix(seed: 2)
        for _ in 0..<3000 {
            let count = Int.random(in: 1...12, using: &rng)
            let container = Double.random(in: 100...2000, using: &rng)
            var tracks: [SizingTrack] = []
            var fixedSum = 0.0
            for _ in 0..<count {
                if Bool.random(using: &rng) {
                    let length = Double.random(in: 0...20, using: &rng)
                    fixedSum += length
                    tracks.append(SizingTrack(role: .fixed, value: length))
                } else {
                    tracks.append(SizingTrack(role: .fill, value: Double.random(in: 0.1...5, using: &rng),
                                              min: Double.random(in: 0...5, using: &rng),
                                              max: Bool.random(using: &rng) ? .infinity : Double.random(in: 5...400, using: &rng)))
                }
            }
            let gaps = (0..<(count - 1)).map { _ in Spacing(Double.random(in: 0...3, using: &rng)) }
            let policy = MinimumPolicy.allCases.randomElement(using: &rng)!
            let input = AxisSizingInput(tracks: tracks, gaps: gaps, leading: Spacing(2), trailing: Spacing(1),
                                        container: container, policy: policy)
            let sizes = AxisSizer.size(input)
            let spacing = 3 + gaps.reduce(0) { $0 + $1.size }
            let free = container - fixedSum - spacing
            let fills = tracks.filter { $0.role == .fill }
            // Exact sharing holds when the mins fit and the maxes can absorb the space; with
            // overflow, only when no share falls outside its track's range.
            let minSum = fills.reduce(0) { $0 + $1.min }, maxSum = fills.reduce(0) { $0 + $1.max }
            guard free > 0, !fills.isEmpty, minSum <= free, maxSum >= free else { continue }
            if policy == .overflow {
                let weight = fills.reduce(0) { $0 + $1.value }
                guard fills.allSatisfy({ $0.clamp(free * $0.value / weight) == free * $0.value / weight }) else { continue }
            }
            let fillSum = zip(tracks, sizes.tracks).filter { $0.0.role == .fill }.reduce(0) { $0 + $1.1 }
            #expect(abs(fillSum - free) < 1e-9 * container, "fill tracks take \(fillSum) of \(free)")
            #expect(abs(sizes.total - container) < 1e-9 * container)
            #expect(sizes.tracks.allSatisfy { $0 >= 0 })
        }
    }

    @Test func snappedTotalEqualsTheRoundedContainer() {
        var rng = SplitMix(seed: 3)
        for _ in 0..<400 {
            var spec = Self.randomTable(&rng)
            let width = Double.random(in: 1...900, using: &rng)
            spec.width = width
            spec.snapping = .none
            let unsnapped = LayoutEngine.layout(spec, measurer: Self.measurer)
            guard unsnapped.contentSize.width <= width + 1e-9 else { continue }
            for snapping in [Snapping.distribute, .nearest] {
                spec.snapping = snapping
                let layout = LayoutEngine.layout(spec, measurer: Self.measurer)
                let expected = (width + 0.5).rounded(.down)
                #expect(layout.contentSize.width == expected)
                #expect(layout.size.width == expected)
            }
        }
    }

    @Test func cellsInRectEqualsBruteForce() {
        var rng = SplitMix(seed: 4)
        for _ in 0..<300 {
            let spec = Self.randomTable(&rng, maxTracks: 7)
            let layout = LayoutEngine.layout(spec, measurer: Self.measurer)
            let all = layout.allCells
            #expect(all.count == layout.cellCount)
            #expect(Set(all).count == all.count)
            for _ in 0..<12 {
                let w = layout.contentSize.width + 20, h = layout.contentSize.height + 20
                let rect = Rect(x: Double.random(in: -10...w, using: &rng), y: Double.random(in: -10...h, using: &rng),
                                width: Double.random(in: 0...(w / 2), using: &rng),
                                height: Double.random(in: 0...(h / 2), using: &rng))
                let expected = all.filter { $0.frame.intersects(rect) }
                #expect(layout.cells(in: rect) == expected)
            }
        }
    }

    @Test func itemGridsPlaceEveryItemOnce() {
        var rng = SplitMix(seed: 5)
        for _ in 0..<300 {
            let sections = (0..<Int.random(in: 0...4, using: &rng)).map { _ in
                GridSpec.Items.Section(count: Int.random(in: 0...9, using: &rng), hasHeader: Bool.random(using: &rng),
                                       collapsed: Int.random(in: 0..<4, using: &rng) == 0)
            }
            let limit: LineLimit? = [LineLimit.maxColumns(Int.random(in: 1...5, using: &rng)),
                                     .maxRows(Int.random(in: 1...5, using: &rng)), nil].randomElement(using: &rng)!
            let items = GridSpec.Items(sections: sections, flow: Flow.allCases.randomElement(using: &rng)!, limit: limit,
                                       sectionsStartOnNewLine: Bool.random(using: &rng))
            var spec = GridSpec(content: .items(items), width: 200)
            spec.columnSpacing = Spacing(Double(Int.random(in: 0...4, using: &rng)))
            spec.rowSpacing = Spacing(Double(Int.random(in: 0...4, using: &rng)))
            if Bool.random(using: &rng) { spec.spans = [CellSpan(row: 1, column: 0, rows: 2, columns: 2)] }
            let layout = LayoutEngine.layout(spec)
            let shown = sections.reduce(0) { $0 + ($1.collapsed ? 0 : $1.count) }
            let cells = layout.allCells
            #expect(cells.count == layout.cellCount)
            let itemIndices = cells.compactMap(\.item)
            #expect(Set(itemIndices).count == itemIndices.count)
            if spec.spans.isEmpty {
                #expect(itemIndices.sorted() == Array(0..<shown))
            }
            #expect(cells.filter { $0.item == nil }.count == sections.filter(\.hasHeader).count)
            for cell in cells {
                #expect(layout.cell(row: cell.row, column: cell.column) == cell)
            }
            for _ in 0..<6 {
                let w = layout.contentSize.width + 10, h = layout.contentSize.height + 10
                let rect = Rect(x: Double.random(in: -5...w, using: &rng), y: Double.random(in: -5...h, using: &rng),
                                width: Double.random(in: 0...w, using: &rng), height: Double.random(in: 0...h, using: &rng))
                #expect(layout.cells(in: rect) == cells.filter { $0.frame.intersects(rect) })
            }
            #expect(layout.rowKinds.count == layout.rows.count && layout.rowSections.count == layout.rows.count)
        }
    }
}
