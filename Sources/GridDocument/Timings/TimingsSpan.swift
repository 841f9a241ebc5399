/// One finished span of a `Timings` recording: what ran, on which thread, from when and for how
/// long, in whole microseconds since the recording started.
package struct TimingsSpan: Sendable, Equatable {
    /// What kind of span it is: the summary (scripts/timings-summary.py) and the coverage test
    /// tell work from waiting by it.
    package enum Category: String, Sendable {
        /// The whole command, from `main` to the end of the render (thread 0 only).
        case process
        /// A phase of the render: read, decode, prepare, fonts, measure, layout, paint, encode, write, join.
        case phase
        /// The work on one region of the output (a PNG band, an SVG chunk, a PDF page) or one
        /// chunk of rows measured or shaped; its arguments say which and how many rows.
        case region
        /// A thread blocked on a lock, a semaphore or other threads: never work.
        case wait
    }

    package var name: String
    package var category: Category
    /// The thread's stable number: 0 the main thread, 1… the lanes and painting threads.
    package var tid: Int
    /// Microseconds since the recording started, floored, so a span nested in another on the
    /// same thread starts and ends within it.
    package var start: Int
    package var duration: Int
    /// Named whole numbers (region index, rows), in the order given.
    package var args: [(key: String, value: Int)]

    package var end: Int { start + duration }

    package init(name: String, category: Category, tid: Int, start: Int, duration: Int, args: [(key: String, value: Int)] = []) {
        self.name = name
        self.category = category
        self.tid = tid
        self.start = start
        self.duration = duration
        self.args = args
    }

    package static func == (a: TimingsSpan, b: TimingsSpan) -> Bool {
        a.name == b.name && a.category == b.category && a.tid == b.tid && a.start == b.start && a.duration == b.duration
            && a.args.map(\.key) == b.args.map(\.key) && a.args.map(\.value) == b.args.map(\.value)
    }
}
