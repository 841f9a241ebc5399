#if canImport(Glibc)
import Glibc
#endif

/// Finding a byte string in a document's bytes as they pass to the output (the image filters).
enum ByteSearch {
    /// Where `needle` first starts at or after `start`, wholly inside `bytes`.
    static func find(_ needle: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        guard let base = bytes.baseAddress, let first = needle.first else { return nil }
        var at = start
        while bytes.count - at >= needle.count {
            guard let hit = memchr(base + at, Int32(first), bytes.count - needle.count + 1 - at) else { return nil }
            at = base.distance(to: UnsafeRawPointer(hit))
            if needle.withUnsafeBytes({ memcmp(base + at, $0.baseAddress!, needle.count) }) == 0 { return at }
            at += 1
        }
        return nil
    }

    /// The length of the longest end of `bytes` that begins `needle` (shorter than `needle`):
    /// what to hold back for the next part.
    static func partialEnd(of bytes: UnsafeRawBufferPointer, beginning needle: [UInt8]) -> Int {
        var keep = min(needle.count - 1, bytes.count)
        while keep > 0, !needle.starts(with: bytes[(bytes.count - keep)...]) { keep -= 1 }
        return keep
    }
}
