import Foundation

/// One element of the writer's structure tree (`PDFStructureTree`): its kind (`/S`), parent,
/// page and kids as object numbers, a plain value so that a page's complete elements can be
/// formatted on any lane (`PDFStructurePage`) once the tree has numbered them in page order.
struct PDFStructureElement: Sendable {
    /// A kid: another element, marked content of a page, or a link annotation.
    enum Kid: Sendable {
        case element(Int)
        case content(page: Int, mcid: Int)
        case annotation(object: Int, page: Int)
    }

    var kind: String
    var attributes: String
    var parent: Int
    var page: Int?
    var kids: [Kid] = []

    /// The element's dictionary. `kids`: scratch, reused between elements.
    func bytes(kids: inout [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(96)
        out += Self.elementHead
        out.append(contentsOf: kind.utf8)
        out += Self.parentKey
        Self.reference(parent, &out)
        if let page { out += Self.pageKey; Self.reference(page, &out) }
        kids.removeAll(keepingCapacity: true)
        for (k, kid) in self.kids.enumerated() {
            if k > 0 { kids.append(UInt8(ascii: " ")) }
            switch kid {
            case .element(let number): Self.reference(number, &kids)
            case .content(let page, let mcid):
                if page == self.page { PDFNumber.append(mcid, to: &kids) } else {
                    kids += Self.mcrHead; Self.reference(page, &kids)
                    kids += Self.mcidKey; PDFNumber.append(mcid, to: &kids); kids += Self.dictionaryEnd
                }
            case .annotation(let object, let page):
                kids += Self.objrHead; Self.reference(object, &kids)
                kids += Self.pageKey; Self.reference(page, &kids); kids += Self.dictionaryEnd
            }
        }
        if self.kids.count == 1 { out += Self.kidsKey; out += kids } else if !self.kids.isEmpty {
            out += Self.kidsKey; out.append(UInt8(ascii: "[")); out += kids; out.append(UInt8(ascii: "]"))
        }
        // Most elements have none: Foundation's trimming is slow enough to show on 80,000 cells.
        if !attributes.isEmpty {
            let attributes = attributes.trimmingCharacters(in: .whitespacesAndNewlines)
            if !attributes.isEmpty { out.append(UInt8(ascii: " ")); out.append(contentsOf: attributes.utf8) }
        }
        out += Self.dictionaryEnd
        return out
    }

    /// `number 0 R` appended to `out`.
    static func reference(_ number: Int, _ out: inout [UInt8]) {
        PDFNumber.append(number, to: &out)
        out += indirect
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
