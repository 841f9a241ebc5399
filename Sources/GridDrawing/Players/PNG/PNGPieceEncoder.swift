import CPNGCodec
import Dispatch
import Foundation
import GridDocument

/// Where painted PNG bands go: `BandEncoder` (libpng, one thread, any row filter; bands in image
/// order) or `PNGPieceEncoder` (zlib pieces, no row filter; bands in any order).
protocol PNGBandSink: AnyObject, Sendable {
    /// Whether bands must be submitted in image order (the painters take turns).
    var needsBandsInOrder: Bool { get }
    /// Takes the first `rows` rows of `band`, band number `index` of the image; `band.free` is
    /// signalled once they are encoded.
    func submit(_ band: BandBuffer, index: Int, rows: Int)
    /// Blocks while band `index` is `ahead` or more bands past the first one not yet written,
    /// so a painter that runs ahead cannot pile up compressed bands. Returns at once after `cancel`.
    func awaitRoom(for index: Int, ahead: Int)
    /// Stops the image: bands that will never come are not waited for.
    func cancel()
    /// Waits for every queued band, then ends the image; returns the bytes of an in-memory image.
    func finish() throws -> [UInt8]
    /// Waits for every queued band (on the error path, before the bands' memory goes away).
    func drain()
}

extension BandEncoder: PNGBandSink {
    var needsBandsInOrder: Bool { true }
    func submit(_ band: BandBuffer, index: Int, rows: Int) { submit(band, rows: rows) }
    func awaitRoom(for index: Int, ahead: Int) {}
    func cancel() {}
}

