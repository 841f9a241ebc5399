/// The file of the project's own PDF (`RenderJob.ownPDF`): objects numbered by the project,
/// written as they come: a stream (a page's content, a font program) at once, small objects
/// (page dictionaries, the structure tree, fonts' dictionaries) gathered into deflated object
/// streams; at the end a cross-reference stream (PDF 1.5), so nothing written before needs
/// patching and the document is never held whole.
///
/// A page's objects are formatted and packed away from the writer, on any lane
/// (`PDFFileSegment`); `emit` places such a segment. Reserving and emitting are called by one
/// thread at a time (`PDFPageWindow`'s ordered steps).
///
/// Deterministic: numbers are given in the order objects are reserved (the join runs in page
/// order), no date is written, and the file's `/ID` is a hash of the bytes before it (segment
/// by segment: `PDFHash`).
final class PDFWriter {
    /// Where each object is: in the file at an offset, or the `index`th of an object stream.
    enum Entry: Sendable {
        case free
        case direct(Int)
        case compressed(stream: Int, index: Int)
    }

    /// Plain objects per object stream (and the most bytes before one is written).
    static let objectsPerStream = 200
    static let bytesPerStream = 1 << 16

    private let write: ([UInt8]) throws -> Void
    private var offset = 0
    private var entries: [Entry] = [.free]
    private var batch: [(number: Int, bytes: [UInt8])] = []
    private var batchBytes = 0
    /// Plain objects of segments for the object streams written at the end (`PDFFileSegment.addAtEnd`).
    private var atEnd: [(number: Int, bytes: [UInt8])] = []
    private var hash = PDFHash()

    /// `write` receives the file's bytes in order.
    init(write: @escaping ([UInt8]) throws -> Void) throws {
        self.write = write
        var header = PDFFileSegment()
        header.append(raw: Array("%PDF-1.5\n%".utf8) + [0xB5, 0xED, 0xAE, 0xFB] + [0x0A])
        try emit(header)
    }

    /// A new object number (to refer to an object written later).
    func reserve() -> Int {
        entries.append(.free)
        return entries.count - 1
    }

    /// Writes `object` (its number reserved before): a stream at once, a plain object into the
    /// next object stream.
    func add(_ object: PDFObject) throws {
        precondition(object.number > 0 && object.number < entries.count, "object \(object.number) not reserved")
        guard object.stream != nil else {
            batch.append((object.number, object.value))
            batchBytes += object.value.count
            if batch.count >= PDFWriter.objectsPerStream || batchBytes >= PDFWriter.bytesPerStream { try flushBatch() }
            return
        }
        var segment = PDFFileSegment()
        segment.addStream(object)
        try emit(segment)
    }

    /// Writes a plain object at once, outside any object stream.
    func addDirect(_ object: PDFObject) throws {
        var segment = PDFFileSegment()
        segment.addDirect(object)
        try emit(segment)
    }

    /// Writes `segment` next in the file: its objects' places recorded, its hash added.
    func emit(_ segment: PDFFileSegment) throws {
        for (number, entry) in segment.entries {
            precondition(number > 0 && number < entries.count, "object \(number) not reserved")
            if case .direct(let at) = entry { entries[number] = .direct(offset + at) } else { entries[number] = entry }
        }
        atEnd += segment.atEnd
        hash.add(segment.hash)
        offset += segment.bytes.count
        try write(segment.bytes)
    }

    /// Writes the gathered plain objects as one object stream (numbered now).
    private func flushBatch() throws {
        guard !batch.isEmpty else { return }
        var segment = PDFFileSegment()
        segment.addObjectStream(number: reserve(), objects: batch)
        batch.removeAll(keepingCapacity: true)
        batchBytes = 0
        try emit(segment)
    }

    /// Ends the file: the last object stream, the cross-reference stream with the trailer's
    /// entries (`root`, `info`), `startxref`.
    func finish(root: Int, info: Int) throws {
        for object in atEnd { try add(PDFObject(number: object.number, value: object.bytes)) }
        atEnd.removeAll()
        try flushBatch()
        let number = reserve()
        entries[number] = .direct(offset)
        var table: [UInt8] = []
        table.reserveCapacity(entries.count * 7)
        for entry in entries {
            switch entry {
            case .free: table += [0, 0, 0, 0, 0, 0xFF, 0xFF]
            case .direct(let at): table.append(1); PDFWriter.append(at, bytes: 4, to: &table); table += [0, 0]
            case .compressed(let stream, let index):
                table.append(2); PDFWriter.append(stream, bytes: 4, to: &table); PDFWriter.append(index, bytes: 2, to: &table)
            }
        }
        let id = hash.hex
        let start = offset
        var last = PDFFileSegment()
        last.addStream(PDFObject(number: number, "<< /Type /XRef /Size \(entries.count) /W [1 4 2] /Root \(root) 0 R /Info \(info) 0 R /ID [<\(id)> <\(id)>]"
                                 + " /DecodeParms << /Predictor 12 /Columns 7 >> >>", stream: PDFWriter.upPredicted(table, columns: 7), deflate: true))
        last.append(raw: Array("startxref\n\(start)\n%%EOF\n".utf8))
        try emit(last)
    }

    /// `table`'s rows of `columns` bytes, each as PNG's Up filter writes it (a 2, then each byte
    /// minus the one above it): `/Predictor 12`. A cross-reference table of 90,000 objects is
    /// 630 kB of near-repeats that deflate scans slowly (0.1 s and more, after the last page)
    /// into 150 kB; its differences are mostly zeros, deflated in milliseconds into some 10 kB.
    static func upPredicted(_ table: [UInt8], columns: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(table.count + table.count / columns)
        for start in stride(from: 0, to: table.count, by: columns) {
            out.append(2)
            for k in start..<(start + columns) { out.append(k < columns ? table[k] : table[k] &- table[k - columns]) }
        }
        return out
    }

    private static func append(_ value: Int, bytes: Int, to out: inout [UInt8]) {
        for k in stride(from: bytes - 1, through: 0, by: -1) { out.append(UInt8(truncatingIfNeeded: value >> (8 * k))) }
    }
}
