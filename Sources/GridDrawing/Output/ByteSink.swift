import CCairo

/// Collects the bytes a Cairo stream surface (SVG, PDF) writes, or passes them on to an
/// `OutputSink` (a PDF written to its file as Cairo makes it). A class because Cairo holds an
/// unretained pointer to it as the stream's closure; the surface that writes into it keeps it alive.
final class ByteSink {
    var bytes: [UInt8] = []
    /// Where the bytes go instead of `bytes`, when set.
    private let output: OutputSink?
    /// The first error writing to `output` (Cairo only learns that a write failed).
    private(set) var failure: Error?

    init(forwardingTo output: OutputSink? = nil) { self.output = output }

    /// The `cairo_write_func_t` for stream surfaces; `closure` is an unretained `ByteSink`.
    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
        let part = UnsafeRawBufferPointer(start: data, count: Int(length))
        guard let output = sink.output else {
            sink.bytes.append(contentsOf: part)
            return CAIRO_STATUS_SUCCESS
        }
        guard sink.failure == nil else { return CAIRO_STATUS_WRITE_ERROR }
        do {
            try output.write(part)
        } catch {
            sink.failure = error
            return CAIRO_STATUS_WRITE_ERROR
        }
        return CAIRO_STATUS_SUCCESS
    }
}
