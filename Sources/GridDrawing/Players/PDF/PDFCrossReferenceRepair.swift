/// Makes a PDF's cross-reference table say where each object really is, as the document passes
/// to the output: the last filter of every PDF (`OutputSink.documentFilters`).
///
/// Cairo 1.16 reserves one object per link tag for a structure tree it never writes when a
/// document has links but no other tags (`cairo-pdf-interchange.c`: `add_tree_node` reserves
/// `node->res`; the struct tree and parent tree are written only for tagged documents). The
/// cross-reference table still lists those objects as in use, at the offset the stream had when
/// they were reserved, where another object starts: `qpdf --check` reports the file damaged
/// ("object 3 0 not found"), and readers rebuild the table. So every object header the document
/// holds (`N 0 obj` at the start of a line) is noted as it passes, and the table that ends the
/// document is rewritten from those notes: an entry at its object's header stays as it is, an
/// entry whose object starts elsewhere (once) points there, and an entry for an object that was
/// never written is marked free. The references left to a freed object (from the orphan array
/// of Cairo's page structure) read as null, as PDF says a reference to a free object does.
///
/// The table is the same size, so no other offset moves; the bytes depend only on Cairo's.
final class PDFCrossReferenceRepair: OutputFilter {
    typealias Write = (UnsafeRawBufferPointer) throws -> Void

    /// Where each object's header starts, by object number (`-1`: seen more than once), and
    /// which object's header starts at each offset.
    private var headers: [Int: Int] = [:]
    private var headerAt: [Int: Int] = [:]
    /// Offset of the next byte that arrives.
    private var received = 0
    /// The last bytes that passed (at least `lookBack` of them), to find a header split between parts.
    private var recent: [UInt8] = []
    /// The document from the last table mark on, held until the end.
    private var table: (start: Int, bytes: [UInt8])?
    /// The end of what passed, while it may begin a table mark.
    private var held: [UInt8] = []
    /// How many entries the last table changed (tests, traces).
    private(set) var repaired = 0

    private static let headerTail = Array(" 0 obj\n".utf8)
    private static let tableMark = Array("endobj\nxref\n".utf8)
    /// A newline, ten digits and the header's tail: the most a header split between parts spans.
    private static let lookBack = 1 + 10 + headerTail.count

    func copy(_ part: UnsafeRawBufferPointer, to write: Write) throws {
        guard !part.isEmpty else { return }
        noteHeaders(in: part)
        let start = received
        received += part.count
        if table != nil {
            let searchFrom = max(0, table!.bytes.count - (Self.tableMark.count - 1))
            table!.bytes.append(contentsOf: part)
            try restartTableIfMarked(from: searchFrom, write)
            return
        }
        if held.isEmpty {
            try pass(part, at: start, write)
        } else {
            let joined = held + part
            held = []
            try joined.withUnsafeBytes { try pass($0, at: start - (joined.count - part.count), write) }
        }
    }

