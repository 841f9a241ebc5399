#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GridDocument

/// The one output writer: every file gridrender writes (renders, `compare --diff`, snapshot
/// references) goes through here (DESIGN.md §8).
///
/// - The bytes go to a temporary file in the destination directory, renamed over the
///   destination only when complete: an existing output is never left half-written.
/// - The temporary file is registered with `TemporaryFiles`, which removes it on SIGINT,
///   SIGTERM and SIGHUP once the CLI has called `TemporaryFiles.removeOnSignals()`.
/// - The temporary name is short (`.gridrender-<random>.tmp`), so a destination whose name is
///   240–255 bytes long still has a temporary name the file system accepts.
/// - A destination that is a file this run reads (`protecting`: the document, its data file,
///   theme and image files, `compare`'s images) is refused: bad input, exit 2.
/// - A destination without write permission is refused unless `force` (the CLI's `--force`); a
///   replaced file keeps its permission bits (a 0600 output stays 0600).
/// - A full disk says so, instead of the writer's "Write Error"; so does an output over `ulimit -f`.
package enum AtomicFile {
    /// What a write may replace.
    package struct Policy: Sendable {
        /// Files the run reads: the destination may not be any of them.
        package var protecting: [String]
        /// Replace a destination that has no write permission.
        package var force: Bool
        package init(protecting: [String] = [], force: Bool = false) { self.protecting = protecting; self.force = force }
    }

    /// Runs `write` with the path of a fresh temporary file beside `path`, then renames it to `path`.
    package static func write(to path: String, policy: Policy = Policy(), _ write: (String) throws -> Void) throws {
        try AtomicFile.write(toAll: [path], policy: policy) { temporaries in try write(temporaries[0]) }
    }

    /// Writes `bytes` to `path` atomically.
    package static func write(_ bytes: [UInt8], to path: String, policy: Policy = Policy()) throws {
        try write(to: path, policy: policy) { temporary in try writeContents(bytes, to: temporary, naming: path) }
    }

    /// Writes `bytes` into `temporary` (a file `write(to:)` made); errors name `path`.
    package static func writeContents(_ bytes: [UInt8], to temporary: String, naming path: String) throws {
        guard let file = PathBytes.withCString(temporary, { fopen($0, "wb") }) else {
            throw RenderError("\(path): cannot write: \(reason(errno))")
        }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let writeErrno = errno
        let closed = fclose(file)
        guard written == bytes.count, closed == 0 else {
            throw RenderError("\(path): cannot write: \(reason(written == bytes.count ? errno : writeErrno))")
        }
    }

    /// Refuses a destination the policy forbids; returns the existing file's status, if any.
    @discardableResult
    package static func checkDestination(_ path: String, policy: Policy) throws -> stat? {
        var st = stat()
        guard PathBytes.withCString(path, { lstat($0, &st) }) == 0 else { return nil }
        if (st.st_mode & S_IFMT) == S_IFDIR { throw RenderError("\(path): is a directory", badInput: true) }
        var target = st
        if PathBytes.withCString(path, { stat($0, &target) }) != 0 { target = st }
        for input in policy.protecting where input != "-" {
            var other = stat()
            guard PathBytes.withCString(input, { stat($0, &other) }) == 0 else { continue }
            if other.st_dev == target.st_dev && other.st_ino == target.st_ino {
                throw RenderError("\(path): is \(input == path ? "an input" : "the same file as \(input)"), which this run reads; refusing to overwrite it (choose another output name)", badInput: true)
            }
        }
        if (st.st_mode & S_IFMT) == S_IFREG, st.st_mode & 0o222 == 0, !policy.force {
            throw RenderError("\(path): the file is read-only; refusing to replace it (use --force to replace it anyway)")
        }
        return st
    }

    /// ENOSPC or EDQUOT, or a file system with no free blocks left (libpng's errors lose errno).
    static func diskIsFull(_ directory: String, errno code: Int32) -> Bool {
        if code == ENOSPC || code == EDQUOT { return true }
        var fs = statvfs()
        return PathBytes.withCString(directory, { statvfs($0, &fs) }) == 0 && fs.f_bavail == 0 && fs.f_blocks > 0
    }

    /// EFBIG, or a file that reached the `ulimit -f` size (RLIMIT_FSIZE): with SIGXFSZ ignored
    /// (the CLI does) write(2) fails with EFBIG, but libpng and Cairo lose errno.
    static func overFileSizeLimit(_ temporary: String, errno code: Int32) -> Bool {
        if code == EFBIG { return true }
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return false }
        var st = stat()
        guard PathBytes.withCString(temporary, { stat($0, &st) }) == 0 else { return false }
        return UInt64(st.st_size) >= UInt64(limit.rlim_cur)
    }

    static func reason(_ code: Int32) -> String {
        if code == EFBIG { return "the file is larger than the limit set by ulimit -f" }
        return code == ENOSPC || code == EDQUOT ? "the disk is full" : String(cString: strerror(code))
    }
}

