/// The file of the project's own PDF (`RenderJob.ownPDF`): objects numbered by the project,
/// written as they come: a stream (a page's content, a font program) at once, small objects
/// (page dictionaries, the structure tree, fonts' dictionaries) gathered into deflated object
/// streams; at the end a cross-reference stream (PDF 1.5), so nothing written before needs
/// patching and the document is never held whole.
///
/// Deterministic: numbers are given in the order objects are reserved (the join runs in page
/// order), no date is written, and the file's `/ID` is a hash of the bytes before it.
final class PDFWriter {
    /// Where each object is: in the file at an offset, or the `index`th of an object stream.
    private enum Entry {
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
    private var hash = PDFHash()

    /// `write` receives the file's bytes in order.
    init(write: @escaping ([UInt8]) throws -> Void) throws {
        self.write = write
        try emit(Array("%PDF-1.5\n%".utf8) + [0xB5, 0xED, 0xAE, 0xFB] + [0x0A])
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
        guard let data = object.stream else {
            batch.append((object.number, object.value))
            batchBytes += object.value.count
            if batch.count >= PDFWriter.objectsPerStream || batchBytes >= PDFWriter.bytesPerStream { try flushBatch() }
            return
        }
        try emitStream(object, stored: object.deflate ? PDFDeflate.compress(data) : data)
    }

    /// Writes stream `object` with its data as stored.
    private func emitStream(_ object: PDFObject, stored: [UInt8]) throws {
        var head = Array("\(object.number) 0 obj\n".utf8)
        var dictionary = object.value
        // The entries the writer adds go before the dictionary's closing `>>`.
        if dictionary.count >= 2 && dictionary.suffix(2) == [0x3E, 0x3E] { dictionary.removeLast(2) } else { dictionary = Array("<<".utf8) }
        dictionary += Array(" /Length \(stored.count)".utf8)
        if object.deflate { dictionary += Array(" /Filter /FlateDecode".utf8) }
        dictionary += Array(" >>\nstream\n".utf8)
        entries[object.number] = .direct(offset)
        head += dictionary
        try emit(head)
        try emit(stored)
        try emit(Array("\nendstream\nendobj\n".utf8))
    }

    /// Writes a plain object at once, outside any object stream.
    func addDirect(_ object: PDFObject) throws {
        entries[object.number] = .direct(offset)
        try emit(Array("\(object.number) 0 obj\n".utf8) + object.value + Array("\nendobj\n".utf8))
    }

    /// Writes the gathered plain objects as one object stream (numbered now).
    private func flushBatch() throws {
        guard !batch.isEmpty else { return }
        let number = reserve()
        var header: [UInt8] = [], body: [UInt8] = []
        for (k, object) in batch.enumerated() {
            PDFNumber.append(object.number, to: &header); header.append(0x20)
            PDFNumber.append(body.count, to: &header); header.append(0x20)
            body += object.bytes
            body.append(0x0A)
            entries[object.number] = .compressed(stream: number, index: k)
        }
        let count = batch.count
        batch.removeAll(keepingCapacity: true)
        batchBytes = 0
        try add(PDFObject(number: number, "<< /Type /ObjStm /N \(count) /First \(header.count) >>", stream: header + body, deflate: true))
    }

    /// Ends the file: the last object stream, the cross-reference stream with the trailer's
    /// entries (`root`, `info`), `startxref`.
    func finish(root: Int, info: Int) throws {
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
        try add(PDFObject(number: number, "<< /Type /XRef /Size \(entries.count) /W [1 4 2] /Root \(root) 0 R /Info \(info) 0 R /ID [<\(id)> <\(id)>]"
                          + " /DecodeParms << /Predictor 12 /Columns 7 >> >>", stream: PDFWriter.upPredicted(table, columns: 7), deflate: true))
        try emit(Array("startxref\n\(start)\n%%EOF\n".utf8))
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

    private func emit(_ bytes: [UInt8]) throws {
        hash.add(bytes)
        offset += bytes.count
        try write(bytes)
    }
}
