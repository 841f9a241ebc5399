import Foundation

/// Compares `value`, snapshotted with `strategy`, against its stored reference and returns a
/// failure message, or nil when it matches. This is the framework-neutral core of
/// `assertSnapshot`; call it directly to report failures your own way.
///
/// - Parameters:
///   - named: the snapshot's name within the test; unnamed snapshots are numbered 1, 2, … in call
///     order. The reference is `<directory>/<testName>.<name>.<pathExtension>`.
///   - record: overrides `SNAPSHOT_RECORD` (see `RecordMode`).
///   - snapshotDirectory: overrides the reference directory (default `<package>/Snapshots/<TestFile>`).
///
/// On a mismatch the expected, actual and diff files are written to the artifacts folder
/// (`SNAPSHOT_ARTIFACTS`, default `<package>/.build/snapshot-artifacts`), the failure is appended
/// to the HTML report there, and the message lists their paths. Recording a reference always
/// returns a failure message asking for a re-run.
public func verifySnapshot<V, F>(
    of value: V,
    as strategy: SnapshotStrategy<V, F>,
    named name: String? = nil,
    record: RecordMode? = nil,
    snapshotDirectory: String? = nil,
    file: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line
) -> String? {
    verifySnapshot(of: value, as: strategy, named: name, record: record, snapshotDirectory: snapshotDirectory,
                   testFile: "\(file)", testName: testName,
                   environment: ProcessInfo.processInfo.environment)
}

/// The implementation, with the environment passed in so tests can vary `SNAPSHOT_RECORD`, `CI`
/// and `SNAPSHOT_ARTIFACTS` without touching the process environment (tests run in parallel).
func verifySnapshot<V, F>(
    of value: V,
    as strategy: SnapshotStrategy<V, F>,
    named name: String?,
    record: RecordMode?,
    snapshotDirectory: String?,
    testFile: String,
    testName: String,
    environment: [String: String]
) -> String? {
    let mode: RecordMode
    do { mode = try record ?? RecordMode.fromEnvironment(environment) } catch { return "\(error)" }

    let directory = SnapshotPaths.referenceDirectory(testFile: testFile, override: snapshotDirectory)
    let test = SnapshotPaths.sanitize(testName)
    let identifier = name.map(SnapshotPaths.sanitize)
        ?? String(SnapshotPaths.nextIndex(for: testFile + "\u{0}" + testName))
    let stem = "\(test).\(identifier)"
    let pathExtension = strategy.pathExtension.map { ".\($0)" } ?? ""
    let referencePath = "\(directory)/\(stem)\(pathExtension)"
    let artifacts = ArtifactWriter(directory: SnapshotPaths.artifactsDirectory(testFile: testFile, environment: environment)
                                       + "/" + SnapshotPaths.testFileStem(testFile),
                                   stem: stem, pathExtension: pathExtension)
    let accept = SnapshotPaths.acceptCommand(packageRoot: SnapshotPaths.packageRoot(forSourceFile: testFile),
                                             filter: SnapshotPaths.testFilter(testName))
    return verifySnapshot(of: value, as: strategy, referencePath: referencePath, stem: stem, artifacts: artifacts,
                          mode: mode, record: record, environment: environment, acceptCommand: accept)
}

