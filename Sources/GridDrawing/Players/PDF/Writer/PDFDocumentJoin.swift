import GridDocument
import GridLayout

/// Joins the pages of the project's PDF in page order as they are painted (`PDFPagePart`):
/// numbers each page's objects, writes its content stream, annotations, dictionary and structure
/// elements at once (`PDFStructureTree`), gathers its fonts' glyphs; at the end writes the fonts
/// (`PDFFontEmbedding`), the page tree, the structure tree's root and sections, the catalogue and
/// the cross-reference stream (`PDFWriter`). Called by one thread at a time.
final class PDFDocumentJoin {
    /// What the catalogue and the document information say.
    struct Metadata {
        /// The title (`/Title`, shown in the window), the language (`/Lang`) and the table's
        /// `/Alt`; nil for an untagged PDF, which gets none of them (as Cairo's route).
        var tags: (title: String?, language: String, alt: String?)?
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
        tree = metadata.tags.flatMap { tags in structureRoot.map { PDFStructureTree(alt: tags.alt, root: $0, writer: writer) } }
    }

    /// Writes `part` as the next page.
    func add(_ part: PDFPagePart) throws {
        let page = writer.reserve(), content = writer.reserve()
        let annotations = part.links.map { _ in writer.reserve() }
        pages.append(page)
        var fontEntries: [String] = []
        for (k, f) in part.fonts.enumerated() {
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
            fontEntries.append("/F\(k + 1) \(number) 0 R")
        }
        let keys = try tree?.add(part.events, markedContent: part.markedContent, page: page, annotations: annotations)
        try writer.add(PDFObject(number: content, "<< /Filter /FlateDecode >>", stream: part.content))
        for (k, link) in part.links.enumerated() {
            // Outside the object streams, as Cairo wrote them: a link's URL can be found in the bytes.
            try writer.addDirect(PDFObject(number: annotations[k], PDFDocumentJoin.annotation(link, page: page, key: keys?.annotations[k] ?? nil)))
        }
        var resources: [String] = []
        if !fontEntries.isEmpty { resources.append("/Font << \(fontEntries.joined(separator: " ")) >>") }
        if !part.images.isEmpty {
            let names = part.images.enumerated().map { "/Im\($0.offset) \(images.object(for: $0.element, reserve: writer.reserve)) 0 R" }
            resources.append("/XObject << \(names.joined(separator: " ")) >>")
        }
        if !part.alphas.isEmpty {
            let states = part.alphas.enumerated().map { "/a\($0.offset) << /CA \(PDFNumber.string($0.element, decimals: 6)) /ca \(PDFNumber.string($0.element, decimals: 6)) >>" }
            resources.append("/ExtGState << \(states.joined(separator: " ")) >>")
        }
        var dictionary = "<< /Type /Page /Parent \(pageTree) 0 R /MediaBox [0 0 \(PDFNumber.string(part.width)) \(PDFNumber.string(part.height))]"
            + " /Contents \(content) 0 R /Resources << \(resources.joined(separator: " ")) >>"
        if !annotations.isEmpty { dictionary += " /Annots [\(annotations.map { "\($0) 0 R" }.joined(separator: " "))]" }
        if let keys { dictionary += " /StructParents \(keys.page) /Tabs /S" }
        try writer.add(PDFObject(number: page, dictionary + " >>"))
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
