#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a render's time goes (`gridrender render --timings FILE`, `GRIDRENDER_TRACE=1`): spans
/// of work on every thread, written as a Chrome trace (`chromeTrace`). The render's code is
/// instrumented for good with `Timings.span`: while no recorder is installed a span costs one
/// load and one branch and records nothing, so the output never depends on it.
///
/// Each thread appends to a buffer of its own, found through a pthread key, so recording takes
/// no lock other threads hold. Times come from the monotonic clock. Threads get stable small
/// numbers: 0 the thread that made the recorder, 1… the lanes and painting threads, which say
/// so with `thread(_:_:_:)`; any other thread gets 128 and up in the order it first records.
///
/// Waiting is recorded as waiting (`wait`, category `.wait`), never inside a span of work left
/// open across it, so the summary can tell how many threads work at each moment.
package final class Timings: @unchecked Sendable {
    /// The recorder that `Timings.span` records into, or nil (the default: nothing recorded).
    nonisolated(unsafe) package private(set) static var current: Timings?

    /// Makes `timings` the process's recorder (nil: stop recording). Set before the work to
    /// record starts its threads, and not changed while they run.
    package static func install(_ timings: Timings?) { current = timings }

    /// Nanoseconds on the monotonic clock.
    package static func now() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// Runs `body` as a span of the installed recorder, if any.
    @inline(__always)
    package static func span<T, E: Error>(_ name: @autoclosure () -> String, _ category: TimingsSpan.Category = .phase,
                                          args: @autoclosure () -> [(key: String, value: Int)] = [],
                                          _ body: () throws(E) -> T) throws(E) -> T {
        guard let current else { return try body() }
        return try current.span(name(), category, args: args(), body)
    }

    /// Runs `body` as a wait of the installed recorder, if any: a lock, a semaphore, a join.
    @inline(__always)
    package static func wait<T, E: Error>(_ name: @autoclosure () -> String, _ body: () throws(E) -> T) throws(E) -> T {
        guard let current else { return try body() }
        return try current.span(name(), .wait, body)
    }

    /// Runs `body` with this thread numbered `tid` (named `name` in the trace) in the installed
    /// recorder, if any; the thread's number before is restored after.
    @inline(__always)
    package static func thread<T, E: Error>(_ tid: Int, _ name: @autoclosure () -> String, _ body: () throws(E) -> T) throws(E) -> T {
        guard let current else { return try body() }
        return try current.thread(tid, name(), body)
    }

    /// Waits shorter than this (nanoseconds) are not recorded: they did not block.
    package static let shortestWait: Int64 = 10_000

    /// Where the recording's times count from (`now()`), e.g. the start of `main`.
    package let origin: Int64
    /// Whether every phase (not regions or waits) prints `trace: …` on standard error as it
    /// ends (`GRIDRENDER_TRACE=1`).
    private let echo: Bool
    private var key = pthread_key_t()
    private let made = pthread_self()
    private let lock = Lock()
    private var logs: [ThreadLog] = []
    private var names: [Int: String] = [0: "main"]
    private var nextOtherThread = 128

    package init(origin: Int64 = Timings.now(), echo: Bool = false) {
        self.origin = origin
        self.echo = echo
        pthread_key_create(&key, nil)
    }

    deinit { pthread_key_delete(key) }

    /// Runs `body` and records it as a span on this thread.
    package func span<T, E: Error>(_ name: String, _ category: TimingsSpan.Category = .phase,
                                   args: [(key: String, value: Int)] = [], _ body: () throws(E) -> T) throws(E) -> T {
        let log = threadLog(), start = Timings.now()
        defer {
            let end = Timings.now()
            // A wait that did not block (a semaphore already signalled) is no wait.
            if category != .wait || end - start >= Timings.shortestWait {
                log.append(Raw(name: name, category: category, tid: log.tid, start: start, end: end, args: args))
            }
            if echo && category == .phase { say(name, tid: log.tid, start: start, end: end) }
        }
        return try body()
    }

    /// Records a span that was not timed by `span`: from `start` to `end` (`now()` values) on this thread.
    package func record(_ name: String, _ category: TimingsSpan.Category, from start: Int64, to end: Int64,
                        args: [(key: String, value: Int)] = []) {
        let log = threadLog()
        log.append(Raw(name: name, category: category, tid: log.tid, start: start, end: end, args: args))
    }

    /// Runs `body` with this thread numbered `tid` and named `name`.
    package func thread<T, E: Error>(_ tid: Int, _ name: String, _ body: () throws(E) -> T) throws(E) -> T {
        let log = threadLog()
        lock.locked { if names[tid] == nil { names[tid] = name } }
        let before = log.tid
        log.tid = tid
        defer { log.tid = before }
        return try body()
    }

    /// Every span recorded so far, by thread, then start, the enclosing span before those in
    /// it (ordered by the nanoseconds, so spans within one microsecond keep their order).
    /// Call once the recorded work has finished.
    package func spans() -> [TimingsSpan] {
        let raw = lock.locked { logs }.flatMap { log in log.taken().enumerated().map { (order: $0.offset, span: $0.element) } }
        return raw.sorted { a, b in
            // A parent is recorded after its children: of two spans alike, the later one encloses.
            (a.span.tid, a.span.start, -a.span.end, -a.order) < (b.span.tid, b.span.start, -b.span.end, -b.order)
        }
        .map { _, r in
            let start = max(0, (r.start - origin) / 1000), end = max(start, (r.end - origin) / 1000)
            return TimingsSpan(name: r.name, category: r.category, tid: r.tid, start: Int(start), duration: Int(end - start), args: r.args)
        }
    }

    /// The names of the numbered threads, by number: thread 0 and those with spans in `spans`.
    package func threadNames(of spans: [TimingsSpan]) -> [(tid: Int, name: String)] {
        let used = Set(spans.map(\.tid)).union([0])
        return lock.locked { names.filter { used.contains($0.key) }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
    }

    /// This thread's buffer, made on its first span.
    private func threadLog() -> ThreadLog {
        if let known = pthread_getspecific(key) { return Unmanaged<ThreadLog>.fromOpaque(known).takeUnretainedValue() }
        let log = ThreadLog()
        lock.locked {
            if pthread_equal(pthread_self(), made) != 0 {
                log.tid = 0
            } else {
                log.tid = nextOtherThread
                names[nextOtherThread] = "thread \(nextOtherThread)"
                nextOtherThread += 1
            }
            logs.append(log)   // kept alive by the recorder: the key holds it unretained
        }
        pthread_setspecific(key, Unmanaged.passUnretained(log).toOpaque())
        return log
    }

    /// `trace: <thread> <name> <ms> <ms since the start>` on standard error, one write per line.
    private func say(_ name: String, tid: Int, start: Int64, end: Int64) {
        func ms(_ ns: Int64) -> String {
            let tenths = (ns + 50_000) / 100_000
            return "\(tenths / 10).\(tenths % 10)"
        }
        let line = "trace: \(tid) \(name) \(ms(end - start)) \(ms(end - origin))\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }

    /// A span as recorded: monotonic nanoseconds.
    private struct Raw {
        var name: String
        var category: TimingsSpan.Category
        var tid: Int
        var start: Int64
        var end: Int64
        var args: [(key: String, value: Int)]
    }

    /// One thread's spans. Its own lock is only contended while `spans()` reads it.
    private final class ThreadLog {
        var tid = 0
        private var spans: [Raw] = []
        private let lock = Lock()

        func append(_ span: Raw) { lock.locked { spans.append(span) } }
        func taken() -> [Raw] { lock.locked { spans } }
    }

    /// A pthread mutex.
    private final class Lock: @unchecked Sendable {
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        init() { pthread_mutex_init(mutex, nil) }
        deinit { pthread_mutex_destroy(mutex); mutex.deallocate() }
        func locked<T>(_ body: () throws -> T) rethrows -> T {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body()
        }
    }
}
