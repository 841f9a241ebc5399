import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// SVG of a grid too big to join in memory, written part by part by the SVG player
/// (`RenderJob.streamedOwnSVG`, `SVGPartWriter`): the same picture as one piece, the same bytes
/// for any thread count, in memory and in a file. Small grids are streamed here by lowering the
/// cells per chunk.
@Suite struct StreamedSVGTests {
    static func streamed(_ grid: PreparedGrid, threads: Int, cellsPerChunk: Int = 8) throws -> [UInt8] {
        let job = try RenderJob(grid, options: RenderOptions(paintThreads: threads))
        job.streamedChunkCells = cellsPerChunk
        let sink = OutputSink()
        try job.svg(to: sink)
        return sink.bytes
    }

    @Test func onlyGridsOverSixteenChunksAreStreamed() {
        #expect(RowChunks.streamed(rows: 10_001, columns: 8) == nil)   // people-10000 keeps its bytes
        let chunks = RowChunks.streamed(rows: 100_001, columns: 8)
        #expect(chunks?.count == 49)
        #expect(chunks?.first?.lowerBound == 0 && chunks?.last?.upperBound == 100_001)
        #expect(RowChunks.streamed(rows: 150, columns: 6, cellsPerChunk: 8)?.count == 113)
    }

    @Test func sameBytesForAnyThreadCount() throws {
        let one = try Self.streamed(LayeredSVGTests.big(), threads: 1)
        #expect(one != (try LayeredSVGTests.svg(LayeredSVGTests.big(), threads: 1)))   // streamed, not joined
        for threads in [2, 3] { #expect(try Self.streamed(LayeredSVGTests.big(), threads: threads) == one) }
    }

    @Test func wellFormedWithEachGlyphDefinedOnce() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("streamed.svg").path
        try Data(Self.streamed(LayeredSVGTests.big(), threads: 2)).write(to: URL(fileURLWithPath: path))
        #expect(try run(["xmllint", "--noout", path]).status == 0)
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        // Written by the SVG player part by part: one <defs> after the bodies, each glyph once.
        let outlines = svg.components(separatedBy: "<path id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(!outlines.isEmpty)
        #expect(Set(outlines).count == outlines.count)
        #expect(!svg.contains("<g id=\"surface"))
        #expect(svg.components(separatedBy: "<defs>").count == 2)
        #expect(svg.range(of: "<defs>")!.lowerBound > svg.range(of: "<use ")!.lowerBound)
    }

    /// Rasterized by librsvg, the streamed document and the one-piece document are the same picture.
    @Test(arguments: [(1.0, "plain"), (1.5, "plain"), (1.0, "frozen"), (1.0, "sections"), (1.0, "items")])
    func samePictureAsOnePiece(scale: Double, variant: String) throws {
        var grid = LayeredSVGTests.variant(variant)
        grid.scale = scale
        #expect(try LayeredSVGTests.differingPixels(Self.streamed(grid, threads: 2),
                                                   LayeredSVGTests.svg(grid, threads: 1, chunked: false), scale: scale) == 0)
    }

    @Test func fileAndMemoryGiveTheSameBytes() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.svg").path
        let job = try RenderJob(LayeredSVGTests.big(), options: RenderOptions(paintThreads: 2))
        job.streamedChunkCells = 8
        let sink = try OutputSink(path: path, naming: path)
        try job.svg(to: sink)
        try sink.close()
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == (try Self.streamed(LayeredSVGTests.big(), threads: 2)))
    }
}
