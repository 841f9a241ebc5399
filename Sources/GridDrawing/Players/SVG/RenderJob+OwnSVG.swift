import Foundation
import GridDocument
import GridLayout

/// SVG written by the project's own player (`SVGPlayer`): the parts of the document (the cells
/// and blocks, the text of each chunk of rows, the overlay) are painted on the lanes, each into
/// bytes of its own with the definitions it uses, sorted on its lane (`SVGDefinitionList`), and
/// joined as values: the header, one `<defs>` with the merged definitions, the bodies in order,
/// the links. Nothing is parsed. The header (with the accessibility layer, as large as the
/// drawing for a big table) is written by the lane that makes it while the others paint.
extension RenderJob {
    /// One painted part: its body, the definitions it uses, its links (device space).
    struct SVGPart {
        var body: [UInt8] = []
        var definitions = SVGDefinitionList()
        var links: [LinkArea] = []
    }

    /// Writes the SVG document to `sink`, which must have no image filter: the document's start
    /// is written while the parts are painted (it holds no image), `imageFilter` is set for the
    /// rest. An error when the player refuses a part (what it cannot draw: `SVGPlayer`), with
    /// the start perhaps written.
    func ownSVG(to sink: OutputSink, imageFilter: OutputFilter?) throws {
        painter.pixelsPerDeviceUnit = 1
        painter.recordsLinks = true
        let all = Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)
        let measured = textChunks
        let pieces = RowChunks.pieces(measured, columns: layout.columns.count)
        let chunks = pieces.map(\.rows)
        let defs = SVGGlyphDefs(prefix: svgIDPrefix())
        try Timings.span("seed fonts") { try seedFonts(defs) }
        var cells = SVGPart(), overlay = SVGPart()
        let text = UnsafeMutablePointer<SVGPart>.allocate(capacity: chunks.count)
        text.initialize(repeating: SVGPart(), count: chunks.count)
        // The parts (kept in `parts` at the end) and the lanes' mergers are freed with the job
        // (`Leftovers`): copied out (a retain each), deinitializing the slots frees nothing.
        defer { text.deinitialize(count: chunks.count); text.deallocate() }
        // Each lane merges the definitions of the chunks it painted (its own slot).
        let merged = UnsafeMutablePointer<SVGDefinitionMerger>.allocate(capacity: lanes.count)
        merged.initialize(repeating: SVGDefinitionMerger(), count: lanes.count)
        defer {
            leftovers.keep(Array(UnsafeBufferPointer(start: merged, count: lanes.count)))
            merged.deinitialize(count: lanes.count); merged.deallocate()
        }
        let slots = Unchecked((text, merged))
        let decimals = self.decimals.computed, pixels = painter.pixelsPerDeviceUnit
        // Lane 0 paints the cells and the overlay on the job's painter, the last lane makes and
        // writes the document's start, and the pieces of the chunks go to whichever lane is
        // free, first to the lane that measured their chunk (`ChunkClaims`).
        let active = min(lanes.count, chunks.count)
        let claims = ChunkClaims(chunks: chunks.count, lanes: active,
                                 owners: pieces.map { measurer.measuringLane(chunk: $0.chunk, lanes: min(lanes.count, measured.count)) })
        do {
            try lanes.run(chunks: chunks.count) { lane in
                if lane.index == active - 1 {
                    try Timings.span("accessibility") { try writeSVGStart(all, to: sink) }
                }
                if lane.index == 0 {
                    painter.glyphBatch = GlyphBatch()
                    defer { painter.glyphBatch = nil }
                    cells = try svgCellsPart(defs, page: all)
                    overlay = try svgOverlayPart(defs, page: all)
                }
                let lanePainter = self.painter(on: lane, decimals: decimals, pixelsPerDeviceUnit: pixels)
                lanePainter.recordsLinks = true
                lanePainter.glyphBatch = GlyphBatch()
                defer { lanePainter.glyphBatch = nil }
                try claims.forEach(lane: lane.index) { c in
                    var part = try svgTextPart(defs, page: all, painter: lanePainter, rows: chunks[c])
                    Timings.span("merge definitions") { slots.value.1[lane.index].add(part.definitions) }
                    part.definitions = SVGDefinitionList()
                    slots.value.0[c] = part
                }
                Timings.span("merge definitions") { slots.value.1[lane.index].finish() }
            }
        } catch let refusal as SVGRefusal {
            _ = painter.takeLinks()
            throw refusal.error
        }
        let parts = [cells] + Array(UnsafeBufferPointer(start: text, count: chunks.count)) + [overlay]
        let definitions = Timings.span("join") {
            SVGDefinitionList.merged([cells.definitions, overlay.definitions]
                                     + UnsafeBufferPointer(start: merged, count: lanes.count).map(\.merged))
        }
        sink.imageFilter = imageFilter
        try Timings.span("write") {
            try writeDefinitions(definitions, to: sink)
            for part in parts { try sink.write(part.body) }
            try sink.write(svgEnd(parts, closesAccessibility: tagsSVG))
        }
        leftovers.keep((parts, definitions, defs))
    }

    /// Writes the start of the document of `all` (`svgStart`) to `sink`, the accessibility
    /// layer's in pieces (`SVGAccessibleTable.write`), never whole in memory.
    func writeSVGStart(_ all: Rect, to sink: OutputSink) throws {
        if let accessibility = svgAccessibility() {
            try accessibility.writeStart(svgHeader(all)) { try sink.write($0) }
        } else {
            try sink.write(svgHeader(all))
        }
    }

    /// Writes `<defs>` with `definitions`, element by element, unless there are none.
    func writeDefinitions(_ definitions: SVGDefinitionList, to sink: OutputSink) throws {
        guard definitions.entries.contains(where: { !$0.element.isEmpty }) else { return }
        try sink.write(Array("<defs>\n".utf8))
        for entry in definitions.entries where !entry.element.isEmpty { try sink.write(entry.element) }
        try sink.write(Array("</defs>\n".utf8))
    }

    /// The start of the document of `all`: the header with the accessibility layer's start
    /// (title, desc, roles; the drawing hidden) when there is one.
    func svgStart(_ all: Rect, _ accessibility: SVGAccessibility?) -> [UInt8] {
        accessibility.map { $0.header(svgHeader(all)) } ?? svgHeader(all)
    }

    /// The document of `parts`: header (with the accessibility layer's start: title, desc,
    /// roles; the drawing hidden), the definitions they use, `background`, their bodies in
    /// order (in a group scaled by `scale` when it is not 1: a page shrunk to fit), their links
    /// (device space, outside that group).
    func join(_ all: Rect, _ parts: [SVGPart], accessibility: SVGAccessibility?,
              background: [UInt8] = [], scale: Double = 1) -> [UInt8] {
        var out = svgStart(all, accessibility)
        let definitions = SVGDefinitionList.merged(parts.map(\.definitions)).bytes
        if !definitions.isEmpty { out += Array("<defs>\n".utf8) + definitions + Array("</defs>\n".utf8) }
        out += background
        // Swift's shortest digits give back the same Double, so rsvg scales exactly as Cairo did.
        if scale != 1 { out += Array("<g transform=\"matrix(\(scale),0,0,\(scale),0,0)\">\n".utf8) }
        for part in parts { out += part.body }
        if scale != 1 { out += Array("</g>\n".utf8) }
        return out + svgEnd(parts, closesAccessibility: accessibility != nil)
    }

    /// What follows the bodies of `parts`: the accessibility layer's end when it was opened
    /// (`closesAccessibility`), the parts' links, `</svg>`.
    func svgEnd(_ parts: [SVGPart], closesAccessibility: Bool) -> [UInt8] {
        var end: [UInt8] = []
        if closesAccessibility { end += SVGAccessibility.epilogue }
        end += SVGLinks.elements(parts.flatMap(\.links))
        return end + Array("</svg>\n".utf8)
    }

    /// The XML declaration and the `<svg>` element of a `rect.width`×`rect.height` px document,
    /// as Cairo writes them.
    func svgHeader(_ rect: Rect) -> [UInt8] {
        let w = SVGNumber.string(rect.width), h = SVGNumber.string(rect.height)
        return Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
            width="\(w)px" height="\(h)px" viewBox="0 0 \(w) \(h)" version="1.1">

            """.utf8)
    }

    /// The cells' part: the background, the cells and the text blocks, on the job's painter.
    func svgCellsPart(_ defs: SVGGlyphDefs, page all: Rect) throws -> SVGPart {
        try svgPart(defs, page: all, painter: painter) { cr, player in
            player.background(grid.background, width: all.width, height: all.height)
            try paintCanvas(cr, visible: all, regions: nil, blocks: nil, gridOrigin: nil, closeBottoms: false,
                            painter: painter, blockText: blockText, layers: .cells)
        }
    }

    /// The overlay's part (what is drawn over the text), on the job's painter.
    func svgOverlayPart(_ defs: SVGGlyphDefs, page all: Rect) throws -> SVGPart {
        try svgPart(defs, page: all, painter: painter) { cr, _ in
            try paintCanvas(cr, visible: all, regions: nil, blocks: [], gridOrigin: nil, closeBottoms: false,
                            painter: painter, blockText: blockText, layers: .overlay)
        }
    }

    /// The text of the chunk of `rows`, on `painter` (a lane's).
    func svgTextPart(_ defs: SVGGlyphDefs, page all: Rect, painter: GridPainter, rows: Range<Int>) throws -> SVGPart {
        try svgPart(defs, page: all, painter: painter) { cr, _ in
            try paintCanvas(cr, visible: all, regions: nil, blocks: [], gridOrigin: nil, closeBottoms: false,
                            painter: painter, blockText: nil, layers: .text, rows: rows)
        }
    }

    /// One part painted by `body` on a scratch context whose lists `SVGPlayer` writes.
    /// `painter`'s links are taken with it, refused or not (a painter left holding links would
    /// hand them to the next part).
    func svgPart(_ defs: SVGGlyphDefs, page: Rect, scale: Double = 1, painter: GridPainter,
                 _ body: (CairoContext, SVGPlayer) throws -> Void) throws -> SVGPart {
        defer { _ = painter.takeLinks() }
        if defs.refused { throw SVGRefusal(reason: "another part") }
        let cr = try CairoContext(CairoSurface.svg(width: page.width, height: page.height))
        let player = try SVGPlayer(defs: defs, page: page, scale: scale)
        cr.svgPlayer = player
        try body(cr, player)
        player.finish()
        if let reason = player.refusal ?? (defs.refused ? "another part" : nil) { throw SVGRefusal(reason: reason) }
        let definitions = Timings.span("sort definitions") { defs.definitionList(player.usedGlyphs) }
        return SVGPart(body: player.body, definitions: definitions, links: painter.takeLinks())
    }

    /// Gives the fonts of the blocks and of the first rows' styles the short glyph-id codes,
    /// in that order (the document's, whatever the threads do).
    func seedFonts(_ defs: SVGGlyphDefs) throws {
        let outlines = try GlyphOutlines()
        let characters = GlyphCharacters()
        let probe = TextLayout(context: context)
        var styles: [ResolvedStyle] = frame.blocks.map { CanvasFrame.blockStyle($0.block.style) }
        for row in 0..<min(layout.rows.count, 4) {
            for column in 0..<layout.columns.count { styles.append(grid.cells.style(row: row, column: column, item: nil)) }
        }
        var seen: Set<ResolvedStyle> = []
        for style in styles where seen.insert(style).inserted {
            probe.prepare("0Aa", style: style, width: nil)
            for run in probe.plainGlyphRuns(characters: characters) ?? [] {
                defs.seed(try outlines.key(font: run.scaledFont))
            }
        }
    }
}