/// Temporary files being written, removed when the process is interrupted.
///
/// The paths live in chunks of C strings chained by a `next` pointer: a chunk is filled in
/// before it is linked, and links are never undone, so the signal handler only reads memory and
/// calls `unlink(2)` (async-signal-safe) before re-raising the signal with its default action:
/// the exit status still says "killed by SIGINT". There is no capacity: a paginated render of
/// thousands of pages (one temporary per page) is fully registered.
package enum TemporaryFiles {
    /// Slots per chunk.
    static let chunkSize = 1024

    /// One chunk: `chunkSize` slots, then the pointer to the next chunk (nil for the last).
    private struct Chunk {
        var slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
        var next: UnsafeMutablePointer<Chunk>?
    }

    nonisolated(unsafe) private static let first: UnsafeMutablePointer<Chunk> = makeChunk()
    private static let lock = NSLock()

    private static func makeChunk() -> UnsafeMutablePointer<Chunk> {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: chunkSize)
        slots.initialize(repeating: nil, count: chunkSize)
        let chunk = UnsafeMutablePointer<Chunk>.allocate(capacity: 1)
        chunk.initialize(to: Chunk(slots: slots, next: nil))
        return chunk
    }

    /// Keeps `path` until `unregister`; returns its slot (an index over all chunks).
    static func register(_ path: String) -> Int {
        let copy = PathBytes.strdup(path)
        lock.lock(); defer { lock.unlock() }
        var chunk = first
        var base = 0
        while true {
            for i in 0..<chunkSize where chunk.pointee.slots[i] == nil {
                chunk.pointee.slots[i] = copy
                return base + i
            }
            if let next = chunk.pointee.next {
                chunk = next
            } else {
                // Fully built before it is linked: the handler never sees a half-made chunk.
                let made = makeChunk()
                chunk.pointee.next = made
                chunk = made
            }
            base += chunkSize
        }
    }

    static func unregister(_ slot: Int) {
        guard slot >= 0 else { return }
        lock.lock(); defer { lock.unlock() }
        var chunk = first
        for _ in 0..<(slot / chunkSize) {
            guard let next = chunk.pointee.next else { return }
            chunk = next
        }
        let p = chunk.pointee.slots[slot % chunkSize]
        chunk.pointee.slots[slot % chunkSize] = nil
        free(p)
    }

    /// How many temporary files are registered now.
    static var count: Int {
        lock.lock(); defer { lock.unlock() }
        var n = 0
        var chunk: UnsafeMutablePointer<Chunk>? = first
        while let c = chunk {
            for i in 0..<chunkSize where c.pointee.slots[i] != nil { n += 1 }
            chunk = c.pointee.next
        }
        return n
    }

    /// Unlinks every registered file. Async-signal-safe: no lock, no allocation, only reads and
    /// `unlink(2)`; for signal handlers (the CLI's fatal-signal handler calls it too).
    package static func removeAllNow() {
        var chunk: UnsafeMutablePointer<Chunk>? = first
        while let c = chunk {
            for i in 0..<chunkSize {
                if let p = c.pointee.slots[i] { unlink(p) }
            }
            chunk = c.pointee.next
        }
    }

    /// Installs handlers for SIGINT, SIGTERM and SIGHUP that remove every registered temporary
    /// file and then die of the same signal. For programs (the CLI); a library leaves a host's
    /// signal handling alone.
    package static func removeOnSignals() {
        _ = first
        // A parent may hand these signals over blocked (a test runner's Process does); blocked,
        // they would wait until the render ends, and the output would be written after all.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for sig in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&unblock, sig) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in
                TemporaryFiles.removeAllNow()
                signal(sig, SIG_DFL)
                raise(sig)
            }
            sigemptyset(&action.sa_mask)
            // The other two are held while one runs, so a second signal cannot cut the walk short.
            for other in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&action.sa_mask, other) }
            action.sa_flags = 0
            sigaction(sig, &action, nil)
        }
    }
}
