import Dispatch
import GridDocument
import GridTestSupport
import Testing
@testable import GridDrawing

/// Which lane paints which chunk (`ChunkClaims`): every chunk once, a lane's own first and in
/// order, the others' only when its own are gone, lowest first for an in-order writer.
@Suite struct ChunkClaimsTests {
    /// Lanes asking in a random order (a SplitMix of `seed`) until every lane hears nil; the
    /// chunks each lane got, in the order it got them.
    static func simulate(chunks: Int, lanes: Int, inOrder: Bool, seed: UInt64) -> [[Int]] {
        let claims = ChunkClaims(chunks: chunks, lanes: lanes, inOrder: inOrder)
        var random = SplitMix(seed: seed)
        var got = Array(repeating: [Int](), count: lanes), done = Array(repeating: false, count: lanes)
        while done.contains(false) {
            let lane = Int(random.next() % UInt64(lanes))
            if done[lane] { continue }
            if let c = claims.next(lane: lane) { got[lane].append(c) } else { done[lane] = true }
        }
        return got
    }

    static let cases: [(chunks: Int, lanes: Int, seed: UInt64)] = (0..<60).map { i in
        var random = SplitMix(seed: UInt64(i))
        return (Int(random.next() % 40), 1 + Int(random.next() % 8), random.next())
    }

    @Test(arguments: cases.indices)
    func everyChunkOnceOwnChunksFirstInOrder(index: Int) {
        let (chunks, lanes, seed) = Self.cases[index]
        let got = Self.simulate(chunks: chunks, lanes: lanes, inOrder: false, seed: seed)
        #expect(got.flatMap { $0 }.sorted() == Array(0..<chunks))
        for (lane, list) in got.enumerated() {
            let own = list.prefix { $0 % lanes == lane }
            // Its own chunks in rising order, then chunks of other lanes, highest first.
            #expect(own.elementsEqual(own.sorted()))
            let taken = list.dropFirst(own.count)
            #expect(taken.allSatisfy { $0 % lanes != lane })
            #expect(taken.elementsEqual(taken.sorted(by: >)))
        }
    }

    @Test(arguments: cases.indices)
    func inOrderHandsOutTheLowestChunk(index: Int) {
        let (chunks, lanes, seed) = Self.cases[index]
        let got = Self.simulate(chunks: chunks, lanes: lanes, inOrder: true, seed: seed)
        #expect(got.flatMap { $0 }.sorted() == Array(0..<chunks))
        for list in got { #expect(list == list.sorted()) }
    }

    /// Lane 0 busy with other work (an SVG's cells): the other lanes take its chunks from the end,
    /// and it paints what is left of its own from the start.
    @Test func aBusyLanesChunksAreTakenFromTheEnd() {
        let claims = ChunkClaims(chunks: 16, lanes: 2)
        var lane1: [Int] = []
        for _ in 0..<11 { lane1.append(claims.next(lane: 1)!) }
        #expect(lane1 == [1, 3, 5, 7, 9, 11, 13, 15, 14, 12, 10])
        var lane0: [Int] = []
        while let c = claims.next(lane: 0) { lane0.append(c) }
        #expect(lane0 == [0, 2, 4, 6, 8])
        #expect(claims.next(lane: 1) == nil)
        #expect(claims.stolen == [0, 3])
    }

    /// Lanes on real threads: still every chunk exactly once.
    @Test func concurrentLanesTakeEachChunkOnce() {
        for inOrder in [false, true] {
            let claims = ChunkClaims(chunks: 500, lanes: 4, inOrder: inOrder)
            let counts = UnsafeMutablePointer<Int>.allocate(capacity: 500)
            counts.initialize(repeating: 0, count: 500)
            defer { counts.deallocate() }
            let slots = Unchecked(counts)
            DispatchQueue.concurrentPerform(iterations: 4) { lane in
                while let c = claims.next(lane: lane) { slots.value[c] += 1 }
            }
            #expect((0..<500).allSatisfy { counts[$0] == 1 })
        }
    }
}
