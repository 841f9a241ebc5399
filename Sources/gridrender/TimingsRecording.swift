#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import GridDocument
import GridDrawing

/// `render --timings FILE` and `GRIDRENDER_TRACE=1`: the recorder (`Timings`) around one
/// command. `main` notes when it started, so the trace's root span, `gridrender render`, counts
/// from there; the render's own spans come from the engine. The trace is written atomically
/// after the render (`AtomicFile`), and a path that cannot be written is one error line, exit 2.
enum TimingsRecording {
    /// When `main` started (monotonic nanoseconds): the trace's origin.
    nonisolated(unsafe) private(set) static var mainStart: Int64 = 0

    /// Called first in `main`: notes the time and, with `GRIDRENDER_TRACE=1`, installs a
    /// recorder that prints every phase on standard error as it ends.
    static func startMain() {
        mainStart = Timings.now()
        if let trace = getenv("GRIDRENDER_TRACE"), String(cString: trace) == "1" {
            Timings.install(Timings(origin: mainStart, echo: true))
        }
    }

    /// Runs `body`, recorded when `path` is given: a `start` span from `main` to here (loading,
    /// parsing the arguments), `body`'s spans, and the root span around them, then writes the
    /// Chrome trace to `path`. `protecting`: files the trace may not replace (inputs, output).
    static func record(to path: String?, protecting: [String], force: Bool, _ body: () throws -> Void) throws {
        guard let path else { return try body() }
        let policy = AtomicFile.Policy(protecting: protecting, force: force)
        do { try AtomicFile.checkDestination(path, policy: policy) } catch { throw fail("--timings \(path): \(reason(error, path))") }
        // Before the render, so a trace that cannot be written leaves no output behind either.
        let folder = path.lastIndex(of: "/").map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
        if PathBytes.withCString(folder, { access($0, W_OK) }) != 0 {
            throw fail("--timings \(path): cannot write in \(folder): \(String(cString: strerror(errno)))")
        }
        let timings = Timings(origin: mainStart)
        Timings.install(timings)
        let started = Timings.now()
        timings.record("start", .phase, from: mainStart, to: started)
        try body()
        timings.record("gridrender render", .process, from: mainStart, to: Timings.now())
        Timings.install(nil)
        do {
            try AtomicFile.write(timings.chromeTrace(), to: path, policy: policy)
        } catch {
            throw fail("--timings \(path): \(reason(error, path))")
        }
    }

    /// The error's words without the path it starts with (AtomicFile's errors name it).
    private static func reason(_ error: Error, _ path: String) -> String {
        let text = "\(error)"
        return text.hasPrefix(path + ": ") ? String(text.dropFirst(path.count + 2)) : text
    }
}
