import Foundation

/// Writes a failing snapshot's files to the artifacts folder; failures to write are not fatal
/// (the assertion's message still explains the difference), they just leave the path out.
struct ArtifactWriter {
    let directory: String
    let stem: String
    let pathExtension: String

    func write(actual data: Data) -> String? { write(role: "actual", data: data) }

    func write(role: String, data: Data, pathExtension: String? = nil) -> String? {
        let path = "\(directory)/\(stem).\(role)\(pathExtension ?? self.pathExtension)"
        do {
            try FileIO.write(data, to: path)
            return path
        } catch {
            return nil
        }
    }

    func report(message: String, expected: String?, actual: String?, diff: String?, reference: String?) {
        let root = URL(fileURLWithPath: directory).deletingLastPathComponent().path
        let name = URL(fileURLWithPath: directory).lastPathComponent + "/" + stem
        try? SnapshotReport(directory: root).append(name: name, message: message, expected: expected,
                                                     actual: actual, diff: diff, reference: reference)
    }
}
