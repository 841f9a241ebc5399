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

    func write(_ part: [UInt8]) throws {
        guard let file else { bytes += part; return }
        let written = part.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        guard written == part.count else { throw RenderError("\(name): write failed: \(String(cString: strerror(errno)))") }
    }

    /// Flushes and closes the file.
    func close() throws {
        guard let file else { return }
        self.file = nil
        guard fclose(file) == 0 else { throw RenderError("\(name): write failed: \(String(cString: strerror(errno)))") }
    }
}
