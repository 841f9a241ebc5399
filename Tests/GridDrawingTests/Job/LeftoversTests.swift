import GridDocument
import Testing
@testable import GridDrawing

/// What a render is done with is freed with its job (`Leftovers`), which `GridRenderer` lets go
/// on a background thread after the output is written, not on the thread that wrote it.
@Suite struct LeftoversTests {
    final class Probe {}

    @Test func aKeptValueLivesAsLongAsItsLeftovers() {
        weak var probe: Probe?
        var leftovers: Leftovers? = Leftovers()
        do {
            let value = Probe()
            probe = value
            leftovers?.keep(value)
            leftovers?.keep([value, value])
        }
        #expect(probe != nil)
        #expect(leftovers?.count == 2)
        leftovers = nil
        #expect(probe == nil)
    }

    /// Both SVG writers (the joined document and the streamed one) leave their parts and
    /// definitions to the job; the bytes are those of a job that frees them at once.
    @Test(arguments: [nil, 36] as [Int?])
    func svgPartsAreLeftToTheJob(streamedChunkCells: Int?) throws {
        let job = try RenderJob(LayeredSVGTests.big(), options: RenderOptions(paintThreads: 2))
        if let streamedChunkCells { job.streamedChunkCells = streamedChunkCells }
        let sink = OutputSink()
        #expect(job.leftovers.count == 0)
        try job.svg(to: sink)
        #expect(job.leftovers.count >= 2)
        #expect(streamedChunkCells == nil || job.streamedPartWriter != nil)
        let again = OutputSink()
        try RenderJob(LayeredSVGTests.big(), options: RenderOptions(paintThreads: 1)).svg(to: again)
        if streamedChunkCells == nil { #expect(sink.bytes == again.bytes) }
    }
}
