import Foundation
import GridDocument
import GridLayout

/// A grid too big to hold as one document (`RowChunks.streamed`), written by the SVG player
/// as it is painted: the header and the cells' part first, then each chunk's text part as soon
/// as the chunks before it are written (`SVGPartWriter`), then the overlay, the definitions of
/// every glyph, clip and image the parts used (after the bodies: SVG references may point
/// forward), the links and the end. Nothing is parsed; memory holds a few chunks' bodies and
/// the definitions, flat in the number of rows.
extension RenderJob {
    /// Writes the streamed SVG to `sink`; an error when the player refuses a part (having
    /// written nothing when it is the cells' part or the first chunk).
    func streamedOwnSVG(_ chunks: [Range<Int>], to sink: OutputSink) throws {
        guard !chunks.isEmpty else { return try writeJoinedSVG(to: sink) }
        painter.pixelsPerDeviceUnit = 1
        painter.recordsLinks = true
        let all = Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)
        let defs = SVGGlyphDefs(prefix: svgIDPrefix())
        try seedFonts(defs)
        let decimals = self.decimals.computed, pixels = painter.pixelsPerDeviceUnit
        let cells: SVGPart, first: SVGPart
        do {
            painter.glyphBatch = GlyphBatch()
            defer { painter.glyphBatch = nil }
            cells = try svgCellsPart(defs, page: all)
            first = try svgTextPart(defs, page: all, painter: painter, rows: chunks[0])
        } catch let refusal as SVGRefusal {
            _ = painter.takeLinks()
            throw refusal.error
        }
        sink.imageFilter = images.tokens
        let accessibility = svgAccessibility()
        // The layer in pieces (`SVGAccessibleTable.write`), never whole in memory.
        if let accessibility {
            try accessibility.writeStart(svgHeader(all)) { try sink.write($0) }
        } else {
            try sink.write(svgHeader(all))
        }
        try sink.write(cells.body)
        let writer = SVGPartWriter(sink: sink, chunks: chunks.count, bytesAhead: streamedBytesAhead)
        streamedPartWriter = writer
        try writer.deliver(0, first)
        // Chunk 0 is written: the lanes take the others lowest first, as they are free.
        let claims = ChunkClaims(chunks: chunks.count, lanes: min(lanes.count, chunks.count), inOrder: true)
        _ = claims.next(lane: 0)
        do {
            try lanes.run(chunks: chunks.count) { lane in
                do {
                    // The chunks measured (`RowChunks.partition`) are not the ones painted here: the
                    // lane's layouts kept from measuring would seldom be shown, and would stay.
                    lane.shaped.removeAll()
                    let lanePainter = self.painter(on: lane, decimals: decimals, pixelsPerDeviceUnit: pixels)
                    lanePainter.recordsLinks = true
                    lanePainter.glyphBatch = GlyphBatch()
                    defer { lanePainter.glyphBatch = nil }
                    while let c = claims.next(lane: lane.index) {
                        try Timings.wait("wait for turn") { try writer.waitTurn(c) }
                        try writer.deliver(c, svgTextPart(defs, page: all, painter: lanePainter, rows: chunks[c]))
                    }
                } catch {
                    writer.fail(error)
                    throw error
                }
            }
            try writer.checkFinished()
        } catch let refusal as SVGRefusal {
            throw refusal.error
        }
        let overlay: SVGPart
        do {
            overlay = try svgOverlayPart(defs, page: all)
        } catch let refusal as SVGRefusal {
            throw refusal.error
        }
        try Timings.span("write") {
            // Inside the accessibility layer's hidden group, with the drawing that uses them.
            let definitions = SVGDefinitionList.merged([cells.definitions, writer.definitions, overlay.definitions])
            try sink.write(overlay.body)
            try writeDefinitions(definitions, to: sink)
            try sink.write(svgEnd([SVGPart(links: cells.links + writer.links + overlay.links)],
                                  closesAccessibility: accessibility != nil))
            try sink.finishImages()
            leftovers.keep((definitions, overlay))
        }
        leftovers.keep((defs, cells, first, writer))
    }
}
