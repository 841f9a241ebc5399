import CLibDeflate
import Dispatch

/// One libdeflate compressor, the pointer owned (freed with the object). Making one allocates a
/// few hundred KiB, so a few are kept for reuse (`withCompressor`): at most one per thread that
/// compresses at once.
final class DeflateCompressor: @unchecked Sendable {
    private let pointer: OpaquePointer
    let level: Int32

    init(level: Int32) {
        guard let made = libdeflate_alloc_compressor(level) else {
            fatalError("libdeflate_alloc_compressor(\(level)) failed: out of memory")
        }
        pointer = made
        self.level = level
    }

    deinit { libdeflate_free_compressor(pointer) }

    /// `input` in the zlib format (RFC 1950): header, deflate stream, Adler-32.
    func zlib(_ input: [UInt8]) -> [UInt8] {
        let bound = libdeflate_zlib_compress_bound(pointer, input.count)
        // Into scratch, then copied to an array of the compressed size: a page waiting for its
        // turn at the join holds its compressed bytes, not the bound.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, bound)) { buffer in
            let written = input.withUnsafeBytes { source in
                libdeflate_zlib_compress(pointer, source.baseAddress, source.count, buffer.baseAddress, bound)
            }
            precondition(written > 0, "libdeflate_zlib_compress: the bound was too small")
            return Array(buffer.prefix(written))
        }
    }

    /// Runs `body` with a compressor of `level`, taken from the kept ones or made, and kept
    /// again afterwards (at most `keptLimit`).
    static func withCompressor<T>(level: Int32, _ body: (DeflateCompressor) throws -> T) rethrows -> T {
        let compressor = kept.take(level: level) ?? DeflateCompressor(level: level)
        defer { kept.put(compressor) }
        return try body(compressor)
    }

    static let keptLimit = 16
    private static let kept = Kept()

    /// The compressors not in use. `@unchecked Sendable`: `idle` is guarded by `lock`.
    private final class Kept: @unchecked Sendable {
        private let lock = DispatchSemaphore(value: 1)
        private var idle: [DeflateCompressor] = []

        func take(level: Int32) -> DeflateCompressor? {
            lock.wait(); defer { lock.signal() }
            guard let i = idle.lastIndex(where: { $0.level == level }) else { return nil }
            return idle.remove(at: i)
        }

        func put(_ compressor: DeflateCompressor) {
            lock.wait(); defer { lock.signal() }
            if idle.count < DeflateCompressor.keptLimit { idle.append(compressor) }
        }
    }
}
