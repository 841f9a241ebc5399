import CCairo
import CPNGCodec
import GridDocument

/// PDF image cells of opaque RGB, grey and palette PNG files, embedded from the file's own
/// compressed data.
///
/// Cairo 1.16 writes every image of a PDF from its pixels and compresses them again (zlib level
/// 6, one thread): 400 photos took 13 of a 16-second render. Yet a PNG's IDAT data is already
/// what a PDF image may hold: the zlib stream of the filtered rows, which a reader decodes with
/// `/DecodeParms << /Predictor 15 … >>` (PDF 1.2). So such an image is painted from a blank
/// stand-in of its size (`CairoSurface.blank`, nothing decoded), Cairo writes the stand-in as a
/// small 1-bit image, and as the document passes on its way to the output this filter swaps that
/// image object for one holding the file's data, then corrects the byte offsets of the
/// cross-reference table. The pages show the same pixels; the images are not compressed twice.
///
/// How an image object is known: Cairo asks for an image's pixels (`arm`) just before it writes
/// the image object, with nothing written in between; the other times it asks (to paint a cell)
/// page content or other objects follow. Every candidate must match the object Cairo writes for
/// an image, byte for byte, else it passes unchanged; and every image Cairo asked for must have
/// been swapped by the end, else the render fails.
final class PDFImagePassthrough: OutputFilter {
    /// Whether the Cairo in use writes image objects as this filter knows them (1.16, Debian 12's,
    /// read for `parse`). With another, PDF images are written by Cairo from their pixels.
    static let knowsCairosObjects: Bool = {
        let version = Int(cairo_version())
        return version >= 11600 && version < 11700
    }()

    /// A file whose compressed data a PDF shows as it is.
    struct Image: Equatable {
        var path: String
        var width: Int
        var height: Int
        /// Samples per pixel: 3 for RGB, 1 for grey and palette indexes.
        var colors: Int
        /// Bits per sample: 8 for RGB; 1, 2, 4 or 8 for grey and palette indexes.
        var bits = 8
        /// For a palette file, the colour of every index the bits can hold (RGB triples): the
        /// file's palette, then black, which is what a decoder shows for an index past the palette.
        var palette: [UInt8]? = nil

        /// Bytes of one row of samples, without the filter byte.
        var rowBytes: Int { (width * colors * bits + 7) / 8 }

        /// The PDF colour space: a palette becomes an indexed space over its RGB colours.
        var colorSpace: String {
            guard let palette else { return colors == 3 ? "/DeviceRGB" : "/DeviceGray" }
            let digits = Array("0123456789abcdef".utf8)
            let hex = String(decoding: palette.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
            return "[/Indexed /DeviceRGB \(palette.count / 3 - 1) <\(hex)>]"
        }
    }

    /// The image a PDF can take from `chunks` as it is, with no transparent colour (tRNS) and not
    /// interlaced: RGB at 8 bits, grey at 1, 2, 4 or 8 bits, or palette indexes at 1, 2, 4 or 8
    /// bits with one palette of at most as many colours as the bits can index. Those are the
    /// files a decoder turns into opaque pixels by a fixed mapping a PDF reader makes too (a grey
    /// sample `v` of `n` bits is `v / (2^n − 1)`, exact at 8 bits; a palette index its colour).
    static func image(_ chunks: PNGChunks, path: String) -> Image? {
        guard !chunks.interlaced, !chunks.hasTransparencyChunk else { return nil }
        let depth = chunks.bitDepth
        switch chunks.colorType {
        case 2 where depth == 8:
            return Image(path: path, width: chunks.width, height: chunks.height, colors: 3)
        case 0 where [1, 2, 4, 8].contains(depth):
            return Image(path: path, width: chunks.width, height: chunks.height, colors: 1, bits: depth)
        case 3 where [1, 2, 4, 8].contains(depth):
            guard let range = chunks.palette, !range.isEmpty, range.count % 3 == 0, range.count / 3 <= 1 << depth else { return nil }
            let palette = Array(chunks.bytes[range]) + [UInt8](repeating: 0, count: 3 * (1 << depth) - range.count)
            return Image(path: path, width: chunks.width, height: chunks.height, colors: 1, bits: depth, palette: palette)
        default:
            return nil
        }
    }

    /// The file when a PDF can take it as it is (`image`), its compressed rows checked (`checkRows`);
    /// nil for other files, which are checked by decoding them.
    static func checked(_ resolved: String) throws -> Image? {
        let chunks: PNGChunks
        switch PNGChunks.read(resolved) {
        case .success(let c): chunks = c
        case .failure(let e): throw RenderError("image \(resolved): \(e.reason)", badInput: true)
        }
        guard let image = image(chunks, path: resolved) else { return nil }
        try checkRows(chunks, image)
        return image
    }

