import Dispatch

/// Writes the layers of a streamed SVG (`RenderJob.svg(to:)`) in order as the lanes finish them,
/// joined by `SVGStitcher.Stream`: layer 0 the cells, layer `c + 1` chunk `c`'s text, the last
/// the overlay. A lane may start chunk `c` only when fewer than `window` chunks before it wait to
/// be written (`waitTurn`), so memory holds about `window` chunks' documents whatever the size of
/// the table. The lowest unwritten chunk may always start, so the lanes never wait on each other
/// in a circle; after a failure every wait returns at once.
///
/// `@unchecked Sendable`: all state is guarded by `lock`; the turns are semaphores.
final class SVGLayerWriter: @unchecked Sendable {
    private let sink: OutputSink
    private let layerCount: Int
    private let window: Int
    private let lock = DispatchSemaphore(value: 1)
    private var stream = SVGStitcher.Stream()
    private var waiting: [Int: (bytes: [UInt8], dropsPage: Bool)] = [:]
    private var nextToWrite = 0
    private var failure: Error?
    /// `turns[c]` is signalled when chunk `c` may start.
    private let turns: [DispatchSemaphore]
    /// The accessibility layer (`SVGAccessibility`), written after the root's start tag.
    private let accessibility: SVGAccessibility?

    init(sink: OutputSink, chunks: Int, window: Int, accessibility: SVGAccessibility? = nil) {
        self.sink = sink
        self.accessibility = accessibility
        layerCount = chunks + 2
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

    /// Hands over layer `index`; writes it and every waiting layer after it once their
    /// predecessors are written.
    func deliver(_ index: Int, _ bytes: [UInt8], dropsPage: Bool) throws {
        lock.wait(); defer { lock.signal() }
        if let failure { throw failure }
        waiting[index] = (bytes, dropsPage)
        do {
            while let next = waiting.removeValue(forKey: nextToWrite) {
                var out: [UInt8] = []
                guard stream.append(next.bytes, dropsPage: next.dropsPage, to: &out) else {
                    throw RenderError("SVG: a layer is not shaped as Cairo writes SVG")
                }
                if nextToWrite == 0, let accessibility { try accessibility.writeStart(out, to: sink.write) } else { try sink.write(out) }
                // Layer i + 1 is chunk i: written, so chunk i + window may start.
                let chunk = nextToWrite - 1 + window
                if nextToWrite >= 1, chunk < turns.count { turns[chunk].signal() }
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

    /// Ends the document once every layer is written, with `links` (`SVGLinks.elements`) last.
    func finish(links: [UInt8]) throws {
        lock.wait(); defer { lock.signal() }
        if let failure { throw failure }
        guard nextToWrite == layerCount else { throw RenderError("SVG: \(layerCount - nextToWrite) layers were not written") }
        try sink.write(stream.end(adding: (accessibility != nil ? SVGAccessibility.epilogue : []) + links))
    }
}