    /// Passes `bytes` (from document offset `at`) on up to a table mark, holding the rest.
    private func pass(_ bytes: UnsafeRawBufferPointer, at base: Int, _ write: Write) throws {
        if let hit = ByteSearch.find(Self.tableMark, in: bytes) {
            let tableStart = hit + 7
            try put(UnsafeRawBufferPointer(rebasing: bytes[..<tableStart]), write)
            table = (base + tableStart, Array(bytes[tableStart...]))
            try restartTableIfMarked(from: 0, write)
            return
        }
        let keep = ByteSearch.partialEnd(of: bytes, beginning: Self.tableMark)
        try put(UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - keep)]), write)
        held = Array(bytes[(bytes.count - keep)...])
    }

    func finish(to write: Write) throws {
        try held.withUnsafeBytes { try put($0, write) }
        held = []
        guard let table else { return }  // no classic table (a newer Cairo's stream): nothing to check
        self.table = nil
        let bytes = Self.pointingStartXref(try rewrite(table.bytes), at: table.start)
        try bytes.withUnsafeBytes { try put($0, write) }
    }

    /// The trailer's `startxref` set to where the table is: a filter before this one that adds
    /// bytes (`PDFStructureAttributes`) moves the table. Unchanged when it is already there.
    static func pointingStartXref(_ bytes: [UInt8], at offset: Int) -> [UInt8] {
        let mark = Array("\nstartxref\n".utf8)
        guard let hit = bytes.withUnsafeBytes({ ByteSearch.find(mark, in: $0) }) else { return bytes }
        let start = hit + mark.count
        guard let end = bytes[start...].firstIndex(of: 0x0A) else { return bytes }
        var out = bytes
        out.replaceSubrange(start..<end, with: Array(String(offset).utf8))
        return out
    }

    private func put(_ bytes: UnsafeRawBufferPointer, _ write: Write) throws {
        if !bytes.isEmpty { try write(bytes) }
    }

    /// A mark in the held table from `from` on (stream data before it happened to look like
    /// one) means the table begins later: what came before passes on.
    private func restartTableIfMarked(from: Int, _ write: Write) throws {
        guard let held = table else { return }
        let found = held.bytes.withUnsafeBytes { bytes -> Int? in
            var last: Int?
            var at = from
            while let hit = ByteSearch.find(Self.tableMark, in: bytes, from: at) { last = hit; at = hit + 1 }
            return last
        }
        guard let found else { return }
        let tableStart = found + 7
        try held.bytes.withUnsafeBytes { try put(UnsafeRawBufferPointer(rebasing: $0[..<tableStart]), write) }
        table = (held.start + tableStart, Array(held.bytes[tableStart...]))
    }

    // MARK: - Object headers

    /// Notes every `N 0 obj\n` that starts a line and ends in `part` (its start may lie in the
    /// parts before).
    private func noteHeaders(in part: UnsafeRawBufferPointer) {
        let tail = Self.headerTail
        // Headers that begin in `recent` and end in `part`: only when `recent` ends as a tail begins.
        if !recent.isEmpty, recent.withUnsafeBytes({ ByteSearch.partialEnd(of: $0, beginning: tail) }) > 0 {
            let joined = recent + Array(part.prefix(tail.count - 1))
            joined.withUnsafeBytes { bytes in
                var from = max(0, recent.count - tail.count + 1)
                while let hit = ByteSearch.find(tail, in: bytes, from: from), hit < recent.count {
                    note(tailAt: received - recent.count + hit, offset: received - recent.count) { i in i >= 0 ? bytes[i] : nil }
                    from = hit + 1
                }
            }
        }
        var from = 0
        while let hit = ByteSearch.find(tail, in: part, from: from) {
            let recentCount = recent.count
            note(tailAt: received + hit, offset: received) { i in i >= 0 ? part[i] : (i + recentCount >= 0 ? self.recent[recentCount + i] : nil) }
            from = hit + 1
        }
        // At least the last `lookBack` bytes, trimmed now and then (parts are often a few bytes).
        if part.count >= Self.lookBack {
            recent.removeAll(keepingCapacity: true)
            recent.append(contentsOf: part.suffix(Self.lookBack))
        } else {
            recent.append(contentsOf: part)
            if recent.count > 8 * Self.lookBack { recent.removeFirst(recent.count - Self.lookBack) }
        }
    }

    /// Notes the header whose tail is at document offset `tailAt`, if digits and the start of a
    /// line precede it. `byte(i)` reads the byte at document offset `offset + i` (nil: before
    /// anything kept).
    private func note(tailAt: Int, offset: Int, byte: (Int) -> UInt8?) {
        var number = 0, scale = 1, digits = 0
        var at = tailAt - offset - 1
        while digits < 10, let b = byte(at), b >= 0x30, b <= 0x39 {
            number += Int(b - 0x30) * scale
            scale *= 10
            digits += 1
            at -= 1
        }
        guard digits > 0 else { return }
        let start = tailAt - digits
        guard start == 0 || byte(at) == 0x0A || byte(at) == 0x0D else { return }
        headers[number] = headers[number] == nil ? start : -1
        headerAt[start] = number
    }

    // MARK: - The table

    /// The table (`xref\n0 N\n`, N entries of 20 bytes, the trailer) with each entry where its
    /// object is: kept where its object's header is, else moved to the one header of that
    /// number, else free (none, or several to choose from); the free entries linked from entry 0
    /// in ascending order.
    func rewrite(_ original: [UInt8]) throws -> [UInt8] {
        func broken() -> RenderError { RenderError("PDF: the cross-reference table is not as Cairo writes it") }
        var bytes = original
        guard let firstLine = bytes.firstIndex(of: 0x0A), let countLine = bytes[(firstLine + 1)...].firstIndex(of: 0x0A) else { throw broken() }
        let header = String(decoding: bytes[(firstLine + 1)..<countLine], as: UTF8.self).split(separator: " ")
        guard String(decoding: bytes[..<firstLine], as: UTF8.self) == "xref", header.count == 2, header[0] == "0",
              let count = Int(header[1]), count > 0, count <= (bytes.count - countLine - 1) / 20 else { throw broken() }
        let entries = countLine + 1
        func field(_ i: Int) -> Int? {
            let at = entries + 20 * i
            let digits = bytes[at..<at + 10]
            guard digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        func set(_ i: Int, _ value: Int, generation: Int, kind: UInt8) {
            let text = Array(String(value).utf8), gen = Array(String(generation).utf8)
            let entry = Array(repeating: 0x30, count: 10 - text.count) + text + [0x20]
                + Array(repeating: 0x30, count: 5 - gen.count) + gen + [0x20, kind]
            bytes.replaceSubrange(entries + 20 * i..<entries + 20 * i + 18, with: entry)
        }
        var free: [Int] = []
        repaired = 0
        for i in 1..<count {
            let at = entries + 20 * i
            guard field(i) != nil, bytes[at + 10] == 0x20, bytes[at + 16] == 0x20 else { throw broken() }
            switch bytes[at + 17] {
            case 0x66:  // "f"
                free.append(i)
            case 0x6E:  // "n"
                let offset = field(i)!
                if headerAt[offset] == i { continue }
                guard let found = headers[i], found >= 0 else {
                    free.append(i)
                    repaired += 1
                    continue
                }
                set(i, found, generation: 0, kind: 0x6E)
                repaired += 1
            default:
                throw broken()
            }
        }
        guard repaired > 0 else { return original }
        // Entry 0 heads the list of free objects; each names the next, the last names 0.
        set(0, free.first ?? 0, generation: 65535, kind: 0x66)
        for (k, i) in free.enumerated() {
            set(i, k + 1 < free.count ? free[k + 1] : 0, generation: 1, kind: 0x66)
        }
        return bytes
    }
}