    /// Checks that the file's compressed data holds all its rows, each with a filter type a
    /// reader knows, and ends with a right checksum: what decoding the file finds wrong with
    /// such a file, found without decoding it (inflating is most of the cost: ~60 %).
    static func checkRows(_ chunks: PNGChunks, _ image: Image) throws {
        var message = [CChar](repeating: 0, count: 256)
        let failed = chunks.bytes.withUnsafeBufferPointer { file -> Bool in
            let parts: [UnsafePointer<UInt8>?] = chunks.pixelData.map { file.baseAddress! + $0.lowerBound }
            let lengths = chunks.pixelData.map(\.count)
            return grpng_check_rows(parts, lengths, parts.count, UInt64(image.rowBytes), UInt64(image.height),
                                    &message, message.count) != 0
        }
        if failed { throw RenderError("image \(image.path): \(message.nulTerminatedString)", badInput: true) }
    }

    typealias Write = (UnsafeRawBufferPointer) throws -> Void

    /// Cairo's offset of the next byte it writes, and how many bytes went on.
    private var received = 0, emitted = 0
    /// The image Cairo asked for last, and at what offset.
    private var armed: (at: Int, key: String, image: Image)?
    /// The bytes since then, while they may be that image's object.
    private var capture: (start: Int, key: String, image: Image, bytes: [UInt8])?
    /// The end of what passed, while it may begin the cross-reference table.
    private var held: [UInt8] = []
    /// The cross-reference table and trailer, from Cairo's offset `start`, held to the end.
    private var table: (start: Int, bytes: [UInt8])?
    /// Where Cairo's offsets moved: from `from` on, by `delta` (ascending `from`); and the
    /// length objects inside a swapped part, to where they went (a swapped object itself starts
    /// where the earlier shifts put it).
    private var shifts: [(from: Int, delta: Int)] = []
    private var moved: [Int: Int] = [:]
    /// The images Cairo asked for (key: file), and those swapped.
    private var asked: [String: String] = [:]
    private var swapped: Set<String> = []

    /// Cairo is asking for the pixels of `image`: if it writes an object next, it is this image.
    func arm(key: String, image: Image) {
        armed = (received, key, image)
        asked[key] = image.path
    }

    func copy(_ part: UnsafeRawBufferPointer, to write: Write) throws {
        guard !part.isEmpty else { return }
        let start = received
        received += part.count
        if table != nil { table!.bytes.append(contentsOf: part); return }
        if capture == nil, let armed, armed.at == start {
            try flushHeld(write)
            capture = (start, armed.key, armed.image, [])
        }
        armed = nil
        guard capture != nil else { return try pass(part, at: start, write) }
        capture!.bytes.append(contentsOf: part)
        try advanceCapture(write)
    }

    func finish(to write: Write) throws {
        if let capture {
            self.capture = nil
            try capture.bytes.withUnsafeBytes { try pass($0, at: capture.start, write) }
        }
        if let table {
            self.table = nil
            try rewrite(table, write)
        } else {
            guard shifts.isEmpty else { throw RenderError("PDF: the cross-reference table was not found") }
            try flushHeld(write)
        }
        for (key, path) in asked.sorted(by: { $0.key < $1.key }) where !swapped.contains(key) {
            throw RenderError("PDF: image \(path) was not embedded")
        }
    }

    // MARK: - Passing on

    private func put(_ bytes: UnsafeRawBufferPointer, _ write: Write) throws {
        guard !bytes.isEmpty else { return }
        try write(bytes)
        emitted += bytes.count
    }

    private func flushHeld(_ write: Write) throws {
        let bytes = held
        held = []
        try bytes.withUnsafeBytes { try put($0, write) }
    }

    private static let tableMark = Array("endobj\nxref\n".utf8)

