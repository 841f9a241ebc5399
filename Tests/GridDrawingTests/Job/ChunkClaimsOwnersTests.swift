import GridTestSupport
import Testing
@testable import GridDrawing

/// Chunks owned as `owners` says (`ChunkClaims(owners:)`: the pieces of an SVG's measured
/// chunks): every chunk once, a lane's own first and in order, then others' from the end.
@Suite struct ChunkClaimsOwnersTests {
    @Test(arguments: 0..<60)
    func ownChunksFirstInOrderThenOthersFromTheEnd(seed: Int) {
        var random = SplitMix(seed: UInt64(seed))
        let lanes = 1 + Int(random.next() % 6), chunks = Int(random.next() % 50)
        let owners = (0..<chunks).map { _ in Int(random.next() % UInt64(lanes)) }
        let claims = ChunkClaims(chunks: chunks, lanes: lanes, owners: owners)
        var got = Array(repeating: [Int](), count: lanes), done = Array(repeating: false, count: lanes)
        while done.contains(false) {
            let lane = Int(random.next() % UInt64(lanes))
            if done[lane] { continue }
            if let c = claims.next(lane: lane) { got[lane].append(c) } else { done[lane] = true }
        }
        #expect(got.flatMap { $0 }.sorted() == Array(0..<chunks))
        for (lane, list) in got.enumerated() {
            let own = list.prefix { owners[$0] == lane }
            #expect(own.elementsEqual(own.sorted()))
            let taken = list.dropFirst(own.count)
            #expect(taken.allSatisfy { owners[$0] != lane })
            #expect(taken.elementsEqual(taken.sorted(by: >)))
            #expect(claims.stolen[lane] == taken.count)
        }
    }

    /// Four pieces a chunk, chunks owned in turn: a lane's own pieces are its chunks' pieces.
    @Test func piecesStayWithTheirChunksLane() {
        let owners = (0..<16).map { ($0 / 4) % 2 }
        let claims = ChunkClaims(chunks: 16, lanes: 2, owners: owners)
        var lane1: [Int] = []
        for _ in 0..<10 { lane1.append(claims.next(lane: 1)!) }
        #expect(lane1 == [4, 5, 6, 7, 12, 13, 14, 15, 11, 10])
        var lane0: [Int] = []
        while let c = claims.next(lane: 0) { lane0.append(c) }
        #expect(lane0 == [0, 1, 2, 3, 8, 9])
        #expect(claims.next(lane: 1) == nil)
    }
}
