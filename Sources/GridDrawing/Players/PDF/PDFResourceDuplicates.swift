/// Blanks repeated entries of a PDF page's resource dictionaries as the document passes to the
/// output (an `OutputSink.documentFilters` step).
///
/// Cairo 1.16 adds an image to a page's resources each time it is painted
/// (`_cairo_pdf_surface_add_xobject` appends without looking), so an image cell painted twice,
/// or one file shown in several cells, is listed again: `/XObject << /x8 8 0 R /x8 8 0 R >>`.
/// A dictionary with a repeated key is not valid PDF (`qpdf --check`: "dictionary has duplicated
/// key"). Cairo writes those dictionaries on one line, `   /XObject <<`, then ` /name N 0 R` per
/// entry, then ` >>`; the same is true of `/Pattern` and `/Shading`. Such a line is held until it
/// ends, and every entry the line already had (same name, same object) is overwritten with
/// spaces: the same length, so no offset moves, and the same meaning. A line that is not exactly
/// of that form passes unchanged.
final class PDFResourceDuplicates: OutputFilter {
    typealias Write = (UnsafeRawBufferPointer) throws -> Void

    private static let marks = ["XObject", "Pattern", "Shading"].map { Array("\n   /\($0) <<".utf8) }
    private static let lineEnd = Array(" >>\n".utf8)
    /// The longest line held: more entries than any page has images (20 bytes each).
    static let maxLine = 1 << 26

    /// A resource line from its mark on, while it has not ended.
    private var line: [UInt8]?
    /// The end of what passed, while it may begin a mark.
    private var held: [UInt8] = []
    /// How many entries were blanked (tests, traces).
    private(set) var blanked = 0

    func copy(_ part: UnsafeRawBufferPointer, to write: Write) throws {
        guard !part.isEmpty else { return }
        if line != nil {
            let searchFrom = max(0, line!.count - (Self.lineEnd.count - 1))
            line!.append(contentsOf: part)
            return try continueLine(from: searchFrom, write)
        }
        if held.isEmpty { return try scan(part, write) }
        let joined = held + part
        held = []
        try joined.withUnsafeBytes { try scan($0, write) }
    }

    func finish(to write: Write) throws {
        if let line {
            self.line = nil
            try line.withUnsafeBytes { try put($0, write) }
        }
        try held.withUnsafeBytes { try put($0, write) }
        held = []
    }

    private func put(_ bytes: UnsafeRawBufferPointer, _ write: Write) throws {
        if !bytes.isEmpty { try write(bytes) }
    }

    /// Passes `bytes` on up to the first mark, then holds the line from there.
    private func scan(_ bytes: UnsafeRawBufferPointer, _ write: Write) throws {
        var hit: Int?
        var keep = 0
        for mark in Self.marks {
            if let at = ByteSearch.find(mark, in: bytes), at < hit ?? .max { hit = at }
            if hit == nil { keep = max(keep, ByteSearch.partialEnd(of: bytes, beginning: mark)) }
        }
        guard let hit else {
            try put(UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - keep)]), write)
            held = Array(bytes[(bytes.count - keep)...])
            return
        }
        try put(UnsafeRawBufferPointer(rebasing: bytes[..<hit]), write)
        line = Array(bytes[hit...])
        try continueLine(from: 0, write)
    }

    /// Once the held line has ended, writes it without repeats and goes on with what follows.
    private func continueLine(from: Int, _ write: Write) throws {
        guard var bytes = line else { return }
        let end = bytes.withUnsafeBytes { ByteSearch.find(Self.lineEnd, in: $0, from: from) }
        guard let end else {
            if bytes.count > Self.maxLine {  // not a resource line: let it pass
                line = nil
                try bytes.withUnsafeBytes { try scanAfterMarkStart($0, write) }
            }
            return
        }
        line = nil
        let lineCount = end + Self.lineEnd.count
        blanked += Self.blankRepeats(&bytes, upTo: lineCount)
        try bytes.withUnsafeBytes { all in
            try put(UnsafeRawBufferPointer(rebasing: all[..<lineCount]), write)
            try scan(UnsafeRawBufferPointer(rebasing: all[lineCount...]), write)
        }
    }

    /// Passes a held stretch that turned out not to be a resource line: its first byte on, the
    /// rest scanned again (it may hold a real mark).
    private func scanAfterMarkStart(_ bytes: UnsafeRawBufferPointer, _ write: Write) throws {
        try put(UnsafeRawBufferPointer(rebasing: bytes[..<1]), write)
        try scan(UnsafeRawBufferPointer(rebasing: bytes[1...]), write)
    }

    /// Overwrites with spaces each ` /name N 0 R` of `bytes[..<count]` (a line from its mark to
    /// ` >>\n`) that the line had before; nothing if the line is not of that form. Returns how
    /// many entries it blanked.
    static func blankRepeats(_ bytes: inout [UInt8], upTo count: Int) -> Int {
        guard let open = bytes[..<count].firstRange(of: Array(" <<".utf8))?.upperBound else { return 0 }
        let close = count - lineEnd.count
        var seen = Set<ArraySlice<UInt8>>()
        var repeats: [Range<Int>] = []
        var at = open
        func digits() -> Bool {
            let start = at
            while at < close, bytes[at] >= 0x30, bytes[at] <= 0x39 { at += 1 }
            return at > start
        }
        while at < close {
            // " /" name " " digits " 0 R"
            let start = at
            guard at + 1 < close, bytes[at] == 0x20, bytes[at + 1] == 0x2F else { return 0 }
            at += 2
            let nameStart = at
            while at < close, bytes[at] != 0x20, bytes[at] != 0x2F, bytes[at] != 0x3C, bytes[at] != 0x3E { at += 1 }
            guard at > nameStart, at < close, bytes[at] == 0x20 else { return 0 }
            at += 1
            guard digits() else { return 0 }
            let tail = Array(" 0 R".utf8)
            guard at + tail.count <= close, bytes[at..<at + tail.count].elementsEqual(tail) else { return 0 }
            at += tail.count
            if !seen.insert(bytes[start..<at]).inserted { repeats.append(start..<at) }
        }
        for range in repeats { bytes.replaceSubrange(range, with: repeatElement(0x20, count: range.count)) }
        return repeats.count
    }
}
