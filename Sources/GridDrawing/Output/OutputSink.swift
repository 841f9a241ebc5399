#if canImport(Glibc)
import Glibc
#endif
import GridDocument

/// Where a document's bytes go as they are made: an open file (each part written at once, so
/// memory holds only the part in hand) or memory.
final class OutputSink {
    private var file: UnsafeMutablePointer<FILE>?
    /// The path errors name (the destination, not the temporary file written).
    private let name: String
    /// What a memory sink collected.
    private(set) var bytes: [UInt8] = []

    /// Collects into `bytes`.
    init() { name = "" }

    /// Writes into `path` (a temporary file `AtomicFile` made); errors name `naming`.
    init(path: String, naming: String) throws {
        name = naming
        guard let file = PathBytes.withCString(path, { fopen($0, "wb") }) else {
            throw RenderError("\(naming): cannot write: \(String(cString: strerror(errno)))")
        }
        self.file = file
    }

    deinit { if let file { fclose(file) } }

    /// Puts the images into the document as it passes: an SVG's tokens (`SVGImageTokens`), a
    /// PDF's stand-in images (`PDFImagePassthrough`).
    var imageFilter: OutputFilter?
    /// Repair the whole document after the images are in, in order: a PDF's repeated resources
    /// and its cross-reference table (`PDFResourceDuplicates`, `PDFCrossReferenceRepair`, set by
    /// `CairoSurface.pdf`).
    var documentFilters: [OutputFilter] = []
    /// Small parts gathered for the document filters: Cairo writes a PDF a few bytes at a time
    /// (an entry, a number), and each part costs a filter a search; 64 KiB at a time it is noise.
    private var pending: [UInt8] = []
    private static let filterPartBytes = 1 << 16

    func write(_ part: [UInt8]) throws {
        try part.withUnsafeBytes { try write($0) }
    }

    func write(_ part: UnsafeRawBufferPointer) throws {
        if let imageFilter { return try imageFilter.copy(part) { try checked($0) } }
        try checked(part)
    }

    private func checked(_ part: UnsafeRawBufferPointer) throws {
        guard !documentFilters.isEmpty else { return try put(part) }
        if pending.isEmpty, part.count >= Self.filterPartBytes { return try checked(part, from: 0, documentFilters) }
        pending.append(contentsOf: part)
        if pending.count >= Self.filterPartBytes { try flushPending() }
    }

    private func flushPending() throws {
        guard !pending.isEmpty else { return }
        var bytes: [UInt8] = []
        swap(&bytes, &pending)
        try bytes.withUnsafeBytes { try checked($0, from: 0, documentFilters) }
        bytes.removeAll(keepingCapacity: true)
        swap(&bytes, &pending)
    }

    /// Passes `part` through `filters[index...]`, then to the output.
    private func checked(_ part: UnsafeRawBufferPointer, from index: Int, _ filters: [OutputFilter]) throws {
        guard index < filters.count else { return try put(part) }
        try filters[index].copy(part) { try checked($0, from: index + 1, filters) }
    }

    private func put(_ part: UnsafeRawBufferPointer) throws {
        guard let file else { bytes.append(contentsOf: part); return }
        let written = fwrite(part.baseAddress, 1, part.count, file)
        guard written == part.count else { throw RenderError("\(name): write failed: \(String(cString: strerror(errno)))") }
    }

    /// Writes what the image filter held back (the end of the document), then what the
    /// document filter held.
    /// The document filters the finished document went through (tests: `CairoOutputPatchesTests`).
    private(set) var finishedFilters: [OutputFilter] = []

    func finishImages() throws {
        let filter = imageFilter
        imageFilter = nil
        try filter?.finish { try checked($0) }
        try flushPending()
        let filters = documentFilters
        documentFilters = []
        finishedFilters += filters
        for (index, filter) in filters.enumerated() {
            try filter.finish { try checked($0, from: index + 1, filters) }
        }
    }

    /// Forgets everything written so far (the project's PDF writer gave up part way and the
    /// document is drawn again through Cairo). Only before any filter is set.
    func restart() throws {
        precondition(imageFilter == nil && documentFilters.isEmpty && pending.isEmpty, "restarting a filtered output")
        bytes.removeAll()
        guard let file else { return }
        guard fflush(file) == 0, ftruncate(fileno(file), 0) == 0 else {
            throw RenderError("\(name): write failed: \(String(cString: strerror(errno)))")
        }
        rewind(file)
    }

    /// Flushes and closes the file.
    func close() throws {
        try finishImages()
        guard let file else { return }
        self.file = nil
        guard fclose(file) == 0 else { throw RenderError("\(name): write failed: \(String(cString: strerror(errno)))") }
    }
}

/// Changes a document's bytes on their way to the output (`OutputSink.imageFilter`).
protocol OutputFilter: AnyObject {
    /// Passes `part` to `write`, changed; may hold some back for the next part.
    func copy(_ part: UnsafeRawBufferPointer, to write: (UnsafeRawBufferPointer) throws -> Void) throws
    /// Writes what was held back: the document has ended.
    func finish(to write: (UnsafeRawBufferPointer) throws -> Void) throws
}
