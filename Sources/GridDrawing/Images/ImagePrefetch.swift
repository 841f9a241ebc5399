import Dispatch

/// Decodes, on other threads, the images a PDF's writer will ask for next.
///
/// A PDF page too big to keep its images decoded asks for each one three times (analysing,
/// painting and writing the page), each time in the order the cells were painted, so the next
/// images are known: while Cairo compresses one image, or waits for it, the next `depth` are
/// decoded beside it. A wrong guess costs a decode and nothing else; at most `depth` images
/// are held ahead.
///
/// `@unchecked Sendable`: each decode's result is handed over through its own semaphore.
final class ImagePrefetch: @unchecked Sendable {
    static let depth = 2

    private let queue = DispatchQueue(label: "gridrender.image-prefetch", attributes: .concurrent)
    private final class Decode: @unchecked Sendable {
        let key: String
        let done = DispatchSemaphore(value: 0)
        var result: CairoSurface?
        init(_ key: String) { self.key = key }
    }
    /// The decodes under way or finished and not yet taken, oldest first.
    private var ahead: [Decode] = []

    /// The image `key` if it is being decoded ahead (waiting for it to finish), else nil.
    func take(_ key: String) -> CairoSurface? {
        guard let i = ahead.firstIndex(where: { $0.key == key }) else { return nil }
        let decode = ahead.remove(at: i)
        decode.done.wait()
        return decode.result
    }

    /// Starts `decode` of the image `key` unless it is already under way; the oldest decode
    /// ahead is dropped (once finished) when more than `depth` would be held.
    func start(_ key: String, _ decode: @escaping @Sendable () -> CairoSurface?) {
        guard !ahead.contains(where: { $0.key == key }) else { return }
        while ahead.count >= ImagePrefetch.depth {
            ahead.removeFirst().done.wait()
        }
        let job = Decode(key)
        ahead.append(job)
        queue.async {
            job.result = decode()
            job.done.signal()
        }
    }

    deinit {
        for decode in ahead { decode.done.wait() }
    }
}
