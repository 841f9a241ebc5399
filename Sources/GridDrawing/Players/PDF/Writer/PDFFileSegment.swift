/// A run of the file's bytes made away from the writer: objects formatted, object streams packed
/// and deflated, where each object is (offsets from the segment's start), and the bytes' hash.
/// A page's segment is made on whichever lane is free (`PDFDocumentJoin.format`), in parallel;
/// `PDFWriter.emit` only places it (its offset added, its hash added to the file's) and copies it
/// out, in page order. Every byte the writer writes goes through one, so objects are formatted in
/// one place.
struct PDFFileSegment: Sendable {
    private(set) var bytes: [UInt8] = []
    /// Where each object of the segment is: `direct` offsets count from the segment's start.
    private(set) var entries: [(number: Int, entry: PDFWriter.Entry)] = []
    /// FNV-1a of `bytes`.
    private(set) var hash = PDFHash()
    /// Plain objects for the object streams the writer fills at the end (`PDFWriter.finish`):
    /// a page with too few objects for a stream of its own (an untagged page's dictionary).
    private(set) var atEnd: [(number: Int, bytes: [UInt8])] = []

    init() {}

    /// Bytes that are no object (the file's header, `startxref`).
    mutating func append(raw: [UInt8]) {
        hash.add(raw)
        bytes += raw
    }

    /// A plain object, outside any object stream.
    mutating func addDirect(_ object: PDFObject) {
        entries.append((object.number, .direct(bytes.count)))
        append(raw: Array("\(object.number) 0 obj\n".utf8) + object.value + Self.endObject)
    }

    /// A plain object for the writer's object streams at the end of the file.
    mutating func addAtEnd(_ object: PDFObject) {
        atEnd.append((object.number, object.value))
    }

    /// A stream object, its data deflated first when it says so; `/Length` (and `/Filter`) are
    /// added before the dictionary's closing `>>`.
    mutating func addStream(_ object: PDFObject) {
        let data = object.stream ?? []
        let stored = object.deflate ? PDFDeflate.compress(data) : data
        var head = Array("\(object.number) 0 obj\n".utf8)
        var dictionary = object.value
        if dictionary.count >= 2 && dictionary.suffix(2) == [0x3E, 0x3E] { dictionary.removeLast(2) } else { dictionary = Array("<<".utf8) }
        dictionary += Array(" /Length \(stored.count)".utf8)
        if object.deflate { dictionary += Array(" /Filter /FlateDecode".utf8) }
        dictionary += Array(" >>\nstream\n".utf8)
        head += dictionary
        entries.append((object.number, .direct(bytes.count)))
        append(raw: head)
        append(raw: stored)
        append(raw: Self.endStream)
    }

    /// `objects` packed as object stream `number` (`/Type /ObjStm`, deflated).
    mutating func addObjectStream(number: Int, objects: some Collection<(number: Int, bytes: [UInt8])>) {
        var header: [UInt8] = [], body: [UInt8] = []
        body.reserveCapacity(objects.reduce(0) { $0 + $1.bytes.count + 1 })
        for (k, object) in objects.enumerated() {
            PDFNumber.append(object.number, to: &header); header.append(0x20)
            PDFNumber.append(body.count, to: &header); header.append(0x20)
            body += object.bytes
            body.append(0x0A)
            entries.append((object.number, .compressed(stream: number, index: k)))
        }
        addStream(PDFObject(number: number, "<< /Type /ObjStm /N \(objects.count) /First \(header.count) >>", stream: header + body, deflate: true))
    }

    private static let endObject = Array("\nendobj\n".utf8)
    private static let endStream = Array("\nendstream\nendobj\n".utf8)
}
