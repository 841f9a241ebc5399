import Dispatch

/// Feeds painted bands to the PNG encoder on a background queue, so zlib compresses one band
/// while Cairo and Pango paint the next (they take about the same time on a table image).
/// Pango stays on the caller's thread; only the encoder and finished pixels cross over.
///
/// `@unchecked Sendable`: `encoder` and `failure` are used by the serial queue's jobs, one at a
/// time, and by the owner only after `drain()`, which waits for every job; a band's memory is
/// handed over and back with its `free` semaphore.
final class BandEncoder: @unchecked Sendable {
    private let encoder: PNGEncoder
    private let queue = DispatchQueue(label: "gridrender.png-encoder")
    private var failure: Error?

    init(_ encoder: PNGEncoder) { self.encoder = encoder }

    /// A painted band on its way to the encoder. It holds the band itself, so the pixel memory
    /// outlives the job even when the caller's last use of the band is already behind it.
    private struct Rows: @unchecked Sendable {
        let band: BandBuffer
        let count: Int
    }

    /// Queues the first `rows` rows of `band`; `band.free` is signalled once they are encoded.
    /// Call `band.free.wait()` before painting the band again.
    func submit(_ band: BandBuffer, rows: Int) {
        let work = Rows(band: band, count: rows)
        let free = band.free
        queue.async {
            defer { free.signal() }
            guard self.failure == nil else { return }
            do { try self.encoder.write(argb32: work.band.pixels, stride: work.band.stride, rows: work.count) } catch { self.failure = error }
        }
    }

    /// Waits for every queued band, then ends the image.
    func finish() throws -> [UInt8] {
        queue.sync {}
        if let failure { throw failure }
        return try encoder.finish()
    }

    /// Waits for every queued band (on the error path, before the bands' memory goes away).
    func drain() { queue.sync {} }
}
