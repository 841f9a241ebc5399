import Dispatch
import GridDocument

/// The threads one render measures and paints text on, each with a Pango context of its own
/// (DESIGN.md §4: a font map is never shared across threads). Lane 0 is the calling thread with
/// the job's own context; every other lane is a serial queue that makes its context on first
/// use, keeps it, with the layouts it shaped, from measuring to painting, and releases it on
/// that queue. So text a lane measured is shown by the same lane without being shaped again.
///
/// Work is given out by chunk (`RowChunks`): a lane takes its own chunks (`c % count`) first, then
/// those nobody has taken (`ChunkClaims`); a chunk's text is painted by the lane that measured it; what
/// a chunk produces never depends on the lane, so the output is the same for any lane count.
final class TextLanes: @unchecked Sendable {
    /// One lane's Pango objects, used by that lane only.
    final class Lane {
        let index: Int
        let context: TextContext
        /// Natural layouts this lane shaped while measuring, for its painter.
        let shaped: ShapedLayouts
        /// This lane's painter and block layout, made when it first paints.
        var painter: (GridPainter, TextLayout)?

        init(index: Int, context: TextContext, shaped: ShapedLayouts) {
            self.index = index
            self.context = context
            self.shaped = shaped
        }
    }

    let count: Int
    /// How many natural layouts each other lane keeps.
    private let shapedCapacity: Int
    private let makeContext: @Sendable () throws -> TextContext
    /// Lane `k` is written only by lane `k` (a buffer, not an array, so lanes made at the same
    /// time on different threads do not touch one shared value).
    private let lanes: UnsafeMutablePointer<Lane?>
    private let queues: [DispatchQueue]

    /// `main`: the job's context and its store of shaped layouts, lane 0. `makeContext` makes
    /// another lane's context, on that lane; its store keeps up to `shapedCapacity` layouts.
    init(count: Int, main: TextContext, shaped: ShapedLayouts, shapedCapacity: Int = ShapedLayouts.defaultCapacity,
         makeContext: @escaping @Sendable () throws -> TextContext) {
        self.count = max(1, count)
        self.shapedCapacity = shapedCapacity
        self.makeContext = makeContext
        lanes = .allocate(capacity: self.count)
        lanes.initialize(repeating: nil, count: self.count)
        lanes[0] = Lane(index: 0, context: main, shaped: shaped)
        queues = (1..<self.count).map { _ in DispatchQueue(label: "gridrender.text-lane") }
    }

    deinit {
        releaseHelpers()
        lanes.deinitialize(count: count)
        lanes.deallocate()
    }

    /// Releases every lane but the first, each on the queue that made and used it (a PNG render
    /// paints with threads of its own, so the lanes' layouts would only hold memory). A later
    /// `run` makes them again.
    func releaseHelpers() {
        let slots = Unchecked(lanes)
        for k in 1..<count where lanes[k] != nil {
            queues[k - 1].sync { slots.value[k] = nil }
        }
    }

    /// Runs `body` on the lanes that get one of `chunks` chunks, at once (lane 0 on this
    /// thread), and waits for all of them. Throws the first error of any lane, after every lane
    /// has stopped.
    func run(chunks: Int, _ body: (Lane) throws -> Void) throws {
        let failure = FirstFailure()
        let group = DispatchGroup()
        withoutActuallyEscaping(body) { body in
            let me = Unchecked(self), work = Unchecked(body)
            for k in 1..<min(count, max(1, chunks)) {
                queues[k - 1].async(group: group) {
                    Timings.thread(k, "lane \(k)") {
                    do {
                        let lanes = me.value
                        if lanes.lanes[k] == nil {
                            let context = try Timings.span("fonts") { try lanes.makeContext() }
                            lanes.lanes[k] = Lane(index: k, context: context,
                                                 shaped: ShapedLayouts(context: context, capacity: lanes.shapedCapacity))
                        }
                        try work.value(lanes.lanes[k]!)
                    } catch {
                        failure.record(error)
                    }
                    }
                }
            }
            do { try body(lanes[0]!) } catch { failure.record(error) }
            // `body` must not outlive this call: every lane is done with it here.
            Timings.wait("wait for lanes") { group.wait() }
        }
        if let error = failure.error { throw error }
    }

    /// Whether every lane below `count` has its context (made while measuring), so `run` will
    /// call the body on each of them.
    func areReady(_ count: Int) -> Bool { (1..<min(count, self.count)).allSatisfy { lanes[$0] != nil } }

    /// The layouts the other lanes shaped, to be shown by lane 0 once they are idle (all their
    /// contexts are set up alike, and Pango objects may change threads while no other uses them).
    var helperShapedLayouts: [ShapedLayouts] { (1..<count).compactMap { lanes[$0]?.shaped } }

    /// The warnings of every lane but the first (whose context is the job's own).
    var helperWarnings: [String] { (1..<count).flatMap { lanes[$0]?.context.warnings ?? [] } }

    /// The characters no font had in the text the other lanes painted, taken (each is merged once).
    var helperMissing: [MissingGlyphs] {
        (1..<count).compactMap { k -> MissingGlyphs? in
            guard let context = lanes[k]?.context else { return nil }
            defer { context.missing = MissingGlyphs() }
            return context.missing
        }
    }
}
