import CCairo
import Dispatch
import Foundation
import GridDocument
import GridLayout

/// SVG: the document in memory or to a file, written by the SVG player (`RenderJob+OwnSVG`,
/// `RenderJob+StreamedSVG`); and the helpers other formats share.
extension RenderJob {

    /// The SVG document in memory (`svg(to:)` writes it to a file as it is made).
    func svg() throws -> [UInt8] {
        let sink = OutputSink()
        try writeJoinedSVG(to: sink)
        return sink.bytes
    }

    /// Writes the SVG made in one piece (`ownSVG`: its definitions known once every part is
    /// painted) to `sink`, images embedded.
    func writeJoinedSVG(to sink: OutputSink) throws {
        try ownSVG(to: sink, imageFilter: images.tokens)
        try sink.finishImages()
    }

    /// The SVG document, its images still tokens (`SVGImageTokens`) when it has any, written by
    /// the SVG player (`ownSVG`).
    func svgWithImageTokens() throws -> [UInt8] {
        let sink = OutputSink()
        try ownSVG(to: sink, imageFilter: nil)
        return sink.bytes
    }

    /// Writes the SVG to `sink`. A grid too big to join in memory (`RowChunks.streamed`) is
    /// painted in more, smaller chunks on the lanes and written part by part as they are
    /// finished (`streamedOwnSVG`), so memory holds a few chunks' bodies, not the whole; other
    /// grids are `svg()`'s bytes.
    func svg(to sink: OutputSink) throws {
        guard chunksText, let chunks = RowChunks.streamed(rows: layout.rows.count, columns: layout.columns.count,
                                                          cellsPerChunk: streamedChunkCells) else {
            return try writeJoinedSVG(to: sink)
        }
        try streamedOwnSVG(chunks, to: sink)
    }

    /// Has each lane shape, for its chunks, the text the painter cannot show from a natural
    /// layout (right- or centre-aligned in a width, wrapped), so a PDF page painted on this
    /// thread shapes only its own share. The bytes are the same: the layouts are the ones the
    /// painter would make.
    func prepareTextOnLanes() throws {
        let chunks = textChunks
        guard chunks.count > 1, lanes.count > 1 else { return }
        let decimals = self.decimals.computed, pixels = painter.pixelsPerDeviceUnit
        try lanes.run(chunks: chunks.count) { lane in
            let painter = self.painter(on: lane, decimals: decimals, pixelsPerDeviceUnit: pixels)
            for c in Swift.stride(from: lane.index, to: chunks.count, by: self.lanes.count) {
                Timings.span("shape chunk", .region, args: [("chunk", c), ("rows", chunks[c].count)]) { painter.prepareText(rows: chunks[c]) }
            }
        }
    }

    /// Runs `body` with a context that is destroyed before the surface is finished.
    func withContext(_ surface: CairoSurface, _ body: (CairoContext) throws -> Void) throws {
        let cr = try CairoContext(surface)
        try body(cr)
        try cr.checkStatus("drawing")
    }

    func paintBackground(_ cr: CairoContext, _ rect: Rect) {
        guard grid.background.alpha > 0 else { return }
        cr.rectangle(rect)
        cr.setSource(grid.background)
        cr.fill()
    }
}
