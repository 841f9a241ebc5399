#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridDocument

extension AtomicFile {
    /// `write(to:policy:_:)` for several files made together (the pages of a paginated PNG or
    /// SVG): one temporary per path, all registered with `TemporaryFiles`, renamed into place
    /// only after `write` has filled them all; on an error every temporary is removed.
    ///
    /// A loop, not one `write(to:)` nested inside the next: nesting took a stack frame per page,
    /// and 3,750 pages overflowed the main thread's stack (SIGSEGV).
    package static func write(toAll paths: [String], policy: Policy = Policy(), _ write: ([String]) throws -> Void) throws {
        var existing: [stat?] = []
        for path in paths { existing.append(try checkDestination(path, policy: policy)) }
        var temporaries: [(path: String, slot: Int)] = []
        defer { for t in temporaries { TemporaryFiles.unregister(t.slot) } }
        func removeAll() { for t in temporaries { _ = PathBytes.withCString(t.path) { unlink($0) } } }
        for path in paths {
            let directory = Self.directory(of: path)
            // O_EXCL with a random name instead of mkstemp: mkstemp makes the file 0600, and fixing
            // the mode needs the umask, which can only be read by setting it (racy with other
            // threads). Registered before it exists: a signal between creating and registering
            // would leave it.
            var temporary = "", fd: Int32 = -1, slot = -1
            for _ in 0..<16 {
                temporary = "\(directory)/.gridrender-\(String(UInt64.random(in: 0...UInt64.max), radix: 36)).tmp"
                slot = TemporaryFiles.register(temporary)
                fd = PathBytes.withCString(temporary) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
                if fd >= 0 { break }
                let code = errno
                TemporaryFiles.unregister(slot)
                errno = code
                if code != EEXIST { break }
            }
            guard fd >= 0 else {
                let code = errno
                removeAll()
                throw RenderError("\(path): cannot create a file in \(directory): \(reason(code))")
            }
            close(fd)
            temporaries.append((temporary, slot))
        }
        do {
            try write(temporaries.map(\.path))
            for (index, path) in paths.enumerated() {
                let temporary = temporaries[index].path
                if let mode = existing[index]?.st_mode, (mode & S_IFMT) == S_IFREG { _ = PathBytes.withCString(temporary) { chmod($0, mode & 0o7777) } }
                guard PathBytes.withCString(temporary, { t in PathBytes.withCString(path) { rename(t, $0) } }) == 0 else {
                    throw RenderError("\(path): cannot write: \(reason(errno))")
                }
            }
        } catch {
            let code = errno
            let over = zip(paths, temporaries).first { overFileSizeLimit($0.1.path, errno: code) }
            let full = paths.first.map { diskIsFull(Self.directory(of: $0), errno: code) } ?? false
            removeAll()
            if let over { throw RenderError("\(over.0): cannot write: \(reason(EFBIG))") }
            if full, let first = paths.first, !"\(error)".contains("disk is full") {
                throw RenderError("\(first): cannot write: the disk is full (no space left on the device holding \(Self.directory(of: first)))")
            }
            throw error
        }
    }

    /// The folder a path's temporary goes in.
    static func directory(of path: String) -> String {
        let slash = path.lastIndex(of: "/")
        return slash.map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
    }
}
