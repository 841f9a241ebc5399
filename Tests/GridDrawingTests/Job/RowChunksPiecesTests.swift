import Testing
@testable import GridDrawing

/// The pieces an SVG's text is painted in (`RowChunks.pieces`): the chunks' rows in order, each
/// chunk cut into up to `maxPieces` pieces of about equal rows and at least `cellsPerPiece`
/// cells (one piece when it is smaller).
@Suite struct RowChunksPiecesTests {
    @Test(arguments: [(1, 8), (100, 8), (1001, 8), (10_001, 8), (100_001, 3), (3, 1000), (700, 2), (4000, 1)])
    func piecesCoverTheChunksInOrder(rows: Int, columns: Int) {
        let chunks = RowChunks.partition(rows: rows, columns: columns)
        let pieces = RowChunks.pieces(chunks, columns: columns)
        #expect(pieces.first?.rows.lowerBound == 0 && pieces.last?.rows.upperBound == rows)
        for (a, b) in zip(pieces, pieces.dropFirst()) {
            #expect(a.rows.upperBound == b.rows.lowerBound)
            #expect(a.chunk <= b.chunk)
        }
        for (c, chunk) in chunks.enumerated() {
            let mine = pieces.filter { $0.chunk == c }
            #expect(mine.first?.rows.lowerBound == chunk.lowerBound && mine.last?.rows.upperBound == chunk.upperBound)
            #expect(mine.count >= 1 && mine.count <= RowChunks.maxPieces)
            #expect(mine.allSatisfy { !$0.rows.isEmpty })
            if mine.count > 1 {
                #expect(mine.allSatisfy { $0.rows.count * columns >= RowChunks.cellsPerPiece - columns })
                #expect(mine.map(\.rows.count).max()! - mine.map(\.rows.count).min()! <= 1)
            }
        }
    }

    @Test func tenThousandRowsArePaintedInSixtyFourPieces() {
        let pieces = RowChunks.pieces(RowChunks.partition(rows: 10_000, columns: 8), columns: 8)
        #expect(pieces.count == 64)
        #expect(RowChunks.pieces([0..<100], columns: 8).count == 1)
    }
}