/// The comparison itself, once the reference path, the artifacts folder and the record mode are
/// known; shared by the test-named form above and `verifySnapshot(of:as:reference:)`.
func verifySnapshot<V, F>(
    of value: V,
    as strategy: SnapshotStrategy<V, F>,
    referencePath: String,
    stem: String,
    artifacts: ArtifactWriter,
    mode: RecordMode,
    record: RecordMode?,
    environment: [String: String],
    acceptCommand: (RecordMode) -> String
) -> String? {
    let pathExtension = artifacts.pathExtension
    let diffing = strategy.diffing

    let actual: F
    let actualData: Data
    var masks: [ComparisonResult.Rect] = []
    do {
        actual = try strategy.snapshot(value)
        actualData = try diffing.toData(actual)
        if let resolve = strategy.masks {
            masks = try resolve(value, actual)
            guard diffing.maskedDiff != nil else { throw ImageError("masks are only for pixel comparisons (.png)") }
        }
    } catch {
        return "could not take snapshot \(stem): \(error)"
    }

    func recordReference(_ why: String) -> String {
        do {
            try FileIO.write(actualData, to: referencePath)
        } catch {
            return "could not record reference snapshot: \(error)"
        }
        return "\(why): recorded new reference snapshot at \(referencePath); inspect it and re-run the test (recording always fails the test)"
    }

    // No reference yet.
    guard FileManager.default.fileExists(atPath: referencePath) else {
        if mode == .never {
            let written = artifacts.write(actual: actualData)
            var message = "no reference snapshot at \(referencePath) (SNAPSHOT_RECORD=never"
            message += environment["CI"] != nil && record == nil ? ", the default under CI)" : ")"
            message += "; record one locally with SNAPSHOT_RECORD=missing and commit it"
            if let written { message += "\nactual: \(written)" }
            artifacts.report(message: message, expected: nil, actual: written, diff: nil, reference: referencePath)
            return message + "\nreport: \(artifacts.reportIndexPath)\nto record it: \(acceptCommand(.missing))"
        }
        return recordReference("no reference snapshot")
    }

    // A reference exists: read it.
    let referenceData: Data
    let expected: F
    do {
        referenceData = try FileIO.read(referencePath)
        expected = try diffing.fromData(referenceData)
    } catch {
        if mode == .failed || mode == .all {
            return recordReference("unreadable reference snapshot (\(error))")
        }
        return "reference snapshot \(referencePath) is unreadable: \(error)\nto re-record it: \(acceptCommand(.failed))"
    }

    if mode == .all {
        if diffing.isUnchanged(expected, actual) {
            return "SNAPSHOT_RECORD=all: reference snapshot \(referencePath) is unchanged and was not rewritten; unset SNAPSHOT_RECORD and re-run the test (recording always fails the test)"
        }
        return recordReference("SNAPSHOT_RECORD=all")
    }

    let compared = masks.isEmpty ? diffing.diff(expected, actual) : diffing.maskedDiff?(expected, actual, masks)
    guard let (difference, attachments) = compared else {
        artifacts.clearStale()
        return nil
    }

    let expectedPath = artifacts.write(role: "expected", data: referenceData)
    let actualPath = artifacts.write(actual: actualData)
    var attachmentPaths: [(String, String)] = []
    for attachment in attachments {
        if let path = artifacts.write(role: attachment.name, data: attachment.data,
                                      pathExtension: "." + attachment.pathExtension) {
            attachmentPaths.append((attachment.name, path))
        }
    }
    var message = "snapshot \(stem) does not match its reference \(referencePath)\n\(difference)"
    if let expectedPath { message += "\nexpected: \(expectedPath)" }
    if let actualPath { message += "\nactual:   \(actualPath)" }
    for (name, path) in attachmentPaths { message += "\n\(name): \(path)" }
    // The page shows pictures: the files themselves for PNG, the rasters of an SVG or PDF.
    func picture(_ role: String) -> String? { attachmentPaths.first { $0.0 == role && $0.1.hasSuffix(".png") }?.1 }
    let geometry = attachments.first { $0.name == "comparison" && $0.pathExtension == "json" }
        .flatMap { try? JSONDecoder().decode(ComparisonResult.Geometry.self, from: $0.data) }
    artifacts.report(message: message, expected: pathExtension == ".png" ? expectedPath : picture("expected"),
                     actual: pathExtension == ".png" ? actualPath : picture("actual"), diff: picture("diff"),
                     reference: referencePath, geometry: geometry, masks: masks)
    message += "\nreport: \(artifacts.reportIndexPath)"

    if mode == .failed {
        if diffing.isUnchanged(expected, actual) { return message }
        return message + "\n" + recordReference("SNAPSHOT_RECORD=failed")
    }
    return message + "\nto accept the change: \(acceptCommand(.failed))"
}
