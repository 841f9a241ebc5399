import Foundation

/// `[3/10] name` on standard error, rewritten in place; only when standard error is a terminal,
/// so logs and CI output stay clean.
final class ProgressLine: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private let total: Int
    let enabled: Bool
    private var done = 0

    init(total: Int, enabled: Bool) { self.total = total; self.enabled = enabled }

    func advance(_ name: String) {
        guard enabled else { return }
        lock.lock(); defer { lock.unlock() }
        done += 1
        FileHandle.standardError.write(Data("\r\u{1B}[K[\(done)/\(total)] \(name)".utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
