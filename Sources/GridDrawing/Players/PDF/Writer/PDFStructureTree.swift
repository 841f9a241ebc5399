import GridDocument

/// The structure tree of the writer's tagged PDF (issue 30), built from the pages' structure
/// events as they are joined in page order, written once every page is: `Document` → `Table`
/// (with `/Alt`) → `Caption`, `THead`/`TBody`/`TFoot` → `TR` → `TH`/`TD`, notes as `P` after
/// the table, links as `Link` elements holding their annotation (`/OBJR`), and the parent
/// tree that maps each page's marked content and each annotation back to its element.
///
/// A page's painter closes its sections at the page's end; a section that the next page opens
/// again (the body going on) is one element, so the table has one `TBody` and each page its own
/// `TR`s. A page painted in regions (a split page's stub, then its columns) begins each row and
/// section once per region: a section begun again is the table's one `THead`/`TBody`/`TFoot`, a
/// row begun again on the same page is that page's one `TR` of the row, with the cells of every
/// region in the order painted (the stub's first).
final class PDFStructureTree {
    private enum Kid {
        case element(Int)
        case content(page: Int, mcid: Int)
        case annotation(object: Int, page: Int)
    }

    private struct Element {
        var kind: String
        var attributes: String
        var parent: Int
        var page: Int?
        var kids: [Kid] = []
    }

    private var elements: [Element]
    private var stack: [Int]
    /// A section ended at a page's end, kept open until the next event says otherwise.
    private var pendingEnd: StructureNode.Kind?
    /// Per parent-tree key: a page's elements by marked-content id, or an annotation's element.
    private var parents: [(key: Int, elements: [Int])] = []
    private var nextKey = 0
    /// The table's sections, each one element however often begun.
    private var sections: [StructureNode.Kind: Int] = [:]

    init(alt: String?) {
        elements = [Element(kind: "Document", attributes: "", parent: -1),
                    Element(kind: "Table", attributes: alt.map { " /Alt \(PDFText.textString($0))" } ?? "", parent: 0)]
        elements[0].kids = [.element(1)]
        stack = [0, 1]
    }

