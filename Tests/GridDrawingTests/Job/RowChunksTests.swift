import Testing
@testable import GridDrawing

@Suite struct RowChunksTests {
    @Test func smallGridsAreOneChunk() {
        #expect(RowChunks.partition(rows: 50, columns: 8) == [0..<50])
        #expect(RowChunks.partition(rows: 1, columns: 10_000) == [0..<1])
        #expect(RowChunks.partition(rows: 0, columns: 3) == [0..<0])
    }

    @Test(arguments: [(101, 8, 2), (1001, 8, 4), (10_001, 8, 16), (100_001, 8, 16), (3, 1000, 2)])
    func chunksCoverTheRowsInOrder(rows: Int, columns: Int, count: Int) {
        let chunks = RowChunks.partition(rows: rows, columns: columns)
        #expect(chunks.count == count)
        #expect(chunks.first?.lowerBound == 0 && chunks.last?.upperBound == rows)
        for (a, b) in zip(chunks, chunks.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
        #expect(chunks.allSatisfy { !$0.isEmpty })
        #expect(chunks.map(\.count).max()! - chunks.map(\.count).min()! <= 1)
    }
}
