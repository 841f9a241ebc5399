import Testing
@testable import GridLayout

/// Page assignment of columns for `canvas.page.split: "columns"`, on track numbers alone.
@Suite struct ColumnPagesTests {
    /// Tracks of the given widths from x = 1 (a 1-pt left edge) with `gap` between them.
    static func tracks(_ widths: [Double], gap: Double = 0, from start: Double = 1) -> [Track] {
        var x = start
        return widths.map { w in defer { x += w + gap }; return Track(offset: x, size: w) }
    }

    @Test func fixtures() throws {
        // Stub of 60 (1…61), then 10 columns of 50; grid 562 wide (1-pt right edge); 300-pt pages:
        // 61 + 50 k + 1 ≤ 300 → k = 4 columns on every page but the last, which ends at the edge.
        let t = Self.tracks([60] + Array(repeating: 50, count: 10))
        #expect(try ColumnPages.groups(t, gridWidth: 562, repeated: 1, room: 300) == [1..<5, 5..<9, 9..<11])
        #expect(ColumnPages.pageWidth(of: 1..<5, t, gridWidth: 562, repeated: 1) == 261)
        #expect(ColumnPages.pageWidth(of: 9..<11, t, gridWidth: 562, repeated: 1) == 162)
        // Exactly 4 columns wide: still fits.
        #expect(try ColumnPages.groups(t, gridWidth: 562, repeated: 1, room: 261) == [1..<5, 5..<9, 9..<11])
        #expect(try ColumnPages.groups(t, gridWidth: 562, repeated: 1, room: 260.99) == [1..<4, 4..<7, 7..<10, 10..<11])
        // The whole grid fits: one group.
        #expect(try ColumnPages.groups(t, gridWidth: 562, repeated: 1, room: 562) == [1..<11])
        // Nothing repeated: the groups start at the first column.
        #expect(try ColumnPages.groups(t, gridWidth: 562, repeated: 0, room: 200) == [0..<3, 3..<6, 6..<9, 9..<11])
        // Two repeated columns (stub and a frozen one).
        #expect(try ColumnPages.groups(t, gridWidth: 562, repeated: 2, room: 300) == [2..<5, 5..<8, 8..<11])
    }

    @Test func gapsGoWithTheColumnBefore() throws {
        // Gaps of 4: a page of group a..<b is the lead (to column r's offset) + b's offset − a's.
        let t = Self.tracks([40, 30, 30, 30], gap: 4, from: 0)   // offsets 0, 44, 78, 112; grid 142
        #expect(ColumnPages.pageWidth(of: 1..<3, t, gridWidth: 142, repeated: 1) == 44 + 112 - 44)
        #expect(try ColumnPages.groups(t, gridWidth: 142, repeated: 1, room: 112) == [1..<3, 3..<4])
        #expect(try ColumnPages.groups(t, gridWidth: 142, repeated: 1, room: 111) == [1..<2, 2..<4])
    }

    /// A spanner's columns move to the next page together rather than be cut, when they fit one.
    @Test func spannedColumnsStayTogether() throws {
        let t = Self.tracks([60] + Array(repeating: 50, count: 10))   // 4 columns a 300-pt page
        #expect(try ColumnPages.groups(t, gridWidth: 562, repeated: 1, room: 300, together: [3..<6]) == [1..<3, 3..<7, 7..<11])
        // Starting a group: nothing to move.
        #expect(try ColumnPages.groups(t, gridWidth: 562, repeated: 1, room: 300, together: [5..<8]) == [1..<5, 5..<9, 9..<11])
        // Too wide for one page: cut where the columns run out, as without it.
        #expect(try ColumnPages.groups(t, gridWidth: 562, repeated: 1, room: 300, together: [2..<8]) == [1..<5, 5..<9, 9..<11])
    }

    @Test func aColumnWiderThanThePageIsRefused() {
        let t = Self.tracks([60, 50, 400, 50])
        #expect(throws: ColumnPages.TooWide(column: 2, needed: 61 + 400)) {
            try ColumnPages.groups(t, gridWidth: 562, repeated: 1, room: 300)
        }
        // The stub itself wider than the page.
        #expect(throws: ColumnPages.TooWide(column: 1, needed: 401 + 51)) {
            try ColumnPages.groups(Self.tracks([400, 50]), gridWidth: 452, repeated: 1, room: 300)
        }
    }

    @Test func nothingToSplit() throws {
        #expect(try ColumnPages.groups([], gridWidth: 2, repeated: 1, room: 300) == [0..<0])
        #expect(try ColumnPages.groups(Self.tracks([60]), gridWidth: 62, repeated: 1, room: 300) == [1..<1])
    }

    /// Generated: for random widths and rooms, every non-repeated column is in exactly one group,
    /// in order, every group's page fits the room and no group could take the next column.
    @Test func generatedGroupsCoverEveryColumnOnce() throws {
        var seed: UInt64 = 0x9E3779B97F4A7C15
        func next(_ n: Int) -> Int { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Int((seed >> 33) % UInt64(n)) }
        for _ in 0..<300 {
            let widths = (0..<(1 + next(40))).map { _ in Double(10 + next(120)) }
            let t = Self.tracks(widths, gap: Double(next(3)))
            let gridWidth = t.last!.end + 1
            let repeated = min(next(3), widths.count)
            let room = Double(200 + next(600))
            do {
                let groups = try ColumnPages.groups(t, gridWidth: gridWidth, repeated: repeated, room: room)
                #expect(groups.flatMap { Array($0) } == Array(repeated..<widths.count))
                for (i, g) in groups.enumerated() where !g.isEmpty {
                    #expect(ColumnPages.pageWidth(of: g, t, gridWidth: gridWidth, repeated: repeated) <= room + 0.001)
                    if i + 1 < groups.count {
                        #expect(ColumnPages.pageWidth(of: g.lowerBound..<(g.upperBound + 1), t, gridWidth: gridWidth, repeated: repeated) > room)
                    }
                }
            } catch {
                #expect(ColumnPages.pageWidth(of: error.column..<(error.column + 1), t, gridWidth: gridWidth, repeated: repeated) > room)
            }
        }
    }

    @Test func pageOrder() {
        let down = ColumnPages.order(rowPages: 2, columnGroups: 3, downFirst: true).map { [$0.row, $0.column] }
        #expect(down == [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2], [1, 2]])
        let across = ColumnPages.order(rowPages: 2, columnGroups: 3, downFirst: false).map { [$0.row, $0.column] }
        #expect(across == [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]])
    }
}
