import Dispatch
import GridDocument

/// Work split over threads whose results come back in order, so nothing that is made of them
/// depends on the thread count: image files decoded before a render (`ImageCache`).
enum OrderedParallel {
    /// `body(i)` for `i` in `0..<count` on up to `threads` threads, each `i` on one of them
    /// (worker `w` takes `w`, `w + workers`, …, so uneven items spread), the results in order.
    static func map<T>(_ count: Int, threads: Int, _ body: (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        let workers = max(1, min(threads, count))
        guard workers > 1 else { return (0..<count).map(body) }
        let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer { _ = results.deinitialize(); results.deallocate() }
        withoutActuallyEscaping(body) { body in
            // Each worker writes its own slots.
            let slots = Unchecked((results, body))
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                for i in Swift.stride(from: worker, to: count, by: workers) { slots.value.0[i] = slots.value.1(i) }
            }
        }
        return results.map { $0! }
    }
}
