#if canImport(Glibc)
import Glibc
#endif

/// Phase timings for performance work: with `GRIDRENDER_TRACE=1` in the environment, every
/// `mark` writes one line to standard error, `trace: <phase> <ms since the last mark> <ms since
/// the first>`. Off by default, when a mark costs one load of a flag. The timings go to stderr
/// only, so the output bytes never depend on them.
package enum RenderTrace {
    private static let enabled: Bool = getenv("GRIDRENDER_TRACE").map { String(cString: $0) == "1" } ?? false
    nonisolated(unsafe) private static var first = 0.0
    nonisolated(unsafe) private static var last = 0.0
    private static let lock = Mutex()

    /// Records the end of `phase`.
    package static func mark(_ phase: @autoclosure () -> String) {
        guard enabled else { return }
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        let now = Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
        lock.locked {
            if first == 0 { first = now; last = now }
            let line = "trace: \(phase()) \(format(now - last)) \(format(now - first))\n"
            last = now
            _ = line.withCString { write(2, $0, strlen($0)) }
        }
    }

    private static func format(_ ms: Double) -> String {
        let tenths = Int((ms * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// A pthread mutex, enough for a debugging aid.
    private final class Mutex: @unchecked Sendable {
        private var mutex = pthread_mutex_t()
        init() { pthread_mutex_init(&mutex, nil) }
        func locked(_ body: () -> Void) {
            pthread_mutex_lock(&mutex); body(); pthread_mutex_unlock(&mutex)
        }
    }
}
