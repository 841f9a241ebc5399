#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way gridrender opens a file it reads: only regular files (and directories where a
/// directory is asked for). A named pipe, a device or a socket given as a document, data file,
/// image, theme, `extends` or `--font-dir` is refused with a message saying what it is, instead
/// of blocking forever on a pipe no one writes or reading `/dev/zero` without end.
///
/// The file is opened with `O_NONBLOCK` (opening a FIFO then returns at once), its type checked
/// on the open descriptor with `fstat` (no window between the check and the use), and only then
/// switched back to blocking reads. Standard input (`-`) is the one stream accepted.
package enum SafeOpen {
    /// A descriptor open for reading on the regular file at `path`, or why there is none.
    package static func regularFile(_ path: String) -> Result<Int32, FileIOError> {
        let fd = PathBytes.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard fd >= 0 else { return .failure(FileIOError(reason: reason(errno))) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let code = errno
            close(fd)
            return .failure(FileIOError(reason: reason(code)))
        }
        if let kind = notRegular(st.st_mode) {
            close(fd)
            return .failure(FileIOError(reason: kind))
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return .success(fd)
    }

    /// The whole regular file (or standard input for `-`), refused past `maxBytes`.
    package static func read(_ path: String, maxBytes: Int) -> Result<[UInt8], FileIOError> {
        FileIO.read(path, maxBytes: maxBytes)
    }

    /// Why `path` is not a regular file one can read (nil when it is), without opening it.
    package static func fileProblem(_ path: String) -> String? {
        var st = stat()
        guard PathBytes.withCString(path, { stat($0, &st) }) == 0 else { return reason(errno) }
        return notRegular(st.st_mode)
    }

    /// Why `path` is not a directory (nil when it is).
    package static func directoryProblem(_ path: String) -> String? {
        var st = stat()
        guard PathBytes.withCString(path, { stat($0, &st) }) == 0 else { return reason(errno) }
        if (st.st_mode & S_IFMT) == S_IFDIR { return nil }
        return notRegular(st.st_mode, expected: "a directory") ?? "it is a file, not a directory"
    }

    /// "it is a named pipe (FIFO), not a regular file", or nil for a regular file.
    static func notRegular(_ mode: mode_t, expected: String = "a regular file") -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "it is a directory"
        case S_IFIFO: return "it is a named pipe (FIFO), not \(expected)"
        case S_IFCHR, S_IFBLK: return "it is a device, not \(expected)"
        case S_IFSOCK: return "it is a socket, not \(expected)"
        default: return "it is not \(expected)"
        }
    }

    /// Words for an `errno` from opening a file.
    package static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES: return "permission denied"
        case EISDIR: return "it is a directory"
        case ENOTDIR: return "a part of the path is not a directory"
        case ENAMETOOLONG: return "the file name is too long"
        case ELOOP: return "too many symbolic links"
        default: return String(cString: strerror(code))
        }
    }
}
