#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridDrawing

/// The CLI's last line of defence against limits (issue 25 item 5): under `ulimit -f` or an
/// address-space limit (`prlimit --as`) a write, an allocation or a thread creation may fail
/// where no Swift error can be thrown (the runtime traps on a failed allocation).
///
/// - SIGXFSZ is ignored, so a write past `ulimit -f` fails with EFBIG and the writer reports
///   it as one line (AtomicFile), instead of the process being killed with its temporary file.
/// - SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP and SIGFPE remove the temporary files, write one
///   `error:` line with write(2) and `_exit(1)`: no stack trace (this replaces Swift's
///   backtracer's handlers, which the runtime installed before `main`). The handler runs on an
///   alternate stack so that a stack overflow reaches it too.
///
/// Under an address-space limit standard error is held (`StandardErrorHold`), so the Swift
/// runtime's "Fatal error: failed to allocate …" line is dropped rather than shown.
///
/// Only for the program: a library leaves a host's signal handling alone.
enum FatalSignals {
    static let signals: [(Int32, String)] = [
        (SIGABRT, "SIGABRT"), (SIGSEGV, "SIGSEGV"), (SIGBUS, "SIGBUS"),
        (SIGILL, "SIGILL"), (SIGTRAP, "SIGTRAP"), (SIGFPE, "SIGFPE"),
    ]

    static func install() {
        signal(SIGXFSZ, SIG_IGN)
        _ = table
        StandardErrorHold.startUnderMemoryLimit()
        for (sig, name) in signals {
            table[Int(sig)] = strdup("error: gridrender ran out of memory or hit a system limit (\(name)); no output was written\n")
        }
        // The alternate stack: a stack overflow (SIGSEGV) leaves no stack to run the handler on.
        let size = 64 * 1024
        if let memory = malloc(size) {
            var stack = stack_t()
            stack.ss_sp = memory
            stack.ss_size = size
            stack.ss_flags = 0
            sigaltstack(&stack, nil)
        }
        for (sig, _) in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in
                TemporaryFiles.removeAllNow()
                // The runtime's own "Fatal error: failed to allocate…" and its trace are dropped.
                let fd = StandardErrorHold.release(onlyMessages: true)
                if sig >= 0, Int(sig) < FatalSignals.tableSize, let line = FatalSignals.table[Int(sig)] {
                    _ = write(fd, line, strlen(line))
                }
                _exit(1)
            }
            sigemptyset(&action.sa_mask)
            for (other, _) in signals { sigaddset(&action.sa_mask, other) }
            action.sa_flags = Int32(SA_ONSTACK)
            sigaction(sig, &action, nil)
        }
    }

    /// One line per signal, made before any handler can run (the handler may not allocate),
    /// indexed by signal number: a C array, read without locks or Swift runtime calls.
    static let tableSize = 65
    nonisolated(unsafe) static let table: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let p = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: tableSize)
        p.initialize(repeating: nil, count: tableSize)
        return p
    }()
}
