import CCairo
import Dispatch
import Foundation
import GridDocument
import GridLayout

/// SVG: chunks painted in layers on every core and joined (`SVGStitcher`).
extension RenderJob {

    /// The SVG document in memory (`svg(to:)` writes it to a file as it is made).
    func svg() throws -> [UInt8] {
        let sink = OutputSink()
        try writeJoinedSVG(to: sink)
        return sink.bytes
    }

    /// Writes the SVG made in one piece (`svgWithImageTokens`) to `sink`, images embedded.
    func writeJoinedSVG(to sink: OutputSink) throws {
        sink.imageFilter = images.tokens
        let bytes = try svgWithImageTokens()
        try Timings.span("write") { try sink.write(bytes) }
        try sink.finishImages()
    }

    /// The SVG document, its images still tokens (`SVGImageTokens`) when it has any.
    func svgWithImageTokens() throws -> [UInt8] {
        // Device units are points, which the layout snapped to: the SVG is the same at any scale.
        painter.pixelsPerDeviceUnit = 1
        painter.recordsLinks = true
        if let own = try ownSVG() { return own }
        let all = Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)
        let chunks = textChunks
        if chunks.count > 1, let joined = try layeredSVG(chunks) { return joined }
        let surface = try CairoSurface.svg(width: all.width, height: all.height)
        try withContext(surface) { cr in
            paintBackground(cr, all)
            try paintCanvas(cr, visible: all)
        }
        let bytes = try Timings.span("encode") { try surface.finish() }
        return try Timings.span("join") { try SVGLinks.insert(painter.takeLinks(), into: accessibleSVG(SVGIdNormalizer.normalize(bytes))) }
    }

    /// The SVG in layers, each a Cairo document of its own, painted on the lanes at once and
    /// joined (`SVGStitcher`): the cells and the overlay on this thread, the text of chunk `c`
    /// on lane `c % lanes.count`. Nil when Cairo's documents cannot be joined.
    func layeredSVG(_ chunks: [Range<Int>]) throws -> [UInt8]? {
        let all = Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)
        var cells: [UInt8] = [], overlay: [UInt8] = []
        let text = UnsafeMutablePointer<[UInt8]>.allocate(capacity: chunks.count)
        text.initialize(repeating: [], count: chunks.count)
        defer { text.deinitialize(count: chunks.count); text.deallocate() }
        // The links of each chunk's text, joined in chunk order after the blocks' (lane 0).
        let links = UnsafeMutablePointer<[LinkArea]>.allocate(capacity: chunks.count)
        links.initialize(repeating: [], count: chunks.count)
        defer { links.deinitialize(count: chunks.count); links.deallocate() }
        var blockLinks: [LinkArea] = []
        let decimals = self.decimals.computed, pixels = painter.pixelsPerDeviceUnit
        try lanes.run(chunks: chunks.count) { lane in
            if lane.index == 0 {
                cells = try svgPart { cr in
                    paintBackground(cr, all)
                    try paintCanvas(cr, visible: all, regions: nil, blocks: nil, gridOrigin: nil, closeBottoms: false,
                                    painter: painter, blockText: blockText, layers: .cells)
                }
                blockLinks = painter.takeLinks()
                overlay = try svgPart { cr in
                    try paintCanvas(cr, visible: all, regions: nil, blocks: [], gridOrigin: nil, closeBottoms: false,
                                    painter: painter, blockText: blockText, layers: .overlay)
                }
            }
            let lanePainter = self.painter(on: lane, decimals: decimals, pixelsPerDeviceUnit: pixels)
            lanePainter.recordsLinks = true
            for c in Swift.stride(from: lane.index, to: chunks.count, by: lanes.count) {
                text[c] = try svgPart { cr in
                    // A page-wide first operation keeps Cairo's finish linear; the join drops it.
                    cr.paint(.white)
                    try paintCanvas(cr, visible: all, regions: nil, blocks: [], gridOrigin: nil, closeBottoms: false,
                                    painter: lanePainter, blockText: nil, layers: .text, rows: chunks[c])
                }
                links[c] = lanePainter.takeLinks()
            }
        }
        let layers = [cells] + Array(UnsafeBufferPointer(start: text, count: chunks.count)) + [overlay]
        let areas = blockLinks + UnsafeBufferPointer(start: links, count: chunks.count).flatMap { $0 }
        return try Timings.span("join") {
            try SVGStitcher.join(layers, dropsPage: layers.indices.map { $0 > 0 && $0 <= chunks.count }).map { try SVGLinks.insert(areas, into: accessibleSVG($0)) }
        }
    }

    /// Writes the SVG to `sink`. A grid too big to join in memory (`RowChunks.streamed`) is
    /// painted in more, smaller chunks on the lanes and written layer by layer as they are
    /// finished (`SVGLayerWriter`), so memory holds a few chunks' documents, not the whole; other
    /// grids are `svg()`'s bytes.
    func svg(to sink: OutputSink) throws {
        guard chunksText, let chunks = RowChunks.streamed(rows: layout.rows.count, columns: layout.columns.count,
                                                          cellsPerChunk: streamedChunkCells) else {
            return try writeJoinedSVG(to: sink)
        }
        if try streamedOwnSVG(chunks, to: sink) { return }
        sink.imageFilter = images.tokens
        painter.pixelsPerDeviceUnit = 1   // as in `svg()`
        painter.recordsLinks = true
        let all = Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)
        let decimals = self.decimals.computed, pixels = painter.pixelsPerDeviceUnit
        let writer = SVGLayerWriter(sink: sink, chunks: chunks.count, window: 2 * lanes.count, accessibility: svgAccessibility())
        // The links of the blocks (lane 0) and of each chunk's text, joined in that order at the end.
        let links = UnsafeMutablePointer<[LinkArea]>.allocate(capacity: chunks.count + 1)
        links.initialize(repeating: [], count: chunks.count + 1)
        defer { links.deinitialize(count: chunks.count + 1); links.deallocate() }
        let slots = Unchecked(links)
        try lanes.run(chunks: chunks.count) { lane in
            do {
                if lane.index == 0 {
                    try writer.deliver(0, svgPart { cr in
                        paintBackground(cr, all)
                        try paintCanvas(cr, visible: all, regions: nil, blocks: nil, gridOrigin: nil, closeBottoms: false,
                                        painter: painter, blockText: blockText, layers: .cells)
                    }, dropsPage: false)
                    slots.value[0] = painter.takeLinks()
                }
                let lanePainter = self.painter(on: lane, decimals: decimals, pixelsPerDeviceUnit: pixels)
                lanePainter.recordsLinks = true
                for c in Swift.stride(from: lane.index, to: chunks.count, by: lanes.count) {
                    try Timings.wait("wait for turn") { try writer.waitTurn(c) }
                    try writer.deliver(c + 1, svgPart { cr in
                        cr.paint(.white)   // as in `layeredSVG`: keeps Cairo's finish linear; dropped
                        try paintCanvas(cr, visible: all, regions: nil, blocks: [], gridOrigin: nil, closeBottoms: false,
                                        painter: lanePainter, blockText: nil, layers: .text, rows: chunks[c])
                    }, dropsPage: true)
                    slots.value[c + 1] = lanePainter.takeLinks()
                }
                if lane.index == 0 {
                    try writer.deliver(chunks.count + 1, svgPart { cr in
                        try paintCanvas(cr, visible: all, regions: nil, blocks: [], gridOrigin: nil, closeBottoms: false,
                                        painter: painter, blockText: blockText, layers: .overlay)
                    }, dropsPage: false)
                }
            } catch {
                writer.fail(error)
                throw error
            }
        }
        try Timings.span("write") {
            try writer.finish(links: SVGLinks.elements(UnsafeBufferPointer(start: links, count: chunks.count + 1).flatMap { $0 }))
            try sink.finishImages()
        }
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

    /// One layer of the SVG: a document of the canvas's size painted by `body`.
    func svgPart(_ body: (CairoContext) throws -> Void) throws -> [UInt8] {
        let cr = try CairoContext(CairoSurface.svg(width: frame.size.width, height: frame.size.height))
        try body(cr)
        return try Timings.span("encode part", .region) { try cr.finishSurface() }
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
