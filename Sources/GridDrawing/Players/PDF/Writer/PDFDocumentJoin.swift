import GridDocument
import GridLayout

/// Joins the pages of the project's PDF in page order as they are painted (`PDFPagePart`), in
/// three steps (issue 28: only what must be ordered is): `number` (in page order: the page's
/// object numbers, its structure events through `PDFStructureTree`, its fonts' glyphs),
/// `format` (any lane, in parallel: the page's content stream, annotations, dictionary and
/// structure elements formatted and packed into the page's object streams, deflated and hashed:
/// a `PDFFileSegment`), `emit` (in page order: the segment copied to the file). At the end
/// `finish` writes the fonts (`PDFFontEmbedding`), the page tree, the structure tree's root and
/// sections, the catalogue and the cross-reference stream (`PDFWriter`). `number`, `emit` and
/// `finish` are called by one thread at a time (`PDFPageWindow`).
final class PDFDocumentJoin {
    /// What the catalogue and the document information say.
    struct Metadata {
        /// The title (`/Title`, shown in the window) and the language (`/Lang`); nil for an
        /// untagged PDF, which gets neither, nor a structure tree (as Cairo's route). The table's
        /// `/Alt` is given before `finish` (`setAlt`).
        var tags: (title: String?, language: String)?
    }

    /// Gives the table of a tagged PDF its `/Alt` (written by `finish`).
    func setAlt(_ alt: String?) {
        tree?.setAlt(alt)
    }

    private let writer: PDFWriter
    private let embedder: any PDFFontEmbedding
    private let metadata: Metadata
    private let catalog: Int, pageTree: Int, info: Int, structureRoot: Int?
    private let tree: PDFStructureTree?
    private var pages: [Int] = []
    /// Each PDF font met, in the order met: its object number and glyphs.
    private var fonts: [PDFFontKey: Int] = [:]
    private var fontUses: [(number: Int, use: PDFFontUse)] = []
    /// Each image source met, numbered in page order here (not on the lanes), so the bytes do not
    /// depend on which lane met it first.
    private let images = PDFImageObjects()

    init(writer: PDFWriter, embedder: any PDFFontEmbedding, metadata: Metadata) {
        self.writer = writer
        self.embedder = embedder
        self.metadata = metadata
        catalog = writer.reserve()
        pageTree = writer.reserve()
        info = writer.reserve()
        let structureRoot = metadata.tags == nil ? nil : writer.reserve()
        self.structureRoot = structureRoot
        tree = metadata.tags.flatMap { _ in structureRoot.map { PDFStructureTree(root: $0, writer: writer) } }
    }

    /// A page with fewer plain objects than this has no object stream of its own: they go into
    /// the writer's streams at the end (an untagged page: its dictionary alone, some 150 bytes).
    static let fewestInObjectStream = 4

    /// Writes `part` as the next page (the three steps on this thread).
    func add(_ part: PDFPagePart) throws {
        try emit(PDFDocumentJoin.format(number(part)))
    }

    /// Numbers `part` as the next page: its objects, its fonts and images, its structure.
    func number(_ part: PDFPagePart) -> PDFNumberedPage {
        let page = writer.reserve(), content = writer.reserve()
        let annotations = part.links.map { _ in writer.reserve() }
        pages.append(page)
        var fontNumbers: [Int] = []
        for f in part.fonts {
            let number: Int
            if let known = fonts[f.key] {
                number = known
            } else {
                number = writer.reserve()
                fonts[f.key] = number
                fontUses.append((number, PDFFontUse(font: f.font)))
            }
            let index = fontUses.firstIndex { $0.number == number }!
            for glyph in f.glyphs.keys where fontUses[index].use.glyphs[glyph] == nil { fontUses[index].use.glyphs[glyph] = "" }
            fontNumbers.append(number)
        }
        let imageNumbers = part.images.map { images.object(for: $0, reserve: writer.reserve) }
        let structure = tree?.add(part.events, markedContent: part.markedContent, page: page, annotations: annotations)
        var numbered = PDFNumberedPage(width: part.width, height: part.height, content: part.content, links: part.links, alphas: part.alphas,
                                       pageTree: pageTree, page: page, contentObject: content, annotations: annotations,
                                       fonts: fontNumbers, images: imageNumbers, structure: structure, objectStreams: [])
        let plain = numbered.plainObjects
        if plain >= PDFDocumentJoin.fewestInObjectStream {
            numbered.objectStreams = (0..<((plain + PDFWriter.objectsPerStream - 1) / PDFWriter.objectsPerStream)).map { _ in writer.reserve() }
        }
        return numbered
    }

