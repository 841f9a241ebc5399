import Foundation

/// Writes the text parts of a streamed SVG (`RenderJob.streamedOwnSVG`) in chunk order as the
/// lanes finish them: each part's body goes to the sink as soon as the parts before it are
/// written, and only its definitions and links are kept (for the definitions and links written
/// at the end). The definitions are merged as the parts come (`SVGDefinitionMerger`), on the
/// lanes.
///
/// Memory is bounded in bytes, not in lanes, so it stays flat in the thread count: a lane may
/// start chunk `c` (`waitTurn`) only while the bodies finished but not yet written, plus one
/// estimated body (the largest seen) for each chunk being painted and for `c`, fit in
/// `bytesAhead`. The lowest unwritten chunk may always start, so lanes never wait on each other
/// in a circle; after a failure every wait returns at once.
///
/// `@unchecked Sendable`: all state is guarded by `condition`.
final class SVGPartWriter: @unchecked Sendable {
    /// Bytes of chunk bodies painted ahead of the sink, by default: a few chunks of
    /// `RowChunks.streamedCellsPerChunk` cells whatever the number of lanes.
    static let defaultBytesAhead = 48 << 20

    private let sink: OutputSink
    private let chunks: Int
    private let bytesAhead: Int
    private let condition = NSCondition()
    private var waiting: [Int: RenderJob.SVGPart] = [:]
    private var waitingBytes = 0
    private var painting: Set<Int> = []
    /// The largest body delivered: the estimate for a chunk being painted.
    private(set) var largestBody = 0
    private var nextToWrite = 0
    private var failure: Error?
    /// The definitions of the parts written, merged as they come; and their links, in chunk order.
    private var merger = SVGDefinitionMerger()
    private(set) var links: [LinkArea] = []
    /// The most bytes of bodies held at once (finished and waiting, or estimated for chunks
    /// being painted); tests check it stays within `bytesAhead` plus one chunk.
    private(set) var peakBytesAhead = 0

    init(sink: OutputSink, chunks: Int, bytesAhead: Int = SVGPartWriter.defaultBytesAhead) {
        self.sink = sink
        self.chunks = chunks
        self.bytesAhead = max(0, bytesAhead)
    }

    private var heldLocked: Int { waitingBytes + painting.count * largestBody }

    /// Waits until chunk `c` may be painted; throws when another lane failed.
    func waitTurn(_ c: Int) throws {
        condition.lock(); defer { condition.unlock() }
        while failure == nil, c != nextToWrite, heldLocked + largestBody > bytesAhead { condition.wait() }
        if let failure { throw failure }
        painting.insert(c)
        peakBytesAhead = max(peakBytesAhead, heldLocked)
    }

    /// Hands over chunk `c`'s part; writes it and every waiting part after it once the parts
    /// before them are written.
    func deliver(_ c: Int, _ part: RenderJob.SVGPart) throws {
        condition.lock(); defer { condition.unlock() }
        if let failure { throw failure }
        painting.remove(c)
        largestBody = max(largestBody, part.body.count)
        waiting[c] = part
        waitingBytes += part.body.count
        peakBytesAhead = max(peakBytesAhead, heldLocked)
        defer { condition.broadcast() }
        do {
            while let next = waiting.removeValue(forKey: nextToWrite) {
                try sink.write(next.body)
                waitingBytes -= next.body.count
                merger.add(next.definitions)
                links += next.links
                nextToWrite += 1
            }
        } catch {
            failLocked(error)
            throw error
        }
    }

    /// The definitions of every part written.
    var definitions: SVGDefinitionList {
        condition.lock(); defer { condition.unlock() }
        return merger.merged
    }

    /// Stops every lane waiting for its turn.
    func fail(_ error: Error) {
        condition.lock(); defer { condition.unlock() }
        failLocked(error)
    }

    private func failLocked(_ error: Error) {
        guard failure == nil else { return }
        failure = error
        waiting = [:]
        waitingBytes = 0
        condition.broadcast()
    }

    /// Throws unless every chunk was written.
    func checkFinished() throws {
        condition.lock(); defer { condition.unlock() }
        if let failure { throw failure }
        guard nextToWrite == chunks else { throw RenderError("SVG: \(chunks - nextToWrite) chunks were not written") }
    }
}
