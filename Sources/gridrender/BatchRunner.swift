import Foundation

/// Runs independent tasks on up to `jobs` threads and returns the results in input order.
/// Each render builds its own font map and Cairo surfaces, so tasks share nothing.
struct BatchRunner: Sendable {
    var jobs: Int

    func run<Task: Sendable, Result: Sendable>(_ tasks: [Task], _ body: @Sendable (Task) -> Result) -> [Result] {
        let results = LockedArray<Result?>(repeating: nil, count: tasks.count)
        let next = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: max(1, jobs)) { _ in
            while let index = next.take(below: tasks.count) {
                results.set(index, body(tasks[index]))
            }
        }
        return results.values.map { $0! }
    }
}

/// A counter handing out 0, 1, 2, … to concurrent workers.
final class LockedCounter: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var value = 0

    func take(below limit: Int) -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard value < limit else { return nil }
        defer { value += 1 }
        return value
    }
}

/// An array written by concurrent workers at distinct indices.
final class LockedArray<Element>: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var storage: [Element]

    init(repeating element: Element, count: Int) { storage = Array(repeating: element, count: count) }

    func set(_ index: Int, _ element: Element) {
        lock.lock(); defer { lock.unlock() }
        storage[index] = element
    }

    var values: [Element] {
        lock.lock(); defer { lock.unlock() }
        return storage
    }
}

/// A byte budget taken from by concurrent workers: `take` succeeds while what was taken stays
/// within it (`render` keeps prepared documents while their input files fit).
final class LockedBudget: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var left: Int64

    init(bytes: Int64) { left = bytes }

    func take(_ bytes: Int64) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard bytes <= left else { return false }
        left -= bytes
        return true
    }
}
