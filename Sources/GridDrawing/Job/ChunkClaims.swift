import Dispatch

/// Which lane paints which chunk of rows (`TextLanes`, `RowChunks`), decided as the lanes go, so a
/// lane with other work besides its chunks (lane 0 paints the SVG's cells) does not keep the
/// others waiting. A lane first takes its own chunks (`c % lanes == lane` unless `owners` says
/// otherwise: the ones it measured, whose shaped layouts it holds) in order; when they are gone it takes the last chunk nobody
/// has taken yet, so the owner, working upwards, meets stolen chunks only at its end. With
/// `inOrder` every lane takes the lowest chunk nobody has taken, for a writer that writes chunks
/// in order as they come (`SVGPartWriter`). What a chunk produces never depends on its lane, so
/// the output is the same whoever takes it.
///
/// `@unchecked Sendable`: `taken` is guarded by `lock`.
final class ChunkClaims: @unchecked Sendable {
    let chunks: Int
    let lanes: Int
    let inOrder: Bool
    private let lock = DispatchSemaphore(value: 1)
    private var taken: [Bool]
    /// The lane that owns each chunk.
    private let owners: [Int]
    /// Each lane's own chunks in order, and the index of the next in them; the lowest chunk
    /// not taken (`inOrder`).
    private let own: [[Int]]
    private var nextOwn: [Int]
    private var lowest = 0
    private var stolenCounts: [Int]

    /// `owners[c]`: the lane that owns chunk `c` (below `lanes`); by default `c % lanes`.
    init(chunks: Int, lanes: Int, inOrder: Bool = false, owners: [Int]? = nil) {
        self.chunks = max(0, chunks)
        self.lanes = max(1, lanes)
        self.inOrder = inOrder
        let count = self.lanes
        let owners = (0..<self.chunks).map { c in owners.map { min(max(0, $0[c]), count - 1) } ?? c % count }
        self.owners = owners
        var own = Array(repeating: [Int](), count: count)
        for (c, lane) in owners.enumerated() { own[lane].append(c) }
        self.own = own
        taken = Array(repeating: false, count: self.chunks)
        nextOwn = Array(repeating: 0, count: count)
        stolenCounts = Array(repeating: 0, count: count)
    }

    /// The next chunk for `lane` to paint, nil when every chunk is taken.
    func next(lane: Int) -> Int? {
        lock.wait(); defer { lock.signal() }
        if inOrder {
            while lowest < chunks, taken[lowest] { lowest += 1 }
            guard lowest < chunks else { return nil }
            return claim(lowest, lane: lane)
        }
        while nextOwn[lane] < own[lane].count {
            let c = own[lane][nextOwn[lane]]
            nextOwn[lane] += 1
            if !taken[c] { return claim(c, lane: lane) }
        }
        guard let c = (0..<chunks).last(where: { !taken[$0] }) else { return nil }
        return claim(c, lane: lane)
    }

    private func claim(_ c: Int, lane: Int) -> Int {
        taken[c] = true
        if owners[c] != lane { stolenCounts[lane] += 1 }
        return c
    }

    /// How many chunks each lane took that were not its own (tests).
    var stolen: [Int] {
        lock.wait(); defer { lock.signal() }
        return stolenCounts
    }

    /// Every chunk `lane` is given, in turn, to `body`.
    func forEach(lane: Int, _ body: (Int) throws -> Void) rethrows {
        while let c = next(lane: lane) { try body(c) }
    }
}
