/// Adds what Cairo 1.16 cannot write to a tagged PDF's structure (`PDFStructure`) as the
/// document passes to the output (`OutputSink.documentFilters`, before
/// `PDFCrossReferenceRepair`, which points the table and `startxref` at the moved objects).
///
/// Cairo writes each structure element as `N 0 obj\n<< /Type /StructElem\n   /S /Kind\n…`, in
/// the order the elements were begun (with a `Link` element of its own for each link), and the
/// catalogue as `<< /Type /Catalog\n …`: the element's entries from `PDFStructure.attributes` go
/// right after its `/S` line, the catalogue's after its first line (those Cairo wrote itself are
/// left out). When the elements Cairo wrote are not those begun, in kind and number (a Cairo
/// that writes them otherwise), the render fails: attributes on the wrong cells would be worse
/// than none.
final class PDFStructureAttributes: OutputFilter {
    typealias Write = (UnsafeRawBufferPointer) throws -> Void

    private let structure: PDFStructure
    private var next = 0
    private var catalogDone = false
    /// The catalogue object from its mark on, while it is being read.
    private var catalog: [UInt8]?
    /// The end of the last part while it may begin a mark.
    private var held: [UInt8] = []

    static let elementMark = Array("<< /Type /StructElem\n   /S /".utf8)
    static let catalogMark = Array("<< /Type /Catalog\n".utf8)
    static let objectEnd = Array("\nendobj".utf8)

    init(_ structure: PDFStructure) {
        self.structure = structure
    }

    func copy(_ part: UnsafeRawBufferPointer, to write: Write) throws {
        guard !part.isEmpty else { return }
        if held.isEmpty {
            try pass(part, write)
        } else {
            let joined = held + part
            held = []
            try joined.withUnsafeBytes { try pass($0, write) }
        }
    }

    private func pass(_ bytes: UnsafeRawBufferPointer, _ write: Write) throws {
        var from = 0
        while true {
            if var held = catalog {
                // The catalogue is held whole (a few lines) until its `endobj`.
                let before = held.count
                held += bytes[from...]
                let found = held.withUnsafeBytes { ByteSearch.find(Self.objectEnd, in: $0, from: max(0, before - Self.objectEnd.count + 1)) }
                guard let found else { catalog = held; return }
                let end = found + Self.objectEnd.count
                catalog = Array(held[..<end])
                try writeCatalog(write)
                return try Array(held[end...]).withUnsafeBytes { try pass($0, write) }
            }
            let element = ByteSearch.find(Self.elementMark, in: bytes, from: from)
            let catalogAt = catalogDone ? nil : ByteSearch.find(Self.catalogMark, in: bytes, from: from)
            guard let hit = [element, catalogAt].compactMap({ $0 }).min() else { break }
            if hit == catalogAt {
                try put(UnsafeRawBufferPointer(rebasing: bytes[from..<hit]), write)
                catalog = []
                from = hit
                continue
            }
            // The element's type ends its `/S` line: hold the element back until it has come.
            let nameStart = hit + Self.elementMark.count
            guard let newline = ByteSearch.find([0x0A], in: bytes, from: nameStart) else {
                try put(UnsafeRawBufferPointer(rebasing: bytes[from..<hit]), write)
                held = Array(bytes[hit...])
                return
            }
            let end = newline + 1
            try put(UnsafeRawBufferPointer(rebasing: bytes[from..<end]), write)
            from = end
            let kind = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[nameStart..<newline]), as: UTF8.self)
            // Cairo makes a `Link` element of each link it is given inside the tree.
            if kind == "Link" { continue }
            let elements = structure.attributes
            guard next < elements.count else { throw Self.mismatch("more elements than the \(elements.count) begun") }
            guard kind == elements[next].kind.rawValue else {
                throw Self.mismatch("element \(next + 1) is \(kind), \(elements[next].kind.rawValue) was begun")
            }
            if !elements[next].entry.isEmpty { try Array(elements[next].entry.utf8).withUnsafeBytes { try write($0) } }
            next += 1
        }
        let rest = UnsafeRawBufferPointer(rebasing: bytes[from...])
        let keep = max(ByteSearch.partialEnd(of: rest, beginning: Self.elementMark),
                       catalogDone ? 0 : ByteSearch.partialEnd(of: rest, beginning: Self.catalogMark))
        try put(UnsafeRawBufferPointer(rebasing: rest[..<(rest.count - keep)]), write)
        held = Array(rest[(rest.count - keep)...])
    }

    /// The held catalogue with the entries Cairo did not write (it writes `/MarkInfo` itself
    /// when it counts the document tagged) after its first line.
    private func writeCatalog(_ write: Write) throws {
        guard var bytes = catalog else { return }
        catalog = nil
        catalogDone = true
        let text = String(decoding: bytes, as: UTF8.self)
        let entries = structure.catalogEntries.split(separator: "\n").filter { line in
            let key = line.split(separator: " ").first.map(String.init) ?? ""
            return !text.contains("\n   \(key) ")
        }.map { $0 + "\n" }.joined()
        bytes.insert(contentsOf: Array(entries.utf8), at: Self.catalogMark.count)
        try bytes.withUnsafeBytes { try write($0) }
    }

    func finish(to write: Write) throws {
        try held.withUnsafeBytes { try put($0, write) }
        held = []
        if let catalog { try catalog.withUnsafeBytes { try put($0, write) } }
        guard next == structure.attributes.count else { throw Self.mismatch("\(next) elements of the \(structure.attributes.count) begun") }
    }

    private func put(_ bytes: UnsafeRawBufferPointer, _ write: Write) throws {
        if !bytes.isEmpty { try write(bytes) }
    }

    private static func mismatch(_ what: String) -> RenderError {
        RenderError("PDF: Cairo's structure tree is not as written (\(what)); render with --untagged")
    }
}
