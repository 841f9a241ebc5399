import Foundation

/// The files the last `--watch` round read (data files, themes, images), shared with the
/// preparing threads.
final class LockedFiles: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String] = []

    var paths: [String] { lock.withLock { files } }

    /// Replaces the list; an empty one (every input failed) keeps the last, so a data file
    /// that broke its document is still watched for its fix.
    func replace(with paths: [String]) {
        guard !paths.isEmpty else { return }
        lock.withLock { files = Array(Set(paths)).sorted() }
    }
}