    /// Passes `part` (from Cairo's offset `at`) on. Once offsets have moved, the cross-reference
    /// table that follows the last object is held back to be corrected.
    private func pass(_ part: UnsafeRawBufferPointer, at: Int, _ write: Write) throws {
        guard !shifts.isEmpty else { return try put(part, write) }
        let joined = held + part
        let base = at - held.count
        held = []
        try joined.withUnsafeBytes { bytes in
            if let hit = ByteSearch.find(PDFImagePassthrough.tableMark, in: bytes) {
                let start = hit + 7
                try put(UnsafeRawBufferPointer(rebasing: bytes[..<start]), write)
                table = (base + start, Array(bytes[start...]))
                return
            }
            let keep = ByteSearch.partialEnd(of: bytes, beginning: PDFImagePassthrough.tableMark)
            try put(UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - keep)]), write)
            held = Array(bytes[(bytes.count - keep)...])
        }
    }

    // MARK: - Swapping an image object

    /// What Cairo writes before an image's dictionary entries (object and length numbers aside).
    private static let objectHead = Array(" 0 R\n   /Filter /FlateDecode\n   /Type /XObject\n   /Subtype /Image\n".utf8)
    private static let streamStart = Array(">>\nstream\n".utf8)

    /// Swaps the captured object once it is whole; passes the capture on if it is not an image
    /// object (Cairo asked for the pixels to paint a cell).
    private func advanceCapture(_ write: Write) throws {
        guard let capture else { return }
        switch PDFImagePassthrough.parse(capture.bytes) {
        case .needMore:
            // A stand-in image is a few hundred bytes; anything larger is not one.
            guard capture.bytes.count < 1 << 24 else { return try abandonCapture(write) }
        case .notAnImage:
            try abandonCapture(write)
        case .image(let object):
            self.capture = nil
            try swap(object, capture, write)
        }
    }

    private func abandonCapture(_ write: Write) throws {
        guard let capture else { return }
        self.capture = nil
        try capture.bytes.withUnsafeBytes { try pass($0, at: capture.start, write) }
    }

    /// An image object as Cairo writes it, found in `bytes`.
    struct ImageObject: Equatable {
        var number: Int
        var lengthNumber: Int
        var width: Int
        var height: Int
        var interpolate: Bool
        /// Where the length object starts and the object ends, in the captured bytes.
        var lengthObjectAt: Int
        var end: Int
    }

    enum Parsed: Equatable {
        case needMore, notAnImage
        case image(ImageObject)
    }

    /// Reads `bytes` as the object Cairo 1.16 writes for an image (`_cairo_pdf_surface_emit_image`):
    /// `N 0 obj\n<< /Length L 0 R\n   /Filter /FlateDecode\n   /Type /XObject\n   /Subtype /Image\n`
    /// entries `>>\nstream\n` data `\nendstream\nendobj\n` then `L 0 obj\n   <length>\nendobj\n`.
    static func parse(_ bytes: [UInt8]) -> Parsed {
        var at = 0
        func number() -> Int?? {  // nil: need more; .some(nil): not a number
            var value = 0, digits = 0
            while at < bytes.count, bytes[at] >= 0x30, bytes[at] <= 0x39, digits < 10 {
                value = value * 10 + Int(bytes[at] - 0x30)
                at += 1
                digits += 1
            }
            if at == bytes.count { return nil }
            return digits == 0 ? .some(nil) : .some(value)
        }
        func literal(_ text: [UInt8]) -> Bool? {  // nil: need more
            let available = min(text.count, bytes.count - at)
            guard bytes[at..<at + available].elementsEqual(text[0..<available]) else { return false }
            guard available == text.count else { return nil }
            at += text.count
            return true
        }
        guard let objectNumber = number() else { return .needMore }
        guard let objectNumber else { return .notAnImage }
        guard let opened = literal(Array(" 0 obj\n<< /Length ".utf8)) else { return .needMore }
        guard opened else { return .notAnImage }
        guard let lengthNumber = number() else { return .needMore }
        guard let lengthNumber else { return .notAnImage }
        guard let head = literal(objectHead) else { return .needMore }
        guard head else { return .notAnImage }
        let entriesStart = at
        guard let entriesEnd = bytes[entriesStart...].firstRange(of: streamStart)?.lowerBound else {
            return bytes.count - entriesStart > 1024 ? .notAnImage : .needMore
        }
        let entries = String(decoding: bytes[entriesStart..<entriesEnd], as: UTF8.self)
        func entry(_ name: String) -> String? {
            entries.split(separator: "\n").lazy.map { $0.drop(while: { $0 == " " }) }
                .first { $0.hasPrefix("/\(name) ") }.map { String($0.dropFirst(name.count + 2)) }
        }
        guard let width = entry("Width").flatMap(Int.init), let height = entry("Height").flatMap(Int.init),
              let interpolate = entry("Interpolate"), interpolate == "true" || interpolate == "false",
              entry("SMask") == nil, entry("Mask") == nil else { return .notAnImage }
        let dataStart = entriesEnd + streamStart.count
        let tail = Array("\nendstream\nendobj\n\(lengthNumber) 0 obj\n   ".utf8)
        guard let tailAt = bytes[dataStart...].firstRange(of: tail)?.lowerBound else { return .needMore }
        at = tailAt + tail.count
        guard let length = number() else { return .needMore }
        guard let length, length == tailAt - dataStart else { return .notAnImage }
        guard let closed = literal(Array("\nendobj\n".utf8)) else { return .needMore }
        guard closed else { return .notAnImage }
        return .image(ImageObject(number: objectNumber, lengthNumber: lengthNumber, width: width, height: height,
                                  interpolate: interpolate == "true", lengthObjectAt: tailAt + 18, end: at))
    }

    /// Writes the object with the file's data in place of the stand-in's, and the bytes after it.
    private func swap(_ object: ImageObject, _ capture: (start: Int, key: String, image: Image, bytes: [UInt8]), _ write: Write) throws {
        let image = capture.image
        guard object.width == image.width, object.height == image.height else {
            throw RenderError("PDF: image \(image.path) was written \(object.width)×\(object.height) px, not \(image.width)×\(image.height) px")
        }
        guard !swapped.contains(capture.key) else { throw RenderError("PDF: image \(image.path) was written twice") }
        let chunks: PNGChunks
        // Checked before painting (`checked`): read again only to copy its data.
        switch PNGChunks.read(image.path, checksums: false) {
        case .success(let c): chunks = c
        case .failure(let e): throw RenderError("image \(image.path): \(e.reason)", badInput: true)
        }
        guard PDFImagePassthrough.image(chunks, path: image.path) == image else {
            throw RenderError("image \(image.path): the file changed while the PDF was written", badInput: true)
        }
        let length = chunks.pixelData.reduce(0) { $0 + $1.count }
        let head = """
            \(object.number) 0 obj
            << /Length \(object.lengthNumber) 0 R
               /Filter /FlateDecode
               /Type /XObject
               /Subtype /Image
               /Width \(image.width)
               /Height \(image.height)
               /ColorSpace \(image.colorSpace)
               /Interpolate \(object.interpolate)
               /BitsPerComponent \(image.bits)
               /DecodeParms << /Predictor 15 /Colors \(image.colors) /BitsPerComponent \(image.bits) /Columns \(image.width) >>
            >>
            stream

            """
        try Array(head.utf8).withUnsafeBytes { try put($0, write) }
        try chunks.bytes.withUnsafeBytes { file in
            for range in chunks.pixelData { try put(UnsafeRawBufferPointer(rebasing: file[range]), write) }
        }
        try Array("\nendstream\nendobj\n".utf8).withUnsafeBytes { try put($0, write) }
        moved[capture.start + object.lengthObjectAt] = emitted
        try Array("\(object.lengthNumber) 0 obj\n   \(length)\nendobj\n".utf8).withUnsafeBytes { try put($0, write) }
        shifts.append((capture.start + object.end, emitted - (capture.start + object.end)))
        swapped.insert(capture.key)
        let rest = capture.bytes[object.end...]
        try rest.withUnsafeBytes { try pass($0, at: capture.start + object.end, write) }
    }

    // MARK: - The cross-reference table

    /// Where the byte at Cairo's offset `offset` went.
    private func map(_ offset: Int) -> Int {
        if let to = moved[offset] { return to }
        var low = 0, high = shifts.count
        while low < high {
            let mid = (low + high) / 2
            if shifts[mid].from <= offset { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? offset : offset + shifts[low - 1].delta
    }

    /// Writes the table with every object's offset where the object went:
    /// `xref\n0 N\n` then N entries of 20 bytes (`%010d %05d n \n`), the trailer, and
    /// `startxref\n<offset of xref>\n%%EOF\n`.
    private func rewrite(_ table: (start: Int, bytes: [UInt8]), _ write: Write) throws {
        func broken() -> RenderError { RenderError("PDF: the cross-reference table is not as Cairo writes it") }
        var bytes = table.bytes
        guard let firstLine = bytes.firstIndex(of: 0x0A), let countLine = bytes[(firstLine + 1)...].firstIndex(of: 0x0A) else { throw broken() }
        let header = String(decoding: bytes[(firstLine + 1)..<countLine], as: UTF8.self).split(separator: " ")
        guard String(decoding: bytes[..<firstLine], as: UTF8.self) == "xref", header.count == 2, header[0] == "0",
              let count = Int(header[1]), count > 0, count <= (bytes.count - countLine) / 20 else { throw broken() }
        let entries = countLine + 1
        for i in 0..<count {
            let at = entries + 20 * i
            let field = bytes[at..<at + 10]
            guard bytes[at + 17] == 0x6E || bytes[at + 17] == 0x66, field.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { throw broken() }
            guard bytes[at + 17] == 0x6E else { continue }  // "n": an object in use
            let offset = field.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            let digits = Array(String(map(offset)).utf8)
            guard digits.count <= 10 else { throw broken() }
            bytes.replaceSubrange(at..<at + 10, with: Array(repeating: 0x30, count: 10 - digits.count) + digits)
        }
        let mark = Array("startxref\n".utf8)
        guard let markAt = bytes[(entries + 20 * count)...].firstRange(of: mark)?.upperBound,
              let lineEnd = bytes[markAt...].firstIndex(of: 0x0A),
              Int(String(decoding: bytes[markAt..<lineEnd], as: UTF8.self)) == table.start else { throw broken() }
        bytes.replaceSubrange(markAt..<lineEnd, with: Array(String(map(table.start)).utf8))
        try bytes.withUnsafeBytes { try put($0, write) }
    }
}
