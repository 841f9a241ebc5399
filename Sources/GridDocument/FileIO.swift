#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Minimal file access through libc, so the document module needs no Foundation.
enum FileIO {
    /// The whole file, or a one-line reason it could not be read.
    static func read(_ path: String) -> Result<[UInt8], FileIOError> {
        let fd = path == "-" ? 0 : open(path, O_RDONLY)
        guard fd >= 0 else { return .failure(FileIOError(reason: reason(errno))) }
        defer { if fd != 0 { close(fd) } }
        var st = stat()
        if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
            return .failure(FileIOError(reason: "it is a directory"))
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(FileIOError(reason: reason(errno)))
            }
            if n == 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
        }
        return .success(bytes)
    }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES: return "permission denied"
        case EISDIR: return "it is a directory"
        default: return String(cString: strerror(code))
        }
    }

    /// `dir/path` unless `path` is absolute or `dir` is ".".
    static func resolve(_ path: String, against dir: String) -> String {
        if path.hasPrefix("/") || dir == "." || dir.isEmpty { return path }
        return dir.hasSuffix("/") ? dir + path : dir + "/" + path
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = String(path[..<slash])
        return dir.isEmpty ? "/" : dir
    }

    static func fileExtension(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...]).lowercased()
    }
}

struct FileIOError: Error { var reason: String }
