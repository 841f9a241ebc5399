#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard error, held in an unlinked temporary file while the process runs under an
/// address-space limit (`prlimit --as`, `ulimit -v`), and copied to the real standard error at
/// exit. Why: when an allocation fails the Swift runtime writes "Fatal error: failed to
/// allocate N bytes…" (and sometimes a stack trace) straight to file descriptor 2 before it
/// traps, and no hook can stop it; held, those lines are dropped by the fatal-signal handler,
/// which passes on only the program's own `error:`/`warning:` lines and then its one line.
///
/// Without a memory limit nothing changes: standard error is written as it happens.
enum StandardErrorHold {
    /// The real standard error while held, else -1.
    nonisolated(unsafe) private static var real: Int32 = -1
    /// The file holding what was written to descriptor 2.
    nonisolated(unsafe) private static var held: Int32 = -1
    /// Fixed buffers: release runs in signal handlers and may not allocate.
    nonisolated(unsafe) private static let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 4096)
    nonisolated(unsafe) private static let line = UnsafeMutablePointer<UInt8>.allocate(capacity: 4096)

    /// Starts holding when RLIMIT_AS is finite; copies out at exit.
    static func startUnderMemoryLimit() {
        // Statics are made on first use: made now, so the signal handler never allocates.
        _ = (buffer, line, real, held)
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return }
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((directory + "/.gridrender-stderr-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let saved = dup(2)
        guard saved >= 0, dup2(fd, 2) == 2 else { close(fd); return }
        _ = fcntl(saved, F_SETFD, FD_CLOEXEC)
        real = saved
        held = fd
        atexit { _ = StandardErrorHold.release(onlyMessages: false) }
    }

    /// Copies what was held to the real standard error (with `onlyMessages`, just the lines
    /// that start with `error: ` or `warning: `), stops holding, and returns the descriptor to
    /// write to. Async-signal-safe: reads, writes and fixed buffers only.
    @discardableResult
    static func release(onlyMessages: Bool) -> Int32 {
        guard real >= 0, held >= 0 else { return 2 }
        let out = real, source = held
        held = -1
        var offset: off_t = 0
        var length = 0
        var overflow = false
        while true {
            let n = pread(source, buffer, 4096, offset)
            if n <= 0 { break }
            offset += off_t(n)
            if !onlyMessages { _ = write(out, buffer, n); continue }
            for i in 0..<n {
                let byte = buffer[i]
                if length < 4096 { line[length] = byte; length += 1 } else { overflow = true }
                if byte == 10 {
                    if !overflow, isMessage(length) { _ = write(out, line, length) }
                    length = 0
                    overflow = false
                }
            }
        }
        _ = dup2(out, 2)
        return 2
    }

    /// Whether the line in `line` starts with "error: " or "warning: ".
    private static func isMessage(_ length: Int) -> Bool {
        func starts(_ prefix: StaticString) -> Bool {
            let count = prefix.utf8CodeUnitCount
            guard length >= count else { return false }
            for i in 0..<count where line[i] != prefix.utf8Start[i] { return false }
            return true
        }
        return starts("error: ") || starts("warning: ")
    }
}
