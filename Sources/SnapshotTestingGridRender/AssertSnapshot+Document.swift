import Foundation
import GridDocument
import GridSnapshot
import GridSnapshotTesting
import SnapshotTesting

/// swift-snapshot-testing's `assertSnapshot` for gridrender documents: the same call and the
/// same references (`__Snapshots__/<TestFile>/<test>.<n>.png`, `record:`,
/// `SNAPSHOT_TESTING_RECORD`), with what that library cannot give on Linux:
///
/// - a document that fails to render fails the test with the render error and records nothing;
/// - a mismatch writes `<stem>.expected.png`, `<stem>.actual.png` and `<stem>.diff.png` to the
///   same artifacts folder as GridSnapshotTesting (`SNAPSHOT_ARTIFACTS`, else
///   `<package>/.build/snapshot-artifacts/<TestFile>/`), lists them, and ends with the command
///   that accepts the change (`SNAPSHOT_TESTING_RECORD=failed swift test --filter <test>`).
///
/// Being the most specific `assertSnapshot` for a `Document`, it is the one chosen when this
/// module, swift-snapshot-testing and GridSnapshotTesting are all imported.
public func assertSnapshot(
    of value: @autoclosure () throws -> Document,
    as snapshotting: Snapshotting<Document, Data>,
    named name: String? = nil,
    record: SnapshotTestingConfiguration.Record? = nil,
    snapshotDirectory: String? = nil,
    timeout: TimeInterval = 5,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    let message: String?
    do {
        message = verifyDocumentSnapshot(of: try value(), as: snapshotting, named: name, record: record,
                                         snapshotDirectory: snapshotDirectory, timeout: timeout, fileID: fileID,
                                         file: filePath, testName: testName, line: line, column: column)
    } catch {
        message = "threw an error: \(error)"
    }
    if let message { reportSnapshotFailure(message, fileID: fileID, file: filePath, line: line, column: column) }
}

/// The comparison behind ``assertSnapshot(of:as:named:record:snapshotDirectory:timeout:fileID:file:testName:line:column:)``:
/// the failure message, or nil when the document matches its reference.
func verifyDocumentSnapshot(
    of document: Document,
    as snapshotting: Snapshotting<Document, Data>,
    named name: String?,
    record: SnapshotTestingConfiguration.Record?,
    snapshotDirectory: String?,
    timeout: TimeInterval,
    fileID: StaticString,
    file filePath: StaticString,
    testName: String,
    line: UInt,
    column: UInt
) -> String? {
    var rendered: Data?
    snapshotting.snapshot(document).run { rendered = $0 }
    guard let rendered else { return "gridrender could not render the document" }
    if let error = RenderFailure.message(in: rendered) {
        return "gridrender could not render the document (nothing recorded): \(error)"
    }

    let paths = AdapterPaths(file: "\(filePath)", testName: testName, name: name, snapshotDirectory: snapshotDirectory,
                             pathExtension: snapshotting.pathExtension)
    let referenceBefore = try? Data(contentsOf: URL(fileURLWithPath: paths.reference))
    let stored = Snapshotting<Data, Data>(pathExtension: snapshotting.pathExtension, diffing: snapshotting.diffing)
    let artifacts = ArtifactWriter(directory: SnapshotPaths.artifactsDirectory(testFile: "\(filePath)")
                                       + "/" + SnapshotPaths.testFileStem("\(filePath)"),
                                   stem: paths.stem, pathExtension: snapshotting.pathExtension.map { ".\($0)" } ?? "")
    guard let failure = verifySnapshot(
        of: rendered, as: stored, named: paths.identifier, record: record, snapshotDirectory: paths.directory,
        timeout: timeout, fileID: fileID, file: filePath, testName: testName, line: line, column: column)
    else {
        artifacts.clearStale()
        return nil
    }
    guard let referenceBefore, failure.contains("does not match reference") else { return failure }

    var message = failure.trimmingCharacters(in: .whitespacesAndNewlines)
    var written: [(String, String)] = []
    if let path = artifacts.write(role: "expected", data: referenceBefore) { written.append(("expected", path)) }
    if let path = artifacts.write(actual: MaskedPNG.split(rendered).png) { written.append(("actual", path)) }
    var geometry: GridSnapshot.ComparisonResult.Geometry?
    if let (_, attachments) = snapshotting.diffing.diffV2(referenceBefore, rendered) {
        for case .data(let data, let attachmentName) in attachments {
            // `diff.png`, `comparison.json`, an SVG's rasters `expected.png` …: role, then extension.
            let parts = attachmentName.split(separator: ".", maxSplits: 1).map(String.init)
            let role = parts.first ?? "diff", pathExtension = parts.count > 1 ? "." + parts[1] : ".png"
            if role == "comparison" { geometry = try? JSONDecoder().decode(GridSnapshot.ComparisonResult.Geometry.self, from: data) }
            if let path = artifacts.write(role: role, data: data, pathExtension: pathExtension) { written.append((role, path)) }
        }
    }
    for (role, path) in written { message += "\n\(role): \(path)" }
    // The page shows pictures: the PNG files (a PNG snapshot's own, an SVG's rasters).
    func picture(_ role: String) -> String? { written.first { $0.0 == role && $0.1.hasSuffix(".png") }?.1 }
    artifacts.report(message: message, expected: picture("expected"), actual: picture("actual"), diff: picture("diff"),
                     reference: paths.reference, geometry: geometry, masks: MaskedPNG.split(rendered).masks)
    message += "\nreport: \(artifacts.reportIndexPath)"
    if !failure.contains("automatically recorded") {
        var command = "SNAPSHOT_TESTING_RECORD=failed swift test"
        if let root = SnapshotPaths.packageRoot(forSourceFile: "\(filePath)") {
            command += " --package-path \(SnapshotPaths.shellQuoted(root))"
        }
        message += "\nto accept the change: \(command) --filter \(SnapshotPaths.shellQuoted(SnapshotPaths.testFilter(testName)))"
    }
    return message
}

/// Where swift-snapshot-testing keeps a reference, computed as it does, so the adapter can read
/// the reference before a `record: .failed` run replaces it, and name the artifacts after it.
struct AdapterPaths {
    let directory: String
    let identifier: String
    let stem: String
    let reference: String

    init(file: String, testName: String, name: String?, snapshotDirectory: String?, pathExtension: String?) {
        let fileURL = URL(fileURLWithPath: file)
        directory = snapshotDirectory ?? fileURL.deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__")
            .appendingPathComponent(fileURL.deletingPathExtension().lastPathComponent).path
        // Unnamed snapshots are numbered per test here and passed on as names, so both libraries
        // agree on the file: `<test>.1.png`, `<test>.2.png`, …
        identifier = name.map(Self.sanitize) ?? String(SnapshotPaths.nextIndex(for: "adapter\u{0}" + file + "\u{0}" + testName))
        stem = "\(Self.sanitize(testName)).\(identifier)"
        reference = directory + "/" + stem + (pathExtension.map { ".\($0)" } ?? "")
    }

    /// swift-snapshot-testing's file-name rule: runs of non-word characters become `-`,
    /// trimmed at both ends.
    static func sanitize(_ text: String) -> String {
        text.replacingOccurrences(of: "\\W+", with: "-", options: .regularExpression)
            .replacingOccurrences(of: "^-|-$", with: "", options: .regularExpression)
    }
}
