import Foundation

/// Compares `value`, snapshotted with `strategy`, against the reference file at `reference` (any
/// path, for suites whose references are named after their inputs, such as
/// `Snapshots/<fixture>.png`) and returns a failure message, or nil when it matches.
///
/// Record modes, atomic writes, artifacts and the HTML report work as in the test-named
/// `verifySnapshot(of:as:named:)`. Artifacts go to `artifactsDirectory/group/` (default
/// `SNAPSHOT_ARTIFACTS`, else `<package>/.build/snapshot-artifacts`, the package found by walking
/// up from the reference), named after the reference file; the report is
/// `artifactsDirectory/index.html`; a mismatch's message ends with the command that accepts it
/// (`SNAPSHOT_RECORD=failed swift test --filter <group>`).
///
/// - Parameters:
///   - group: the artifacts subfolder (and the report entry's prefix), e.g. the suite's name.
///   - record: overrides `SNAPSHOT_RECORD` (see `RecordMode`).
///   - environment: where `SNAPSHOT_RECORD`, `CI` and `SNAPSHOT_ARTIFACTS` are read.
public func verifySnapshot<V, F>(
    of value: V,
    as strategy: SnapshotStrategy<V, F>,
    reference: String,
    group: String = "references",
    record: RecordMode? = nil,
    artifactsDirectory: String? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment
) -> String? {
    let mode: RecordMode
    do { mode = try record ?? RecordMode.fromEnvironment(environment) } catch { return "\(error)" }
    let url = URL(fileURLWithPath: reference).standardizedFileURL
    let name = url.lastPathComponent
    // The stem keeps any "@2x" but not the format's extension, which the artifacts add back.
    let pathExtension = strategy.pathExtension.map { ".\($0)" } ?? ""
    let stem = !pathExtension.isEmpty && name.hasSuffix(pathExtension) ? String(name.dropLast(pathExtension.count)) : name
    let root = artifactsDirectory ?? SnapshotPaths.artifactsDirectory(testFile: url.path, environment: environment)
    let artifacts = ArtifactWriter(directory: root + "/" + SnapshotPaths.sanitize(group), stem: stem, pathExtension: pathExtension)
    let accept = SnapshotPaths.acceptCommand(packageRoot: SnapshotPaths.packageRoot(forSourceFile: url.path),
                                             filter: SnapshotPaths.sanitize(group))
    return verifySnapshot(of: value, as: strategy, referencePath: url.path, stem: stem, artifacts: artifacts,
                          mode: mode, record: record, environment: environment, acceptCommand: accept)
}
