/// The recording as a Chrome trace (the Trace Event Format that Perfetto and chrome://tracing
/// open): `{"traceEvents": [...]}` with a `process_name` and a `thread_name` metadata event
/// (`ph: "M"`) per thread, then one complete event (`ph: "X"`) per span: `name`, `cat`, `ts` and
/// `dur` in whole microseconds, `pid` 1, `tid`, and `args` when the span has some. One event a
/// line, by thread and start time.
extension Timings {
    package func chromeTrace(processName: String = "gridrender") -> [UInt8] {
        let spans = spans()
        var lines = [metadata("process_name", tid: 0, name: processName)]
        lines += threadNames(of: spans).map { metadata("thread_name", tid: $0.tid, name: $0.name) }
        lines += spans.map(Timings.event)
        return Array(("{\"traceEvents\": [\n" + lines.joined(separator: ",\n") + "\n]}\n").utf8)
    }

    private func metadata(_ kind: String, tid: Int, name: String) -> String {
        "{\"name\": \"\(kind)\", \"ph\": \"M\", \"pid\": 1, \"tid\": \(tid), \"args\": {\"name\": \(JSONText.string(name))}}"
    }

    private static func event(_ span: TimingsSpan) -> String {
        var line = "{\"name\": \(JSONText.string(span.name)), \"cat\": \"\(span.category.rawValue)\", \"ph\": \"X\", "
            + "\"ts\": \(span.start), \"dur\": \(span.duration), \"pid\": 1, \"tid\": \(span.tid)"
        if !span.args.isEmpty {
            line += ", \"args\": {" + span.args.map { "\(JSONText.string($0.key)): \($0.value)" }.joined(separator: ", ") + "}"
        }
        return line + "}"
    }
}
