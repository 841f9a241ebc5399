import Dispatch
import GridDocument

/// Work of the PDF join done on the job's lanes once every page is painted (the lanes are idle
/// then): the structure tree's elements and the object streams that hold them (issue 26). The
/// results come back in order, so the bytes do not depend on the thread count.
enum PDFParallel {
    /// `body(i)` for `i` in `0..<count`, on up to `threads` threads (contiguous parts, one per
    /// thread), in order.
    static func map<T>(_ count: Int, threads: Int, _ body: (Int) -> T) -> [T] {
        let workers = max(1, min(threads, count))
        guard workers > 1 else { return (0..<count).map(body) }
        let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer { _ = results.deinitialize(); results.deallocate() }
        withoutActuallyEscaping(body) { body in
            // Each worker writes its own slots.
            let slots = Unchecked((results, body))
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                let range = (count * worker / workers)..<(count * (worker + 1) / workers)
                for i in range { slots.value.0[i] = slots.value.1(i) }
            }
        }
        return results.map { $0! }
    }
}
