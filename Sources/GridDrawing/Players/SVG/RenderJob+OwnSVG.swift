import Foundation
import GridDocument
import GridLayout

/// SVG written by the project's own player (`SVGPlayer`): the parts of the document (the cells
/// and blocks, the text of each chunk of rows, the overlay) are painted on the lanes, each into
/// bytes of its own with the glyph ids it used, and joined as values: the header, one `<defs>`
/// with the union of the glyphs, the bodies in order, the links. Nothing is parsed.
extension RenderJob {
    /// One painted part: its body, the glyph ids it uses, its links (device space).
    struct SVGPart {
        var body: [UInt8] = []
        var glyphs: Set<[UInt8]> = []
        var links: [LinkArea] = []
    }

    /// The SVG document in pieces to be written one after the other (`joinedPieces`); an error
    /// when the player refuses a part (what it cannot draw: `SVGPlayer`).
    func ownSVG() throws -> [[UInt8]] {
        painter.pixelsPerDeviceUnit = 1
        painter.recordsLinks = true
        let all = Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)
        let chunks = textChunks
        let defs = SVGGlyphDefs(prefix: svgIDPrefix())
        try seedFonts(defs)
        var cells = SVGPart(), overlay = SVGPart()
        let text = UnsafeMutablePointer<SVGPart>.allocate(capacity: chunks.count)
        text.initialize(repeating: SVGPart(), count: chunks.count)
        defer { text.deinitialize(count: chunks.count); text.deallocate() }
        let slots = Unchecked(text)
        let decimals = self.decimals.computed, pixels = painter.pixelsPerDeviceUnit
        // Lane 0 paints the cells and the overlay on the job's painter, the last lane makes the
        // accessibility layer's start, and the chunks go to whichever lane is free (`ChunkClaims`).
        let active = min(lanes.count, chunks.count)
        let claims = ChunkClaims(chunks: chunks.count, lanes: active)
        var start: [UInt8] = []
        do {
            try lanes.run(chunks: chunks.count) { lane in
                if lane.index == active - 1 {
                    start = Timings.span("accessibility") { svgStart(all, svgAccessibility()) }
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
                    slots.value[c] = try svgTextPart(defs, page: all, painter: lanePainter, rows: chunks[c])
                }
            }
        } catch let refusal as SVGRefusal {
            _ = painter.takeLinks()
            throw refusal.error
        }
        let parts = [cells] + Array(UnsafeBufferPointer(start: text, count: chunks.count)) + [overlay]
        return Timings.span("join") { joinedPieces(defs, parts, start: start, closesAccessibility: tagsSVG) }
    }

    /// The start of the document of `all`: the header with the accessibility layer's start
    /// (title, desc, roles; the drawing hidden) when there is one.
    func svgStart(_ all: Rect, _ accessibility: SVGAccessibility?) -> [UInt8] {
        accessibility.map { $0.header(svgHeader(all)) } ?? svgHeader(all)
    }

    /// The document of `parts`: header (with the accessibility layer's start: title, desc,
    /// roles; the drawing hidden), the definitions of the glyphs they use, `background`, their
    /// bodies in order (in a group scaled by `scale` when it is not 1: a page shrunk to fit),
    /// their links (device space, outside that group).
    func join(_ all: Rect, _ defs: SVGGlyphDefs, _ parts: [SVGPart], accessibility: SVGAccessibility?,
              background: [UInt8] = [], scale: Double = 1) -> [UInt8] {
        join(all, defs, parts, start: svgStart(all, accessibility), closesAccessibility: accessibility != nil,
             background: background, scale: scale)
    }

    /// `join` with the document's start made already (`svgStart`); `closesAccessibility`: whether
    /// it opened the accessibility layer's hidden group.
    func join(_ all: Rect, _ defs: SVGGlyphDefs, _ parts: [SVGPart], start: [UInt8], closesAccessibility: Bool,
              background: [UInt8] = [], scale: Double = 1) -> [UInt8] {
        let pieces = joinedPieces(defs, parts, start: start, closesAccessibility: closesAccessibility,
                                  background: background, scale: scale)
        var out: [UInt8] = []
        out.reserveCapacity(pieces.reduce(0) { $0 + $1.count })
        for piece in pieces { out += piece }
        return out
    }

    /// The document `join` makes, as pieces that are the document one after the other: the
    /// start with the definitions, each part's body as it is (not copied into one array: a
    /// people-10000 SVG is 35 MB), the end.
    func joinedPieces(_ defs: SVGGlyphDefs, _ parts: [SVGPart], start: [UInt8], closesAccessibility: Bool,
                      background: [UInt8] = [], scale: Double = 1) -> [[UInt8]] {
        var head = start
        let used = parts.reduce(into: Set<[UInt8]>()) { $0.formUnion($1.glyphs) }
        let definitions = defs.definitions(SVGGlyphDefs.sorted(used))
        if !definitions.isEmpty { head += Array("<defs>\n".utf8) + definitions + Array("</defs>\n".utf8) }
        head += background
        // Swift's shortest digits give back the same Double, so rsvg scales exactly as Cairo did.
        if scale != 1 { head += Array("<g transform=\"matrix(\(scale),0,0,\(scale),0,0)\">\n".utf8) }
        var end: [UInt8] = []
        if scale != 1 { end += Array("</g>\n".utf8) }
        if closesAccessibility { end += SVGAccessibility.epilogue }
        end += SVGLinks.elements(parts.flatMap(\.links))
        end += Array("</svg>\n".utf8)
        return [head] + parts.map(\.body) + [end]
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
        return SVGPart(body: player.body, glyphs: player.usedGlyphs, links: painter.takeLinks())
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
