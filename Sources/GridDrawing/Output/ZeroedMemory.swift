#if canImport(Glibc)
import Glibc
#endif

/// Zeroed memory that image placeholders read and never write, shared by every placeholder that
/// fits in it. Large blocks come from `calloc` as fresh mappings, so reading them costs no
/// memory: untouched pages all read the kernel's one page of zeros.
final class ZeroedMemory {
    /// The blocks made so far, the largest last.
    private var blocks: [(pointer: UnsafeMutableRawPointer, bytes: Int)] = []

    deinit { for block in blocks { free(block.pointer) } }

    /// Zeroed memory of at least `bytes`, alive as long as this object.
    func block(_ bytes: Int) throws -> UnsafeMutableRawPointer {
        if let last = blocks.last, last.bytes >= bytes { return last.pointer }
        let size = max(bytes, 2 * (blocks.last?.bytes ?? 0))
        guard let pointer = calloc(size, 1) else { throw RenderError("out of memory for an image of \(bytes) bytes") }
        blocks.append((pointer, size))
        return pointer
    }
}
