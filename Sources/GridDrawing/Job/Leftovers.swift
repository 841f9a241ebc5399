import Dispatch

/// What a render is done with but does not free where it goes out of use: a big table's SVG
/// parts and definitions are tens of thousands of small arrays and dictionaries, some 20 ms of
/// freeing at 10,000 rows, on the thread that would otherwise hand the output over. Kept here,
/// they are freed with their job, which `GridRenderer` lets go on a background thread once the
/// output is written.
///
/// `@unchecked Sendable`: `values` is guarded by `lock`; the values are never read again.
final class Leftovers: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var values: [Any] = []

    /// Keeps `value` until this object is freed.
    func keep(_ value: Any) {
        lock.wait(); defer { lock.signal() }
        values.append(value)
    }

    /// How many values are kept (tests).
    var count: Int {
        lock.wait(); defer { lock.signal() }
        return values.count
    }
}