/// Compresses a PNG's rows into one zlib stream in pieces (`png_deflate.h`), on several threads.
///
/// Every band is cut into pieces of `pieceRows` rows from its first row. A piece is converted,
/// filtered (type none) and deflated with its window primed with the up to 32 KiB of the band's
/// own scanline bytes before it; a band's first piece starts afresh. The pieces are written as
/// IDAT chunks in image order as soon as each one's predecessors are. So a band needs nothing
/// of the band before it and may be compressed on any thread, before or after its neighbours;
/// the cuts depend only on the image width and the band height, so the file is the same for any
/// number of threads.
///
/// Two ways to run it:
/// - With compression queues (`threads` > 1), `submit` hands a band's pieces to the queues and
///   returns at once: one painting thread, with compressing on the other cores.
/// - Without (`threads` ≤ 1), `submit` compresses the band on the calling thread. Several
///   painting threads call it at once with bands of their own, each compressing what it painted
///   while the pixels are fresh in its cache, and no more threads run than there are painters.
///
/// `@unchecked Sendable`: the mutable state is guarded by `condition`.
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
    private let bandRows: Int, pieceRows: Int
    /// Pieces of every band but perhaps the last.
    private let piecesPerBand: Int
    private let queues: [DispatchQueue]
    private let group = DispatchGroup()
    private let condition = NSCondition()
    /// Compressed pieces waiting for their predecessors, by piece number.
    private var waiting: [Int: grpng_piece] = [:]
    private var nextToWrite = 0
    private var failure: Error?
    private var cancelled = false

    var needsBandsInOrder: Bool { false }

    /// Pieces of the whole image: those of every full band, then the last band's.
    private var pieceCount: Int {
        let bands = (height + bandRows - 1) / bandRows, lastRows = height - (bands - 1) * bandRows
        return (bands - 1) * piecesPerBand + (lastRows + pieceRows - 1) / pieceRows
    }

    /// Writes to `path`, or into memory when `path` is nil. Bands are `bandRows` rows (the last
    /// may be shorter). `threads` ≤ 1 compresses on the submitting thread.
    /// `pixelsPerPoint`: the render's scale, recorded in `pHYs` (`PNGResolution`).
    init(path: String?, width: Int, height: Int, alpha: Bool, level: Int, bandRows: Int, threads: Int, pixelsPerPoint: Double) throws {
        var err = [CChar](repeating: 0, count: 256)
        let ppm = PNGResolution.pixelsPerMetre(pixelsPerPoint)
        let made: OpaquePointer? = if let path {
            PathBytes.withCString(path) { grpng_stream_create($0, UInt32(width), UInt32(height), alpha ? 1 : 0, Int32(level), ppm, &err, err.count) }
        } else {
            grpng_stream_create(nil, UInt32(width), UInt32(height), alpha ? 1 : 0, Int32(level), ppm, &err, err.count)
        }
        guard let made else { throw RenderError("PNG: \(err.nulTerminatedString)") }
        stream = made
        self.width = width; self.height = height; self.alpha = alpha; self.level = Int32(level)
        self.bandRows = max(1, bandRows)
        pieceRows = PNGPieceEncoder.pieceRows(width: width, alpha: alpha)
        piecesPerBand = (self.bandRows + pieceRows - 1) / pieceRows
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
        private var left: Int
        private let lock = DispatchSemaphore(value: 1)
        init(band: BandBuffer, pieces: Int) { self.band = band; left = pieces }
        func pieceDone() {
            lock.wait()
            left -= 1
            let last = left == 0
            lock.signal()
            if last { band.free.signal() }
        }
    }

    func submit(_ band: BandBuffer, index: Int, rows: Int) {
        let starts = Array(Swift.stride(from: 0, to: rows, by: pieceRows))
        let turn = BandTurn(band: band, pieces: starts.count)
        let firstRow = index * bandRows
        for (k, start) in starts.enumerated() {
            let count = min(pieceRows, rows - start)
            let last = firstRow + start + count == height
            let work: @Sendable () -> Void = { [self] in
                defer { turn.pieceDone() }
                guard !failed else { return }
                let dictionary = scanlineTail(turn.band, rows: start)
                var piece = grpng_piece()
                var err = [CChar](repeating: 0, count: 256)
                let status = dictionary.withUnsafeBufferPointer { dict in
                    grpng_piece_deflate(&piece, turn.band.pixels + start * turn.band.stride, Int32(turn.band.stride),
                                        UInt32(width), UInt32(count), alpha ? 1 : 0, dict.baseAddress, dict.count,
                                        level, last ? 1 : 0, &err, err.count)
                }
                if status != 0 { record(RenderError("PNG: \(err.nulTerminatedString)")); return }
                deliver(piece, index: index * piecesPerBand + k)
            }
            if queues.isEmpty { work() } else {
                let q = (index * piecesPerBand + k) % queues.count
                queues[q].async(group: group) {
                    Timings.thread(64 + q, "deflate \(q)") {
                        Timings.span("deflate piece", .region, args: [("band", index), ("piece", k)], work)
                    }
                }
            }
        }
    }

    func awaitRoom(for index: Int, ahead: Int) {
        condition.lock(); defer { condition.unlock() }
        while !cancelled, failure == nil, index >= nextToWrite / piecesPerBand + max(1, ahead) { condition.wait() }
    }

    func cancel() {
        condition.lock(); defer { condition.unlock() }
        cancelled = true
        condition.broadcast()
    }

    /// The last up to 32 KiB of scanline bytes of the band's first `rows` rows.
    private func scanlineTail(_ band: BandBuffer, rows: Int) -> [UInt8] {
        guard rows > 0 else { return [] }
        return [UInt8](unsafeUninitializedCapacity: Int(GRPNG_DICTIONARY_BYTES)) { buffer, count in
            count = grpng_scanline_tail(buffer.baseAddress, band.pixels, Int32(band.stride), UInt32(width), UInt32(rows), alpha ? 1 : 0)
        }
    }

    /// Writes `piece` and every waiting piece after it once their predecessors are written.
    private func deliver(_ piece: grpng_piece, index: Int) {
        Timings.wait("wait for PNG stream") { condition.lock() }
        defer { condition.unlock() }
        waiting[index] = piece
        let before = nextToWrite
        while var next = waiting.removeValue(forKey: nextToWrite) {
            defer { grpng_piece_free(&next) }
            guard failure == nil else { continue }
            var err = [CChar](repeating: 0, count: 256)
            if grpng_stream_append(stream, &next, &err, err.count) != 0 { failure = RenderError("PNG: \(err.nulTerminatedString)") }
            nextToWrite += 1
        }
        if nextToWrite / piecesPerBand != before / piecesPerBand || failure != nil { condition.broadcast() }
    }

    private var failed: Bool {
        condition.lock(); defer { condition.unlock() }
        return failure != nil
    }

    private func record(_ error: Error) {
        condition.lock(); defer { condition.unlock() }
        if failure == nil { failure = error }
        condition.broadcast()
    }

    func finish() throws -> [UInt8] {
        drain()
        if let failure { throw failure }
        var err = [CChar](repeating: 0, count: 256)
        guard nextToWrite == pieceCount, grpng_stream_finish(stream, &err, err.count) == 0 else {
            throw RenderError("PNG: \(err[0] == 0 ? "image incomplete" : err.nulTerminatedString)")
        }
        var length = 0
        guard let bytes = grpng_stream_bytes(stream, &length), length > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }

    func drain() { Timings.wait("wait for deflate") { group.wait() } }
}
