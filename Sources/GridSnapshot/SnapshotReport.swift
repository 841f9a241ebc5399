import Foundation
import GridDocument
#if canImport(Glibc)
import Glibc
#endif

/// A static HTML page of snapshot failures: per failure the message and the expected, actual
/// and diff images side by side. Everything is in one self-contained `index.html` with relative
/// image paths and inline CSS, so the folder can be opened in a browser offline or uploaded as a
/// CI artifact and browsed there.
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
    public func append(name: String, message: String, expected: String? = nil, actual: String? = nil,
                       diff: String? = nil, reference: String? = nil) throws(ImageError) {
        try FileIO.createDirectory(directory)
        try withLock { () throws(ImageError) in
            var all = entries()
            let index = all.count + 1
            let entry = Entry(
                name: name, message: message,
                expected: try expected.map { path throws(ImageError) in try link(path, index: index, role: "expected") },
                actual: try actual.map { path throws(ImageError) in try link(path, index: index, role: "actual") },
                diff: try diff.map { path throws(ImageError) in try link(path, index: index, role: "diff") },
                reference: reference)
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
        var body = ""
        if entries.isEmpty {
            body = "<p class=\"ok\">No snapshot failures.</p>\n"
        }
        for entry in entries {
            body += "<section>\n<h2>\(XMLText.escaped(entry.name))</h2>\n"
            if let reference = entry.reference {
                body += "<p class=\"ref\">reference: <code>\(XMLText.escaped(reference))</code></p>\n"
            }
            body += "<pre>\(XMLText.escaped(entry.message))</pre>\n<div class=\"row\">\n"
            for (title, path) in [("expected", entry.expected), ("actual", entry.actual), ("diff", entry.diff)] {
                guard let path else { continue }
                let href = XMLText.escaped(URLPath.reference(path))
                body += "<figure><a href=\"\(href)\"><img src=\"\(href)\" alt=\"\(title)\"></a><figcaption>\(title)</figcaption></figure>\n"
            }
            body += "</div>\n</section>\n"
        }
        let count = entries.count
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>Snapshot failures (\(count))</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1d2330; background: #fff; }
        h1 { font-size: 20px; } h2 { font-size: 16px; margin: 0 0 6px; }
        section { border: 1px solid #d0d4dc; border-radius: 6px; padding: 12px; margin: 0 0 20px; }
        pre { white-space: pre-wrap; background: #f5f6f8; padding: 8px; border-radius: 4px; font-size: 12px; }
        .ref { margin: 0 0 6px; color: #555; }
        .row { display: flex; gap: 12px; align-items: flex-start; overflow-x: auto; }
        figure { margin: 0; flex: 0 1 auto; }
        figcaption { text-align: center; color: #555; font-size: 12px; }
        img { display: block; max-width: 100%; image-rendering: pixelated; border: 1px solid #d0d4dc;
              background: repeating-conic-gradient(#e4e6ea 0% 25%, #fff 0% 50%) 0 0 / 16px 16px; }
        .ok { color: #1a7f37; }
        </style>
        </head>
        <body>
        <h1>Snapshot failures (\(count))</h1>
        \(body)</body>
        </html>

        """
    }
}
