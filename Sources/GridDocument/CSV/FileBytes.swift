#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reading with the operating system's own error text.
///
/// Uses the C library rather than Foundation because Foundation's file APIs lose the reason
/// (`contents(atPath:)` returns nil), and the error must say *why*, as in
/// "cannot read file: No such file or directory".
enum FileBytes {
    struct ReadError: Error {
        /// `strerror` text, e.g. "No such file or directory".
        var reason: String
    }

    /// Reads the whole file at `path`; `-` reads standard input.
    /// Plain `open`/`read` (not `FILE *`) so that standard input needs no global C state.
    static func read(_ path: String, maxBytes: Int = Document.defaultMaxInputBytes) throws(ReadError) -> [UInt8] {
        let useStdin = path == "-"
        let fd = useStdin ? 0 : open(path, O_RDONLY)
        guard fd >= 0 else { throw ReadError(reason: String(cString: strerror(errno))) }
        defer { if !useStdin { close(fd) } }
        var result: [UInt8] = []
        // Size hint from fstat, so a regular file is read into one allocation.
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 {
            guard Int(info.st_size) <= maxBytes else { throw ReadError(reason: FileIO.tooLarge(Int(info.st_size), maxBytes)) }
            result.reserveCapacity(Int(info.st_size) + 1)
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glue.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            if result.count + count > maxBytes { throw ReadError(reason: FileIO.tooLarge(result.count + count, maxBytes, atLeast: true)) }
            result.append(contentsOf: chunk[0..<count])
        }
        return result
    }
}

/// The C `read`, named apart from `FileBytes.read`.
private enum Glue {
    static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(fd, buffer, count)
        #elseif canImport(Musl)
        return Musl.read(fd, buffer, count)
        #else
        return Darwin.read(fd, buffer, count)
        #endif
    }
}
