import GridDocument

/// The structure tree of the writer's tagged PDF (issue 30), built from the pages' structure
/// events as they are joined in page order: `Document` → `Table` (with `/Alt`) → `Caption`,
/// `THead`/`TBody`/`TFoot` → `TR` → `TH`/`TD`, notes as `P` after the table, links as `Link`
/// elements holding their annotation (`/OBJR`), and the parent tree that maps each page's marked
/// content and each annotation back to its element.
///
/// A page's painter closes its sections at the page's end; a section that the next page opens
/// again (the body going on) is one element, so the table has one `TBody` and each page its own
/// `TR`s. A page painted in regions (a split page's stub, then its columns) begins each row and
/// section once per region: a section begun again is the table's one `THead`/`TBody`/`TFoot`, a
/// row begun again on the same page is that page's one `TR` of the row, with the cells of every
/// region in the order painted (the stub's first).
///
/// Elements are numbered as they are begun and written as soon as nothing can add to them: a
/// page's rows, cells, captions, notes and links when the page is joined, with the page's
/// parent-tree array; only the document, the table, its sections and the parent tree's
/// `/Nums` are left for the end (issue 26: tagged as fast as untagged, no serial tail).
final class PDFStructureTree {
    private enum Kid {
        case element(Int)
        case content(page: Int, mcid: Int)
        case annotation(object: Int, page: Int)
    }

    /// One element: `parent` and kids' elements are object numbers.
    private struct Element {
        var kind: String
        var attributes: String
        var parent: Int
        var page: Int?
        var kids: [Kid] = []
    }

    private let writer: PDFWriter
    /// The tree's root (`/StructTreeRoot`), the `Document` element's parent.
    private let root: Int
    private let document: Int
    /// Elements that outlive the page that began them (the document, the table, its sections,
    /// anything still open), by number.
    private var kept: [Int: Element] = [:]
    /// The elements begun on the page being added, numbered from `pageFirst`.
    private var local: [Element] = []
    private var pageFirst = Int.max
    /// Open elements, innermost last.
    private var stack: [Int]
    /// A section ended at a page's end, kept open until the next event says otherwise.
    private var pendingEnd: StructureNode.Kind?
    /// Per parent-tree key: a page's array of elements by marked-content id, or an annotation's
    /// element (object numbers).
    private var parents: [(key: Int, object: Int)] = []
    private var nextKey = 0
    /// The table's sections, each one element however often begun.
    private var sections: [StructureNode.Kind: Int] = [:]

    /// A tree written into `writer` whose root will be object `root` (reserved by the caller).
    init(alt: String?, root: Int, writer: PDFWriter) {
        self.writer = writer
        self.root = root
        document = writer.reserve()
        let table = writer.reserve()
        kept[document] = Element(kind: "Document", attributes: "", parent: root, kids: [.element(table)])
        kept[table] = Element(kind: "Table", attributes: alt.map { " /Alt \(PDFText.textString($0))" } ?? "", parent: document)
        stack = [document, table]
    }

    /// Adds one page's events (`page`: its object number; `annotations`: the numbers of its link
    /// annotations) and writes the elements the page completes. Returns the page's parent-tree
    /// key and each annotation's (nil: not tagged).
    func add(_ events: [PDFStructureEvent], markedContent: Int, page: Int, annotations: [Int]) throws -> (page: Int, annotations: [Int?]) {
        let pageKey = nextKey
        nextKey += 1
        var byMCID = [Int](repeating: document, count: markedContent)
        var annotationKeys = [Int?](repeating: nil, count: annotations.count)
        /// This page's rows by section and layout row.
        var rows: [Int: [Int: Int]] = [:]
        local.removeAll(keepingCapacity: true)
        pageFirst = Int.max
        for event in events {
            if let ended = pendingEnd {
                if case .begin(ended, _, _, _) = event { pendingEnd = nil; continue }
                stack.removeLast()
                pendingEnd = nil
            }
            switch event {
            case .begin(let kind, let attributes, let mcid, let row):
                // A section or row begun again is the element it was (a page in regions).
                if let again = kind == .head || kind == .body || kind == .foot ? sections[kind]
                    : kind == .row ? row.flatMap({ rows[stack.last!]?[$0] }) : nil {
                    stack.append(again)
                    continue
                }
                // A note is the document's, after the table; anything else the open element's.
                let parent = kind == .paragraph ? document : stack.last!
                var element = Element(kind: kind.rawValue, attributes: attributes, parent: parent, page: mcid == nil ? nil : page)
                if let mcid, mcid < byMCID.count { element.kids.append(.content(page: page, mcid: mcid)) }
                let number = begin(element)
                stack.append(number)
                if kind == .head || kind == .body || kind == .foot { sections[kind] = number }
                if kind == .row, let row { rows[parent, default: [:]][row] = number }
                if let mcid, mcid < byMCID.count { byMCID[mcid] = number }
            case .end(let kind):
                if kind == .head || kind == .body || kind == .foot { pendingEnd = kind } else if stack.count > 2 { stack.removeLast() }
            case .link(let annotation):
                let number = begin(Element(kind: "Link", attributes: "", parent: stack.last!, page: page,
                                           kids: [.annotation(object: annotations[annotation], page: page)]))
                annotationKeys[annotation] = nextKey
                parents.append((nextKey, number))
                nextKey += 1
            }
        }
        try endPage(byMCID: byMCID, key: pageKey)
        return (pageKey, annotationKeys)
    }