    /// The file's bytes of numbered page `p`: its content stream, its link annotations, and its
    /// dictionary and structure objects in its object streams (or the writer's at the end).
    /// Pure: any lane.
    static func format(_ p: PDFNumberedPage) -> PDFFileSegment {
        var segment = PDFFileSegment()
        segment.addStream(PDFObject(number: p.contentObject, "<< /Filter /FlateDecode >>", stream: p.content))
        for (k, link) in p.links.enumerated() {
            // Outside the object streams, as Cairo wrote them: a link's URL can be found in the bytes.
            segment.addDirect(PDFObject(number: p.annotations[k], annotation(link, page: p.page, key: p.structure?.annotationKeys[k] ?? nil)))
        }
        var resources: [String] = []
        if !p.fonts.isEmpty { resources.append("/Font << \(p.fonts.enumerated().map { "/F\($0.offset + 1) \($0.element) 0 R" }.joined(separator: " ")) >>") }
        if !p.images.isEmpty {
            resources.append("/XObject << \(p.images.enumerated().map { "/Im\($0.offset) \($0.element) 0 R" }.joined(separator: " ")) >>")
        }
        if !p.alphas.isEmpty {
            let states = p.alphas.enumerated().map { "/a\($0.offset) << /CA \(PDFNumber.string($0.element, decimals: 6)) /ca \(PDFNumber.string($0.element, decimals: 6)) >>" }
            resources.append("/ExtGState << \(states.joined(separator: " ")) >>")
        }
        var dictionary = "<< /Type /Page /Parent \(p.pageTree) 0 R /MediaBox [0 0 \(PDFNumber.string(p.width)) \(PDFNumber.string(p.height))]"
            + " /Contents \(p.contentObject) 0 R /Resources << \(resources.joined(separator: " ")) >>"
        if !p.annotations.isEmpty { dictionary += " /Annots [\(p.annotations.map { "\($0) 0 R" }.joined(separator: " "))]" }
        if let s = p.structure { dictionary += " /StructParents \(s.key) /Tabs /S" }
        var plain: [(number: Int, bytes: [UInt8])] = [(p.page, Array((dictionary + " >>").utf8))]
        plain.reserveCapacity(p.plainObjects)
        p.structure?.objects(into: &plain)
        guard !p.objectStreams.isEmpty else {
            for object in plain { segment.addAtEnd(PDFObject(number: object.number, value: object.bytes)) }
            return segment
        }
        for (k, stream) in p.objectStreams.enumerated() {
            let first = k * PDFWriter.objectsPerStream
            segment.addObjectStream(number: stream, objects: plain[first..<min(plain.count, first + PDFWriter.objectsPerStream)])
        }
        return segment
    }

    /// Writes a page's segment (`format`) next in the file.
    func emit(_ segment: PDFFileSegment) throws {
        try writer.emit(segment)
    }

    /// A link annotation over `link`'s rectangles (their union, each a quadrilateral).
    static func annotation(_ link: PDFPagePart.Link, page: Int, key: Int?) -> String {
        let x0 = link.rects.map(\.x).min()!, y0 = link.rects.map(\.y).min()!
        let x1 = link.rects.map(\.maxX).max()!, y1 = link.rects.map(\.maxY).max()!
        func n(_ v: Double) -> String { PDFNumber.string(v) }
        var out = "<< /Type /Annot /Subtype /Link /Rect [\(n(x0)) \(n(y0)) \(n(x1)) \(n(y1))] /Border [0 0 0] /P \(page) 0 R"
        if link.rects.count > 1 {
            let quads = link.rects.map { r in "\(n(r.x)) \(n(r.maxY)) \(n(r.maxX)) \(n(r.maxY)) \(n(r.x)) \(n(r.y)) \(n(r.maxX)) \(n(r.y))" }
            out += " /QuadPoints [\(quads.joined(separator: " "))]"
        }
        out += " /A << /S /URI /URI (\(PDFText.uri(link.url))) >>"
        if let key { out += " /StructParent \(key)" }
        return out + " >>"
    }

    /// Writes the fonts, the trees, the catalogue and the information, and ends the file.
    func finish() throws {
        for (number, use) in fontUses {
            for object in try embedder.objects(for: use, fontObject: number, reserve: writer.reserve) { try writer.add(object) }
        }
        for object in try images.objects(reserve: writer.reserve) { try writer.add(object) }
        try writer.add(PDFObject(number: pageTree, "<< /Type /Pages /Kids [\(pages.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(pages.count) >>"))
        var catalogue = "<< /Type /Catalog /Pages \(pageTree) 0 R"
        var information = "<< /Creator (gridrender) /Producer (gridrender)"
        if let tags = metadata.tags, let tree, let structureRoot {
            try tree.finish()
            catalogue += " /StructTreeRoot \(structureRoot) 0 R /MarkInfo << /Marked true >> /Lang \(PDFText.textString(tags.language))"
                + " /ViewerPreferences << /DisplayDocTitle true >>"
            if let title = tags.title, !title.isEmpty { information += " /Title \(PDFText.textString(NoncharacterText.drawable(title)))" }
        }
        // Outside the object streams: readers and tools that look for the catalogue in the bytes find it.
        try writer.addDirect(PDFObject(number: catalog, catalogue + " >>"))
        try writer.add(PDFObject(number: info, information + " >>"))
        try writer.finish(root: catalog, info: info)
    }
}
