import Foundation

/// Writes a failing snapshot's files to the artifacts folder; failures to write are not fatal
/// (the assertion's message still explains the difference), they just leave the path out.
package struct ArtifactWriter {
    package let directory: String
    package let stem: String
    package let pathExtension: String

    package init(directory: String, stem: String, pathExtension: String) {
        self.directory = directory; self.stem = stem; self.pathExtension = pathExtension
    }

    package func write(actual data: Data) -> String? { write(role: "actual", data: data) }

    package func write(role: String, data: Data, pathExtension: String? = nil) -> String? {
        let path = "\(directory)/\(stem).\(role)\(pathExtension ?? self.pathExtension)"
        do {
            try FileIO.write(data, to: path)
            return path
        } catch {
            return nil
        }
    }

    package func report(message: String, expected: String?, actual: String?, diff: String?, reference: String?,
                        geometry: ComparisonResult.Geometry? = nil, masks: [ComparisonResult.Rect] = []) {
        try? SnapshotReport(directory: root).append(name: name, message: message, expected: expected, actual: actual,
                                                     diff: diff, reference: reference, geometry: geometry, masks: masks)
    }

    /// After a pass, removes this snapshot's files and report entry left by an earlier failing
    /// run, so the report only ever shows current failures.
    package func clearStale() {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        var removed = false
        for file in files where file.hasPrefix(stem + ".") {
            try? FileManager.default.removeItem(atPath: directory + "/" + file)
            removed = true
        }
        if removed { try? SnapshotReport(directory: root).remove(name: name) }
    }

    private var root: String { URL(fileURLWithPath: directory).deletingLastPathComponent().path }
    /// The HTML report that `report` appends to.
    package var reportIndexPath: String { SnapshotReport(directory: root).indexPath }
    private var name: String { URL(fileURLWithPath: directory).lastPathComponent + "/" + stem }
}