    /// Numbers `element`, makes it its parent's last kid, and returns its number.
    private func begin(_ element: Element) -> Int {
        let number = writer.reserve()
        if pageFirst == Int.max { pageFirst = number }
        precondition(number == pageFirst + local.count, "structure elements of a page are numbered in a row")
        local.append(element)
        if element.parent >= pageFirst { local[element.parent - pageFirst].kids.append(.element(number)) } else {
            kept[element.parent]!.kids.append(.element(number))
        }
        return number
    }

    /// Writes the page's complete elements (neither open nor a section: nothing can add to
    /// them any more) and its parent-tree array; keeps the others.
    private func endPage(byMCID: [Int], key: Int) throws {
        let open = Set(stack).union(sections.values)
        var scratch: [UInt8] = []
        scratch.reserveCapacity(256)
        for (k, element) in local.enumerated() {
            let number = pageFirst + k
            if open.contains(number) { kept[number] = element; continue }
            try writer.add(PDFObject(number: number, value: bytes(of: element, kids: &scratch)))
        }
        local.removeAll(keepingCapacity: true)
        pageFirst = Int.max
        let array = writer.reserve()
        var out: [UInt8] = [UInt8(ascii: "[")]
        out.reserveCapacity(byMCID.count * 8 + 2)
        for (k, element) in byMCID.enumerated() {
            if k > 0 { out.append(UInt8(ascii: " ")) }
            Self.reference(element, &out)
        }
        out.append(UInt8(ascii: "]"))
        try writer.add(PDFObject(number: array, value: out))
        parents.append((key, array))
    }

    /// Writes the elements left (the document, the table, its sections), the parent tree and
    /// the root (`root`).
    func finish() throws {
        var scratch: [UInt8] = []
        for number in kept.keys.sorted() { try writer.add(PDFObject(number: number, value: bytes(of: kept[number]!, kids: &scratch))) }
        kept.removeAll()
        let tree = writer.reserve()
        var nums = Array("<< /Nums [".utf8)
        for (key, object) in parents.sorted(by: { $0.key < $1.key }) {
            PDFNumber.append(key, to: &nums)
            nums.append(UInt8(ascii: " "))
            Self.reference(object, &nums)
            nums.append(UInt8(ascii: " "))
        }
        try writer.add(PDFObject(number: tree, value: nums + Array("] >>".utf8)))
        try writer.add(PDFObject(number: root, "<< /Type /StructTreeRoot /K \(document) 0 R /ParentTree \(tree) 0 R /ParentTreeNextKey \(nextKey) >>"))
    }

    /// `number 0 R` appended to `out`.
    private static func reference(_ number: Int, _ out: inout [UInt8]) {
        PDFNumber.append(number, to: &out)
        out += indirect
    }

    /// An element's dictionary. `kids`: scratch.
    private func bytes(of e: Element, kids: inout [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(96)
        out += Self.elementHead
        out.append(contentsOf: e.kind.utf8)
        out += Self.parentKey
        Self.reference(e.parent, &out)
        if let page = e.page { out += Self.pageKey; Self.reference(page, &out) }
        kids.removeAll(keepingCapacity: true)
        for (k, kid) in e.kids.enumerated() {
            if k > 0 { kids.append(UInt8(ascii: " ")) }
            switch kid {
            case .element(let number): Self.reference(number, &kids)
            case .content(let page, let mcid):
                if page == e.page { PDFNumber.append(mcid, to: &kids) } else {
                    kids += Self.mcrHead; Self.reference(page, &kids)
                    kids += Self.mcidKey; PDFNumber.append(mcid, to: &kids); kids += Self.dictionaryEnd
                }
            case .annotation(let object, let page):
                kids += Self.objrHead; Self.reference(object, &kids)
                kids += Self.pageKey; Self.reference(page, &kids); kids += Self.dictionaryEnd
            }
        }
        if e.kids.count == 1 { out += Self.kidsKey; out += kids } else if !e.kids.isEmpty {
            out += Self.kidsKey; out.append(UInt8(ascii: "[")); out += kids; out.append(UInt8(ascii: "]"))
        }
        // Most elements have none: Foundation's trimming is slow enough to show on 80,000 cells.
        if !e.attributes.isEmpty {
            let attributes = e.attributes.trimmingCharacters(in: .whitespacesAndNewlines)
            if !attributes.isEmpty { out.append(UInt8(ascii: " ")); out.append(contentsOf: attributes.utf8) }
        }
        out += Self.dictionaryEnd
        return out
    }

    private static let indirect = Array(" 0 R".utf8)
    /// No `/Type /StructElem`: optional (ISO 32000-1 table 323), and 18 of an element's some
    /// 60 bytes, made and deflated 90,000 times on 10,000 rows.
    private static let elementHead = Array("<< /S /".utf8)
    private static let parentKey = Array(" /P ".utf8)
    private static let pageKey = Array(" /Pg ".utf8)
    private static let kidsKey = Array(" /K ".utf8)
    private static let mcrHead = Array("<< /Type /MCR /Pg ".utf8)
    private static let mcidKey = Array(" /MCID ".utf8)
    private static let objrHead = Array("<< /Type /OBJR /Obj ".utf8)
    private static let dictionaryEnd = Array(" >>".utf8)
}
