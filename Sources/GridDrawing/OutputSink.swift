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

    /// Replaces the image tokens of an SVG with the images as they pass (`SVGImageTokens`).
    var imageTokens: SVGImageTokens?

    func write(_ part: [UInt8]) throws {
        try part.withUnsafeBytes { try write($0) }
    }

    func write(_ part: UnsafeRawBufferPointer) throws {
        if let imageTokens { return try imageTokens.copy(part) { try put($0) } }
        try put(part)
    }

    private func put(_ part: UnsafeRawBufferPointer) throws {
        guard let file else { bytes.append(contentsOf: part); return }
        let written = fwrite(part.baseAddress, 1, part.count, file)
        guard written == part.count else { throw RenderError("\(name): write failed: \(String(cString: strerror(errno)))") }
    }

    /// Writes what the image tokens held back (the end of the document).
    func finishImages() throws {
        try imageTokens?.finish { try put($0) }
    }

    /// Flushes and closes the file.
    func close() throws {
        try finishImages()
        guard let file else { return }
        self.file = nil
        guard fclose(file) == 0 else { throw RenderError("\(name): write failed: \(String(cString: strerror(errno)))") }
    }
}
