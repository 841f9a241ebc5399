import Dispatch

/// Writes the text parts of a streamed SVG (`RenderJob.streamedOwnSVG`) in chunk order as the
/// lanes finish them: each part's body goes to the sink as soon as the parts before it are
/// written, and only its glyph ids and links are kept (for the definitions and links written
/// at the end), so memory holds about `window` chunks' bodies whatever the size of the table.
/// A lane may start chunk `c` only when fewer than `window` chunks before it wait to be
/// written (`waitTurn`); the lowest unwritten chunk may always start, so lanes never wait on
/// each other in a circle; after a failure every wait returns at once.
///
/// `@unchecked Sendable`: all state is guarded by `lock`; the turns are semaphores.
final class SVGPartWriter: @unchecked Sendable {
    private let sink: OutputSink
    private let window: Int
    private let lock = DispatchSemaphore(value: 1)
    private var waiting: [Int: RenderJob.SVGPart] = [:]
    private var nextToWrite = 0
    private var failure: Error?
    private let turns: [DispatchSemaphore]
    /// The glyph, clip and image ids of the parts written, and their links, in chunk order.
    private(set) var usedIDs: Set<[UInt8]> = []
    private(set) var links: [LinkArea] = []

    init(sink: OutputSink, chunks: Int, window: Int) {
        self.sink = sink
        self.window = max(1, window)
        // Made at 0 and signalled: a semaphore released below its initial value crashes.
        turns = (0..<chunks).map { _ in DispatchSemaphore(value: 0) }
        for turn in turns.prefix(self.window) { turn.signal() }
    }

    /// Waits until chunk `c` may be painted; throws when another lane failed.
    func waitTurn(_ c: Int) throws {
        turns[c].wait()
        lock.wait(); defer { lock.signal() }
        if let failure { throw failure }
    }

    /// Hands over chunk `c`'s part; writes it and every waiting part after it once the parts
    /// before them are written.
    func deliver(_ c: Int, _ part: RenderJob.SVGPart) throws {
        lock.wait(); defer { lock.signal() }
        if let failure { throw failure }
        waiting[c] = part
        do {
            while let next = waiting.removeValue(forKey: nextToWrite) {
                try sink.write(next.body)
                usedIDs.formUnion(next.glyphs)
                links += next.links
                let chunk = nextToWrite + window
                if chunk < turns.count { turns[chunk].signal() }
                nextToWrite += 1
            }
        } catch {
            failLocked(error)
            throw error
        }
    }

    /// Stops every lane waiting for its turn.
    func fail(_ error: Error) {
        lock.wait(); defer { lock.signal() }
        failLocked(error)
    }

    private func failLocked(_ error: Error) {
        guard failure == nil else { return }
        failure = error
        waiting = [:]
        for turn in turns { turn.signal() }
    }

    /// Throws unless every chunk was written.
    func checkFinished() throws {
        lock.wait(); defer { lock.signal() }
        if let failure { throw failure }
        guard nextToWrite == turns.count else { throw RenderError("SVG: \(turns.count - nextToWrite) chunks were not written") }
    }
}
