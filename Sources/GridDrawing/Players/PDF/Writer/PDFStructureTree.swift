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
/// Elements are numbered as they are begun; those nothing can add to any more (a page's rows,
/// cells, captions, notes and links) are handed back when the page is added, with the page's
/// parent-tree array (`PDFStructurePage`), for the page's lane to format; only the document,
/// the table, its sections and the parent tree's `/Nums` are left for the end (issue 26: tagged
/// as fast as untagged, no serial tail). `add` runs in page order, one page at a time; it
/// formats nothing (issue 28: the join's serial part).
final class PDFStructureTree {
    private typealias Element = PDFStructureElement

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
    /// The `Table` element's number (its `/Alt` is given late: `setAlt`).
    private let table: Int

    /// A tree written into `writer` whose root will be object `root` (reserved by the caller).
    init(root: Int, writer: PDFWriter) {
        self.writer = writer
        self.root = root
        document = writer.reserve()
        let table = writer.reserve()
        self.table = table
        kept[document] = Element(kind: "Document", attributes: "", parent: root, kids: [.element(table)])
        kept[table] = Element(kind: "Table", attributes: "", parent: document)
        stack = [document, table]
    }

    /// Gives the table its text alternative (`/Alt`; nil: none): the table element is written
    /// by `finish`.
    func setAlt(_ alt: String?) {
        kept[table]?.attributes = alt.map { " /Alt \(PDFText.textString($0))" } ?? ""
    }

    /// Adds one page's events (`page`: its object number; `annotations`: the numbers of its link
    /// annotations), numbering its elements, and returns what the page completes, with its
    /// parent-tree key and each annotation's, for the page's lane to format.
    func add(_ events: [PDFStructureEvent], markedContent: Int, page: Int, annotations: [Int]) -> PDFStructurePage {
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
        return endPage(byMCID: byMCID, key: pageKey, annotationKeys: annotationKeys)
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

    /// The page's complete elements (neither open nor a section: nothing can add to them any
    /// more) and its parent-tree array, numbered; keeps the others.
    private func endPage(byMCID: [Int], key: Int, annotationKeys: [Int?]) -> PDFStructurePage {
        let open = Set(stack).union(sections.values)
        var done: [(number: Int, element: Element)] = []
        done.reserveCapacity(local.count)
        for (k, element) in local.enumerated() {
            let number = pageFirst + k
            if open.contains(number) { kept[number] = element } else { done.append((number, element)) }
        }
        local.removeAll(keepingCapacity: true)
        pageFirst = Int.max
        let array = writer.reserve()
        parents.append((key, array))
        return PDFStructurePage(elements: done, array: array, byMCID: byMCID, key: key, annotationKeys: annotationKeys)
    }

    /// Writes the elements left (the document, the table, its sections), the parent tree and
    /// the root (`root`).
    func finish() throws {
        var scratch: [UInt8] = []
        for number in kept.keys.sorted() { try writer.add(PDFObject(number: number, value: kept[number]!.bytes(kids: &scratch))) }
        kept.removeAll()
        let tree = writer.reserve()
        var nums = Array("<< /Nums [".utf8)
        for (key, object) in parents.sorted(by: { $0.key < $1.key }) {
            PDFNumber.append(key, to: &nums)
            nums.append(UInt8(ascii: " "))
            PDFStructureElement.reference(object, &nums)
            nums.append(UInt8(ascii: " "))
        }
        try writer.add(PDFObject(number: tree, value: nums + Array("] >>".utf8)))
        try writer.add(PDFObject(number: root, "<< /Type /StructTreeRoot /K \(document) 0 R /ParentTree \(tree) 0 R /ParentTreeNextKey \(nextKey) >>"))
    }
}
