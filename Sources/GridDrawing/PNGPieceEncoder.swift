import CPNGCodec
import Dispatch
import GridDocument

/// Where painted PNG bands go, in order: `BandEncoder` (libpng, one thread, any row filter) or
/// `PNGPieceEncoder` (zlib on several threads, no row filter).
protocol PNGBandSink: AnyObject, Sendable {
    /// Queues the first `rows` rows of `band`, the next rows of the image; `band.free` is
    /// signalled once they are encoded. Called for one band at a time, in image order.
    func submit(_ band: BandBuffer, rows: Int)
    /// Waits for every queued band, then ends the image; returns the bytes of an in-memory image.
    func finish() throws -> [UInt8]
    /// Waits for every queued band (on the error path, before the bands' memory goes away).
    func drain()
}

extension BandEncoder: PNGBandSink {}

/// Compresses a PNG's rows on several threads into one zlib stream (`png_deflate.h`): each band
/// is cut into pieces of `pieceRows` rows, every piece is converted, filtered (type none) and
/// deflated on one of the compression queues, its window primed with the 32 KiB of scanline
/// bytes before it, and the pieces are written as IDAT chunks in order as soon as each one's
/// predecessors are written. The cuts depend only on the image width and the band height, so the
/// file is the same for any number of threads. With no queues (one thread in all) each band is
/// compressed on the submitting thread.
///
/// `@unchecked Sendable`: the mutable state is guarded by `lock`, except `tail`, `nextPiece` and
/// `rowsSubmitted`, which only `submit` touches (one band at a time, in order).
final class PNGPieceEncoder: PNGBandSink, @unchecked Sendable {
    /// Scanline bytes per piece: small enough that a band gives every thread work, large enough
    /// that a piece's flush (5 bytes) and its fresh start cost nothing measurable.
    static let pieceBytes = 256 << 10

    /// Rows per piece for an image `width` pixels wide.
    static func pieceRows(width: Int, alpha: Bool) -> Int {
        max(1, pieceBytes / (1 + width * (alpha ? 4 : 3)))
    }

    private let stream: OpaquePointer
    private let width: Int, height: Int, alpha: Bool, level: Int32
    private let queues: [DispatchQueue]
    private let group = DispatchGroup()
    private let lock = DispatchSemaphore(value: 1)
    /// Compressed pieces waiting for their predecessors, by piece number.
    private var waiting: [Int: grpng_piece] = [:]
    private var nextToWrite = 0
    private var failure: Error?
    /// The last 32 KiB of scanline bytes before the next band.
    private var tail: [UInt8] = []
    private var nextPiece = 0
    private var rowsSubmitted = 0

    /// Writes to `path`, or into memory when `path` is nil. `threads` ≤ 1 compresses on the
    /// submitting thread.
    init(path: String?, width: Int, height: Int, alpha: Bool, level: Int, threads: Int) throws {
        var err = [CChar](repeating: 0, count: 256)
        let made: OpaquePointer? = if let path {
            PathBytes.withCString(path) { grpng_stream_create($0, UInt32(width), UInt32(height), alpha ? 1 : 0, Int32(level), &err, err.count) }
        } else {
            grpng_stream_create(nil, UInt32(width), UInt32(height), alpha ? 1 : 0, Int32(level), &err, err.count)
        }
        guard let made else { throw RenderError("PNG: \(err.nulTerminatedString)") }
        stream = made
        self.width = width; self.height = height; self.alpha = alpha; self.level = Int32(level)
        queues = threads <= 1 ? [] : (0..<threads).map { _ in DispatchQueue(label: "gridrender.png-deflate") }
    }

    deinit {
        drain()
        for var piece in waiting.values { grpng_piece_free(&piece) }
        grpng_stream_destroy(stream)
    }