    /// Adds one page's events (`page`: its object number; `annotations`: the numbers of its link
    /// annotations). Returns the page's parent-tree key and each annotation's (nil: not tagged).
    func add(_ events: [PDFStructureEvent], markedContent: Int, page: Int, annotations: [Int]) -> (page: Int, annotations: [Int?]) {
        let pageKey = nextKey
        nextKey += 1
        var byMCID = [Int](repeating: 0, count: markedContent)
        var annotationKeys = [Int?](repeating: nil, count: annotations.count)
        /// This page's rows by section and layout row.
        var rows: [Int: [Int: Int]] = [:]
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
                let parent = kind == .paragraph ? 0 : stack.last!
                let index = elements.count
                elements.append(Element(kind: kind.rawValue, attributes: attributes, parent: parent, page: mcid == nil ? nil : page))
                elements[parent].kids.append(.element(index))
                stack.append(index)
                if kind == .head || kind == .body || kind == .foot { sections[kind] = index }
                if kind == .row, let row { rows[parent, default: [:]][row] = index }
                if let mcid, mcid < byMCID.count {
                    elements[index].kids.append(.content(page: page, mcid: mcid))
                    byMCID[mcid] = index
                }
            case .end(let kind):
                if kind == .head || kind == .body || kind == .foot { pendingEnd = kind } else if stack.count > 2 { stack.removeLast() }
            case .link(let annotation):
                let index = elements.count
                let parent = stack.last!
                elements.append(Element(kind: "Link", attributes: "", parent: parent, page: page))
                elements[index].kids = [.annotation(object: annotations[annotation], page: page)]
                elements[parent].kids.append(.element(index))
                annotationKeys[annotation] = nextKey
                parents.append((nextKey, [index]))
                nextKey += 1
            }
        }
        parents.append((pageKey, byMCID))
        return (pageKey, annotationKeys)
    }

    /// Writes the elements, the parent tree and the root as object `root`. On 10,000 rows the
    /// tree is some 90,000 objects: their bytes are made (byte appends, `PDFNumber`) and their
    /// object streams deflated on the writer's threads, in parts whose results come back in
    /// order, so the bytes are those of one thread (issue 26).
    func write(to writer: PDFWriter, root: Int) throws {
        if pendingEnd != nil { stack.removeLast(); pendingEnd = nil }
        let first = writer.reserve()
        for _ in 1..<elements.count { _ = writer.reserve() }
        let count = elements.count
        let parts = max(1, min(writer.threads, count / 1024))
        let objects = OrderedParallel.map(parts, threads: parts) { part in
            var objects: [PDFObject] = []
            objects.reserveCapacity(count / parts + 1)
            var kids: [UInt8] = []
            kids.reserveCapacity(256)
            for index in (count * part / parts)..<(count * (part + 1) / parts) {
                objects.append(PDFObject(number: first + index, value: self.bytes(of: index, first: first, root: root, kids: &kids)))
            }
            return objects
        }
        try writer.addAll(Array(objects.joined()))
        try writeParentTree(to: writer, root: root, first: first)
    }

    /// Element `index`'s dictionary (elements numbered from `first`; the tree's root `root`).
    /// `kids`: scratch.
    private func bytes(of index: Int, first: Int, root: Int, kids: inout [UInt8]) -> [UInt8] {
        func ref(_ index: Int, _ out: inout [UInt8]) {
            PDFNumber.append(first + index, to: &out)
            out += Self.indirect
        }
        func object(_ number: Int, _ out: inout [UInt8]) {
            PDFNumber.append(number, to: &out)
            out += Self.indirect
        }
        let e = elements[index]
        var out: [UInt8] = []
        out.reserveCapacity(96)
        out += Self.elementHead
        out.append(contentsOf: e.kind.utf8)
        out += Self.parentKey
        if e.parent < 0 { object(root, &out) } else { ref(e.parent, &out) }
        if let page = e.page { out += Self.pageKey; object(page, &out) }
        kids.removeAll(keepingCapacity: true)
        for (k, kid) in e.kids.enumerated() {
            if k > 0 { kids.append(UInt8(ascii: " ")) }
            switch kid {
            case .element(let k): ref(k, &kids)
            case .content(let page, let mcid):
                if page == e.page { PDFNumber.append(mcid, to: &kids) } else {
                    kids += Self.mcrHead; object(page, &kids)
                    kids += Self.mcidKey; PDFNumber.append(mcid, to: &kids); kids += Self.dictionaryEnd
                }
            case .annotation(let object, let page):
                kids += Self.objrHead; PDFNumber.append(object, to: &kids); kids += Self.indirect
                kids += Self.pageKey; PDFNumber.append(page, to: &kids); kids += Self.indirect; kids += Self.dictionaryEnd
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

    /// The parent tree (each page's elements by marked-content id, each annotation's element)
    /// and the tree's root.
    private func writeParentTree(to writer: PDFWriter, root: Int, first: Int) throws {
        func ref(_ index: Int, _ out: inout [UInt8]) {
            PDFNumber.append(first + index, to: &out)
            out += Self.indirect
        }
        let tree = writer.reserve()
        var nums = Array("<< /Nums [".utf8)
        for (key, list) in parents.sorted(by: { $0.key < $1.key }) {
            PDFNumber.append(key, to: &nums)
            nums.append(UInt8(ascii: " "))
            if list.count == 1 && elements[list[0]].kind == "Link" { ref(list[0], &nums) } else {
                nums.append(UInt8(ascii: "["))
                for (k, element) in list.enumerated() {
                    if k > 0 { nums.append(UInt8(ascii: " ")) }
                    ref(element, &nums)
                }
                nums.append(UInt8(ascii: "]"))
            }
            nums.append(UInt8(ascii: " "))
        }
        try writer.add(PDFObject(number: tree, value: nums + Array("] >>".utf8)))
        try writer.add(PDFObject(number: root, "<< /Type /StructTreeRoot /K \(first) 0 R /ParentTree \(tree) 0 R /ParentTreeNextKey \(nextKey) >>"))
    }

    private static let indirect = Array(" 0 R".utf8)
    private static let elementHead = Array("<< /Type /StructElem /S /".utf8)
    private static let parentKey = Array(" /P ".utf8)
    private static let pageKey = Array(" /Pg ".utf8)
    private static let kidsKey = Array(" /K ".utf8)
    private static let mcrHead = Array("<< /Type /MCR /Pg ".utf8)
    private static let mcidKey = Array(" /MCID ".utf8)
    private static let objrHead = Array("<< /Type /OBJR /Obj ".utf8)
    private static let dictionaryEnd = Array(" >>".utf8)
}
