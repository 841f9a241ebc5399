import Foundation
import Testing
@testable import GridDrawing

@Suite struct TextLanesTests {
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var lanes: [Int] = []
        func add(_ lane: Int) { lock.lock(); lanes.append(lane); lock.unlock() }
    }

    @Test func onlyLanesWithAChunkRun() throws {
        let context = try TextContext(mode: .pinned)
        let lanes = TextLanes(count: 4, main: context, shaped: ShapedLayouts(context: context)) { try TextContext(mode: .pinned) }
        let log = Log()
        try lanes.run(chunks: 2) { log.add($0.index) }
        #expect(log.lanes.sorted() == [0, 1])
        let all = Log()
        try lanes.run(chunks: 16) { all.add($0.index) }
        #expect(all.lanes.sorted() == [0, 1, 2, 3])
    }

    @Test func aLaneKeepsItsContextFromRunToRun() throws {
        let context = try TextContext(mode: .pinned)
        let lanes = TextLanes(count: 2, main: context, shaped: ShapedLayouts(context: context)) { try TextContext(mode: .pinned) }
        final class Seen: @unchecked Sendable { var contexts: [ObjectIdentifier] = [] }
        let seen = Seen()
        for _ in 0..<2 {
            try lanes.run(chunks: 2) { lane in if lane.index == 1 { seen.contexts.append(ObjectIdentifier(lane.context)) } }
        }
        #expect(seen.contexts.count == 2 && seen.contexts[0] == seen.contexts[1])
        #expect(ObjectIdentifier(context) != seen.contexts[0])
    }

    @Test func theFirstErrorOfAnyLaneIsThrown() throws {
        struct Boom: Error {}
        let context = try TextContext(mode: .pinned)
        let lanes = TextLanes(count: 3, main: context, shaped: ShapedLayouts(context: context)) { try TextContext(mode: .pinned) }
        #expect(throws: Boom.self) { try lanes.run(chunks: 3) { lane in if lane.index == 2 { throw Boom() } } }
    }
}
