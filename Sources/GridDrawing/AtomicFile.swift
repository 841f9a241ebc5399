#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes an output file atomically: into a temporary file in the destination directory, then
/// `rename(2)` over the destination. On any error the temporary file is removed, so an existing
/// output is never left half-written or replaced by a broken one (DESIGN.md §8).
enum AtomicFile {
    /// Runs `write` with the path of a fresh temporary file beside `path`, then renames it to `path`.
    static func write(to path: String, _ write: (String) throws -> Void) throws {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        // O_EXCL with a random name instead of mkstemp: mkstemp makes the file 0600, and fixing the
        // mode needs the umask, which can only be read by setting it (racy with other threads).
        var temporary = ""
        var fd: Int32 = -1
        for _ in 0..<16 {
            temporary = "\(directory)/.\(name).\(String(UInt64.random(in: 0...UInt64.max), radix: 36)).tmp"
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else {
            throw RenderError("\(path): cannot create a file in \(directory): \(String(cString: strerror(errno)))")
        }
        close(fd)
        do {
            try write(temporary)
            guard rename(temporary, path) == 0 else {
                throw RenderError("\(path): cannot write: \(String(cString: strerror(errno)))")
            }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Writes `bytes` to `path` atomically.
    static func write(_ bytes: [UInt8], to path: String) throws {
        try write(to: path) { temporary in try writeContents(bytes, to: temporary, naming: path) }
    }

    /// Writes `bytes` into `temporary` (a file `write(to:)` made); errors name `path`.
    static func writeContents(_ bytes: [UInt8], to temporary: String, naming path: String) throws {
        guard let file = fopen(temporary, "wb") else {
            throw RenderError("\(path): cannot write: \(String(cString: strerror(errno)))")
        }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let closed = fclose(file)
        guard written == bytes.count, closed == 0 else {
            throw RenderError("\(path): write failed: \(String(cString: strerror(errno)))")
        }
    }
}
