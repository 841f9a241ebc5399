import CCairo

/// Collects the bytes a Cairo stream surface (SVG, PDF) writes. A class because Cairo holds an
/// unretained pointer to it as the stream's closure; the surface that writes into it keeps it alive.
final class ByteSink {
    var bytes: [UInt8] = []

    /// The `cairo_write_func_t` for stream surfaces; `closure` is an unretained `ByteSink`.
    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
    }
}
