import Foundation
import GridDocument
import GridLayout
import GridTestSupport
import Testing
@testable import GridDrawing

/// `TextMeasurer.prewarm`: chunks claimed as lanes come free (their own first, then the others'),
/// `aside` done by the last lane while the others measure, and the same sizes whoever measured
/// which chunk.
@Suite struct TextMeasurerPrewarmTests {
    static func source(rows: Int) -> TestCells {
        var random = SplitMix(seed: 28)
        let words = ["Ada", "Grace", "Linus", "Margaret", "São Paulo", "Zürich", "東京", "2016-05-27", "pending review"]
        let contents = (0..<rows).map { r in
            (0..<4).map { c -> CellContent in r == 0 ? .text("col \(c)") : .text(words[random.below(words.count)] + " \(random.below(1000))") }
        }
        return TestCells(contents: contents, styler: { _, _ in ResolvedStyle() })
    }

    static func measured(_ source: TestCells, lanes count: Int, aside: (() -> Void)? = nil) throws -> (widths: [Double], lanes: [Int], chunks: Int) {
        let context = try TextContext(mode: .pinned)
        let measurer = TextMeasurer(source: source, context: context)
        let lanes = TextLanes(count: count, main: context, shaped: measurer.shaped) { try TextContext(mode: .pinned) }
        let rows = source.contents.count
        measurer.remember(rows: rows, columns: 4)
        let chunks = RowChunks.partition(rows: rows, columns: 4)
        measurer.prewarm(rowKinds: [.header] + Array(repeating: .data, count: rows - 1), columnCount: 4,
                         chunks: chunks, lanes: lanes, aside: aside)
        let widths = (0..<rows).flatMap { r in (0..<4).map { measurer.width(row: r, column: $0) } }
        return (widths, measurer.measuringLanes, chunks.count)
    }

    /// The last lane's `aside` takes long: lane 0 measures the chunks it would have, so every
    /// chunk is measured once, most by lane 0, with the sizes of one lane measuring all.
    @Test func aLaneBusyAsideLeavesItsChunksToTheOthers() throws {
        let source = Self.source(rows: 600)
        let alone = try Self.measured(source, lanes: 1)
        let done = Flag()
        let (widths, lanes, chunks) = try Self.measured(source, lanes: 2) {
            Thread.sleep(forTimeInterval: 0.3)
            done.set()
        }
        #expect(done.isSet)
        #expect(chunks >= 2)
        #expect(lanes.count == chunks)
        #expect(lanes.allSatisfy { $0 == 0 || $0 == 1 })
        #expect(lanes.filter { $0 == 0 }.count > chunks / 2, "lane 0 took the busy lane's chunks: \(lanes)")
        #expect(widths == alone.widths)
    }

    /// With nothing aside, every lane measures its own chunks at least; sizes as on one lane,
    /// and `measuringLane` answers within the lanes a player uses.
    @Test(arguments: [2, 3, 5])
    func sizesDoNotDependOnTheLanes(count: Int) throws {
        let source = Self.source(rows: 600)
        let alone = try Self.measured(source, lanes: 1)
        let (widths, lanes, chunks) = try Self.measured(source, lanes: count)
        #expect(widths == alone.widths)
        #expect(lanes.count == chunks && lanes.allSatisfy { $0 >= 0 && $0 < min(count, chunks) })
    }

    /// Without lanes, `aside` is still done, once, before the sizes are asked for.
    @Test func asideRunsOnOneLaneToo() throws {
        let done = Flag()
        _ = try Self.measured(Self.source(rows: 40), lanes: 1) { done.set() }
        #expect(done.isSet)
    }

    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.lock(); value = true; lock.unlock() }
        var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
    }
}
