import Foundation
import GridDocument
internal import GridDrawing
#if canImport(Glibc)
import Glibc
#endif

/// File reading and atomic writing shared by the codec, the snapshot recorder and the report.
///
/// Writes go to a temporary file in the destination directory and are renamed into place:
/// `rename(2)` within one file system is atomic, so a test run that is killed, or two processes
/// recording at once, never leave a truncated reference image behind.
enum FileIO {
    /// Reads through `SafeOpen`: a named pipe or a device is refused with words saying so
    /// (Foundation's reading blocked on a FIFO, or said "permission denied"); `limit` refuses a
    /// larger file before reading it (a mask file is small, a multi-gigabyte one is a mistake).
    static func read(_ path: String, limit: Int? = nil) throws(ImageError) -> Data {
        switch SafeOpen.read(path, maxBytes: limit ?? .max) {
        case .success(let bytes): return Data(bytes)
        case .failure(let e): throw ImageError(file: path, e.reason)
        }
    }

    static func write(_ data: Data, to path: String) throws(ImageError) {
        try atomically(path) { temporary throws(ImageError) in
            do {
                try AtomicFile.writeContents([UInt8](data), to: temporary, naming: path)
            } catch {
                let text = "\(error)"
                throw ImageError(file: path, text.hasPrefix(path + ": ") ? String(text.dropFirst(path.count + 2)) : text)
            }
        }
    }

    /// Calls `body` with a temporary path next to `path`, then renames it over `path`; on any
    /// failure the temporary file is removed and `path` is left as it was.
    static func atomically(_ path: String, _ body: (String) throws(ImageError) -> Void) throws(ImageError) {
        // Split as text, not through URL: the path's bytes stay exactly as given (`PathBytes`).
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
        try createDirectory(directory)
        // The renderer's output writer: short temporary names, removal on signals, modes kept.
        do {
            try AtomicFile.write(to: path) { temporary in try body(temporary) }
        } catch let error as ImageError {
            throw ImageError(file: path, error.message)
        } catch {
            let text = "\(error)"
            throw ImageError(file: path, text.hasPrefix(path + ": ") ? String(text.dropFirst(path.count + 2)) : text)
        }
    }

    static func createDirectory(_ directory: String) throws(ImageError) {
        if let (code, part) = PathBytes.makeDirectories(directory) {
            let why = code == ENOTDIR ? "\(part) is a file, not a folder" : String(cString: strerror(code))
            throw ImageError(file: directory, "cannot create directory (\(why))")
        }
    }
}
