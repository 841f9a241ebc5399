import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// `PDFStructureTree` through `PDFDocumentJoin` (issue 26): each page's structure elements and
/// parent-tree array are written when the page is joined, so that after the last page only the
/// document, the table, its sections and the tree's root are left, and the tree readers see has
/// every cell once, in order, whatever the pages hold (sections going on, links, notes).
@Suite struct PDFStructureTreeTests {
    /// A generated document: 1 to 12 pages of up to 60 rows of 1 to 6 cells, a header section on
    /// the first page, some cells holding a link, a note on the last page. Returns the file's
    /// bytes, the bytes written before `finish`, and the cells tagged.
    static func document(seed: Int) throws -> (file: [UInt8], beforeFinish: Int, cells: Int) {
        var rng = WriterTestRandom(seed: UInt64(seed) &+ 0x7EE)
        var bytes: [UInt8] = []
        let writer = try PDFWriter { bytes += $0 }
        let join = PDFDocumentJoin(writer: writer, embedder: PDFFontEmbedder(), metadata: .init(tags: ("Tree \(seed)", "en")))
        join.setAlt("A table")
        let pages = 1 + Int(rng.next() % 12), columns = 1 + Int(rng.next() % 6)
        var cells = 0, row = 0
        for page in 0..<pages {
            var events: [PDFStructureEvent] = [], content = "", links: [PDFPagePart.Link] = []
            var mcid = 0
            func cell(_ kind: StructureNode.Kind) {
                events.append(.begin(kind, attributes: kind == .header ? "   /A << /O /Table /Scope /Column >>\n" : "", mcid: mcid))
                content += "/\(kind.rawValue) <</MCID \(mcid)>> BDC 0 0 1 1 re f EMC\n"
                if rng.next() % 9 == 0 {
                    events.append(.link(annotation: links.count))
                    links.append(.init(url: "https://example.com/\(cells)", rects: [Rect(x: 1, y: 1, width: 5, height: 5)]))
                }
                events.append(.end(kind))
                mcid += 1
                cells += 1
            }
            func rows(_ section: StructureNode.Kind, _ count: Int, cellKind: StructureNode.Kind) {
                events.append(.begin(section, attributes: "", mcid: nil))
                for _ in 0..<count {
                    events.append(.begin(.row, attributes: "", mcid: nil, row: row))
                    for _ in 0..<columns { cell(cellKind) }
                    events.append(.end(.row))
                    row += 1
                }
                events.append(.end(section))
            }
            if page == 0 { rows(.head, 1, cellKind: .header) }
            rows(.body, Int(rng.next() % 61), cellKind: .cell)
            if page == pages - 1 { cell(.paragraph) }
            try join.add(PDFPagePart(width: 100, height: 100, content: PDFDeflate.compress(Array(content.utf8)), fonts: [], alphas: [],
                                     images: [], links: links, events: events, markedContent: mcid))
        }
        let beforeFinish = bytes.count
        try join.finish()
        return (bytes, beforeFinish, cells)
    }

    /// The object streams (`/Type /ObjStm`) in `bytes`.
    static func objectStreams(_ bytes: some Collection<UInt8>) -> Int {
        let needle = Array("/Type /ObjStm".utf8)
        let b = Array(bytes)
        guard b.count >= needle.count else { return 0 }
        return (0...(b.count - needle.count)).filter { b[$0] == needle[0] && Array(b[$0..<($0 + needle.count)]) == needle }.count
    }

    /// Every object stream but the last two is written before `finish`: the structure is not
    /// left for the end (the part-filled stream of the last page and the few objects left).
    @Test(arguments: 0..<8)
    func elementsAreWrittenAsPagesJoin(seed: Int) throws {
        let (file, beforeFinish, _) = try Self.document(seed: seed)
        let all = Self.objectStreams(file), early = Self.objectStreams(file.prefix(beforeFinish))
        #expect(all - early <= 2, "\(all) object streams, \(early) before finish")
    }

    /// qpdf reads the file without a warning, poppler reads it as tagged with each generated
    /// cell once (`TH`, `TD` and the note's `P`), and the same seed gives the same bytes.
    @Test(arguments: 0..<4)
    func readersSeeEveryCellOnce(seed: Int) throws {
        let (file, _, cells) = try Self.document(seed: seed)
        #expect(try Self.document(seed: seed).file == file)
        let check = try OwnPDFDocumentTests.tool(["qpdf", "--check"], file)
        #expect(check.status == 0 && !check.text.uppercased().contains("WARNING"), "\(check.text)")
        #expect(try OwnPDFDocumentTests.tool(["pdfinfo"], file).text.contains("Tagged:          yes"))
        let tree = try OwnPDFDocumentTests.tool(["pdfinfo", "-struct"], file).text
        let kinds = tree.split(separator: "\n").map { $0.split(separator: " ").first.map { $0.trimmingCharacters(in: [":"]) } ?? "" }
        let tagged = kinds.filter { ["TH", "TD", "P"].contains($0) }
        #expect(tagged.count == cells, "\(tree.prefix(2000))")
        #expect(tree.components(separatedBy: "TBody").count - 1 == 1 && tree.components(separatedBy: "THead").count - 1 == 1)
    }
}
