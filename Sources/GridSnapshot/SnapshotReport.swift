import Foundation
import GridDocument
#if canImport(Glibc)
import Glibc
#endif

/// The review page of snapshot failures (GridSnapshotTesting, the swift-snapshot-testing adapter,
/// `compare A B --report`): `ReviewPage`, the page folder comparisons write, with per failure the
/// message, the expected, actual and diff images, the changed area boxed and zoomed to, and full
/// size on a click. One self-contained `index.html` with relative image paths, so the folder can
/// be opened in a browser offline or uploaded as a CI artifact and browsed there.
///
/// Entries are kept in `report.json` next to `index.html`; `append` re-reads it under a file
/// lock, so several test processes writing to one artifacts folder add up instead of
/// overwriting each other.
package struct SnapshotReport: Sendable {
    public struct Entry: Codable, Sendable, Hashable {
        public var name: String
        public var message: String
        /// Image paths relative to the report directory (nil when there is no such image).
        public var expected: String?
        public var actual: String?
        public var diff: String?
        /// Where the reference lives, for the reader to find it (absolute or as given).
        public var reference: String?
        /// The pixel comparison's sizes and changed area (`ComparisonResult.changedBox`), for the
        /// page's box and zoom; nil for text snapshots and in reports written before they existed.
        package var expectedSize: ComparisonResult.Size?
        package var actualSize: ComparisonResult.Size?
        package var changedBox: ComparisonResult.Rect?
        /// The rectangles `SnapshotMask`s left out, outlined on the page; nil when none.
        package var masks: [ComparisonResult.Rect]?
    }

    public let directory: String

    public init(directory: String) {
        self.directory = PathBytes.absolute(directory)
    }

    public var indexPath: String { directory + "/index.html" }
    var entriesPath: String { directory + "/report.json" }

    /// The failures recorded so far.
    public func entries() -> [Entry] {
        guard let data = try? FileIO.read(entriesPath),
              let entries = try? JSONDecoder().decode([Entry].self, from: data) else { return [] }
        return entries
    }

    /// Adds a failure and rewrites `index.html`. Images outside the report directory are copied
    /// into its `files/` folder so the relative links keep working when the folder is moved.
    /// `geometry`, the pixel comparison's when there was one, gives the page its box and zoom.
    public func append(name: String, message: String, expected: String? = nil, actual: String? = nil,
                       diff: String? = nil, reference: String? = nil,
                       geometry: ComparisonResult.Geometry? = nil, masks: [ComparisonResult.Rect] = []) throws(ImageError) {
        try FileIO.createDirectory(directory)
        try withLock { () throws(ImageError) in
            var all = entries()
            let index = all.count + 1
            let entry = Entry(
                name: name, message: message,
                expected: try expected.map { path throws(ImageError) in try link(path, index: index, role: "expected") },
                actual: try actual.map { path throws(ImageError) in try link(path, index: index, role: "actual") },
                diff: try diff.map { path throws(ImageError) in try link(path, index: index, role: "diff") },
                reference: reference, expectedSize: geometry?.expectedSize, actualSize: geometry?.actualSize,
                changedBox: geometry?.changedBox, masks: masks.isEmpty ? nil : masks)
            all.removeAll { $0.name == entry.name }
            all.append(entry)
            try save(all)
        }
    }

    /// Removes the failure called `name` (a snapshot that passes again) and rewrites `index.html`.
    public func remove(name: String) throws(ImageError) {
        guard PathBytes.exists(entriesPath) else { return }
        try withLock { () throws(ImageError) in
            var all = entries()
            let count = all.count
            all.removeAll { $0.name == name }
            if all.count != count { try save(all) }
        }
    }

    /// Writes `index.html` (and an empty entry list) even when nothing failed, so a CI step that
    /// publishes the folder always has a page to show.
    public func writeIndex() throws(ImageError) {
        try FileIO.createDirectory(directory)
        try withLock { () throws(ImageError) in try save(entries()) }
    }

    private func save(_ entries: [Entry]) throws(ImageError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let json = (try? encoder.encode(entries)) ?? Data("[]".utf8)
        try FileIO.write(json, to: entriesPath)
        try FileIO.write(Data(Self.html(entries).utf8), to: indexPath)
    }

    private func link(_ path: String, index: Int, role: String) throws(ImageError) -> String {
        let absolute = PathBytes.absolute(path)
        if absolute.hasPrefix(directory + "/") {
            return String(absolute.dropFirst(directory.count + 1))
        }
        let name = "files/\(index)-\(role)-" + PathBytes.lastComponent(absolute)
        try FileIO.write(try FileIO.read(absolute), to: directory + "/" + name)
        return name
    }

    private func withLock<T>(_ body: () throws(ImageError) -> T) throws(ImageError) -> T {
        Self.processLock.lock()
        defer { Self.processLock.unlock() }
        let fd = PathBytes.withCString(directory + "/.report.lock") { open($0, O_CREAT | O_RDWR, 0o644) }
        if fd >= 0 { _ = flock(fd, LOCK_EX) }
        defer { if fd >= 0 { _ = flock(fd, LOCK_UN); close(fd) } }
        return try body()
    }

    private static let processLock = NSLock()

    // MARK: - HTML

    public static func html(_ entries: [Entry]) -> String {
        let page = entries.map { entry in
            // The statistics line: the message's line that starts with the comparison's verdict,
            // else its first line.
            let lines = entry.message.split(separator: "\n", omittingEmptySubsequences: false)
            let summary = lines.first { $0.hasPrefix("images differ") || $0.hasPrefix("SVG differs") || $0.hasPrefix("PDF differs") }
                ?? lines.first ?? ""
            return ReviewPage.Entry(title: entry.name, status: "failed", summary: String(summary), message: entry.message,
                                    reference: entry.reference, expected: entry.expected, actual: entry.actual, diff: entry.diff,
                                    expectedSize: entry.expectedSize, actualSize: entry.actualSize, changedBox: entry.changedBox,
                                    masks: entry.masks ?? [])
        }
        let count = entries.count
        return ReviewPage(title: "Snapshot failures (\(count))", summary: "\(count) snapshot failure\(count == 1 ? "" : "s")",
                          entries: page, emptyMessage: "No snapshot failures.").html()
    }
}