    /// Shared by one band's pieces: the band is free again when the last one is compressed.
    private final class BandTurn: @unchecked Sendable {
        let band: BandBuffer
        let bandTail: [UInt8]
        private var left: Int
        private let lock = DispatchSemaphore(value: 1)
        init(band: BandBuffer, bandTail: [UInt8], pieces: Int) { self.band = band; self.bandTail = bandTail; left = pieces }
        func pieceDone() {
            lock.wait()
            left -= 1
            let last = left == 0
            lock.signal()
            if last { band.free.signal() }
        }
    }

    func submit(_ band: BandBuffer, rows: Int) {
        let pieceRows = PNGPieceEncoder.pieceRows(width: width, alpha: alpha)
        let starts = Array(Swift.stride(from: 0, to: rows, by: pieceRows))
        let turn = BandTurn(band: band, bandTail: tail, pieces: starts.count)
        tail = Self.suffix(tail + scanlineTail(band, rows: rows))
        for (k, start) in starts.enumerated() {
            let index = nextPiece + k
            let count = min(pieceRows, rows - start)
            let last = rowsSubmitted + start + count == height
            let work: @Sendable () -> Void = { [self] in
                defer { turn.pieceDone() }
                guard !failed else { return }
                let dictionary = start == 0 ? turn.bandTail : Self.suffix(turn.bandTail + scanlineTail(turn.band, rows: start))
                var piece = grpng_piece()
                var err = [CChar](repeating: 0, count: 256)
                let status = dictionary.withUnsafeBufferPointer { dict in
                    grpng_piece_deflate(&piece, turn.band.pixels + start * turn.band.stride, Int32(turn.band.stride),
                                        UInt32(width), UInt32(count), alpha ? 1 : 0, dict.baseAddress, dict.count,
                                        level, last ? 1 : 0, &err, err.count)
                }
                if status != 0 { record(RenderError("PNG: \(err.nulTerminatedString)")); return }
                deliver(piece, index: index)
            }
            if queues.isEmpty { work() } else { queues[index % queues.count].async(group: group, execute: work) }
        }
        nextPiece += starts.count
        rowsSubmitted += rows
    }

    /// The last up to 32 KiB of scanline bytes of the band's first `rows` rows.
    private func scanlineTail(_ band: BandBuffer, rows: Int) -> [UInt8] {
        guard rows > 0 else { return [] }
        return [UInt8](unsafeUninitializedCapacity: Int(GRPNG_DICTIONARY_BYTES)) { buffer, count in
            count = grpng_scanline_tail(buffer.baseAddress, band.pixels, Int32(band.stride), UInt32(width), UInt32(rows), alpha ? 1 : 0)
        }
    }

    private static func suffix(_ bytes: [UInt8]) -> [UInt8] {
        bytes.count <= Int(GRPNG_DICTIONARY_BYTES) ? bytes : Array(bytes.suffix(Int(GRPNG_DICTIONARY_BYTES)))
    }

    /// Writes `piece` and every waiting piece after it once their predecessors are written.
    private func deliver(_ piece: grpng_piece, index: Int) {
        lock.wait(); defer { lock.signal() }
        waiting[index] = piece
        while var next = waiting.removeValue(forKey: nextToWrite) {
            defer { grpng_piece_free(&next) }
            guard failure == nil else { continue }
            var err = [CChar](repeating: 0, count: 256)
            if grpng_stream_append(stream, &next, &err, err.count) != 0 { failure = RenderError("PNG: \(err.nulTerminatedString)") }
            nextToWrite += 1
        }
    }

    private var failed: Bool {
        lock.wait(); defer { lock.signal() }
        return failure != nil
    }

    private func record(_ error: Error) {
        lock.wait(); defer { lock.signal() }
        if failure == nil { failure = error }
    }

    func finish() throws -> [UInt8] {
        drain()
        if let failure { throw failure }
        var err = [CChar](repeating: 0, count: 256)
        guard nextToWrite == nextPiece, grpng_stream_finish(stream, &err, err.count) == 0 else {
            throw RenderError("PNG: \(err[0] == 0 ? "image incomplete" : err.nulTerminatedString)")
        }
        var length = 0
        guard let bytes = grpng_stream_bytes(stream, &length), length > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }

    func drain() { group.wait() }
}
