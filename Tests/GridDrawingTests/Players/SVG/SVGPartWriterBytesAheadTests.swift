import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// A streamed SVG holds at most `RenderJob.streamedBytesAhead` bytes of chunk bodies painted
/// ahead of the output (`SVGPartWriter`), whatever the number of lanes (issue 28: memory flat in
/// the thread count), and lanes that wait for room still write the same bytes.
@Suite struct SVGPartWriterBytesAheadTests {
    static func streamed(threads: Int, bytesAhead: Int) throws -> (bytes: [UInt8], writer: SVGPartWriter) {
        let job = try RenderJob(LayeredSVGTests.big(), options: RenderOptions(paintThreads: threads))
        job.streamedChunkCells = 36   // 6 rows a chunk, 25 chunks
        job.streamedBytesAhead = bytesAhead
        let sink = OutputSink()
        try job.svg(to: sink)
        return (sink.bytes, try #require(job.streamedPartWriter))
    }

    /// 1, 2, 7 and 16 lanes, with no room ahead (one chunk at a time), a few chunks' room and
    /// the default: the same bytes.
    @Test func sameBytesAtAnyThreadCountAndBudget() throws {
        let reference = try Self.streamed(threads: 1, bytesAhead: SVGPartWriter.defaultBytesAhead).bytes
        for threads in [1, 2, 7, 16] {
            for bytesAhead in [0, 20_000, SVGPartWriter.defaultBytesAhead] {
                #expect(try Self.streamed(threads: threads, bytesAhead: bytesAhead).bytes == reference,
                        "threads \(threads), bytes ahead \(bytesAhead)")
            }
        }
    }

    /// The bodies held ahead stay within the budget (plus the chunk next to write, which may
    /// always start, and one chunk's misestimate) at any thread count; more lanes hold no more.
    @Test(arguments: [2, 7, 16])
    func heldBytesStayWithinTheBudget(threads: Int) throws {
        // Room for three chunks, measured with no room at all (one chunk at a time).
        let bytesAhead = 3 * (try Self.streamed(threads: 1, bytesAhead: 0).writer.largestBody)
        let (_, writer) = try Self.streamed(threads: threads, bytesAhead: bytesAhead)
        #expect(writer.largestBody > 0 && writer.largestBody <= bytesAhead / 3)
        #expect(writer.peakBytesAhead > 0)
        #expect(writer.peakBytesAhead <= bytesAhead + 2 * writer.largestBody, "threads \(threads): \(writer.peakBytesAhead) bytes held")
    }
}
