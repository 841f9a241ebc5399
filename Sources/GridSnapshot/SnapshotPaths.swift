import Foundation
import GridDocument

/// Where references and failure artifacts go.
///
/// References: `snapshotDirectory` when given, else `<package>/Snapshots/<TestFile>/` (DESIGN's
/// top-level `Snapshots` folder) found by walking up from the test file to `Package.swift`, else
/// `__Snapshots__/<TestFile>/` beside the test file. Artifacts (expected, actual, diff):
/// `SNAPSHOT_ARTIFACTS`, else `<package>/.build/snapshot-artifacts`, else a temporary directory;
/// both are inside `.build` or outside the repository, so failures never dirty the work tree.
package enum SnapshotPaths {
    package static func packageRoot(forSourceFile file: String) -> String? {
        var url = URL(fileURLWithPath: file).deletingLastPathComponent()
        while url.path != "/" && !url.path.isEmpty {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url.path
            }
            url = url.deletingLastPathComponent()
        }
        return nil
    }

    package static func testFileStem(_ file: String) -> String {
        URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    }

    package static func referenceDirectory(testFile: String, override: String?) -> String {
        if let override { return override }
        let stem = testFileStem(testFile)
        if let root = packageRoot(forSourceFile: testFile) { return root + "/Snapshots/" + stem }
        return URL(fileURLWithPath: testFile).deletingLastPathComponent().path + "/__Snapshots__/" + stem
    }

    package static func artifactsDirectory(testFile: String,
                                   environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let configured = environment["SNAPSHOT_ARTIFACTS"], !configured.isEmpty {
            return URL(fileURLWithPath: configured).standardizedFileURL.path
        }
        if let root = packageRoot(forSourceFile: testFile) { return root + "/.build/snapshot-artifacts" }
        return URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("snapshot-artifacts").path
    }

    /// The command that re-runs the failing test with `mode` (`failed` accepts a changed
    /// snapshot, `missing` records an absent one), from the package root:
    /// `SNAPSHOT_RECORD=failed swift test --package-path /src/app --filter citiesTable`.
    package static func acceptCommand(packageRoot: String?, filter: String) -> (RecordMode) -> String {
        { mode in
            var command = "SNAPSHOT_RECORD=\(mode.rawValue) swift test"
            if let packageRoot { command += " --package-path \(shellQuoted(packageRoot))" }
            return command + " --filter \(shellQuoted(filter))"
        }
    }

    /// The `--filter` pattern for a test: its name without the `()` (`citiesTable()` → `citiesTable`).
    package static func testFilter(_ testName: String) -> String {
        let name = testName.split(separator: "(").first.map(String.init) ?? testName
        return name.isEmpty ? sanitize(testName) : name
    }

    /// `text` as one shell word (`ShellWord.quoted`, the project's one shell quoting).
    package static func shellQuoted(_ text: String) -> String { ShellWord.quoted(text) }

    /// Letters, digits, `_` and `-` kept; any other run of characters becomes one `-`
    /// (`testTable()` → `testTable`, `dark theme, 2x` → `dark-theme-2x`).
    package static func sanitize(_ name: String) -> String {
        var out = ""
        var pendingDash = false
        for scalar in name.unicodeScalars {
            let keep = (scalar.properties.isAlphabetic || ("0" ... "9").contains(scalar) || scalar == "_"
                        || scalar == "-") && scalar.isASCII
            if keep {
                if pendingDash && !out.isEmpty { out.append("-") }
                pendingDash = false
                out.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return out.isEmpty ? "snapshot" : out
    }

    /// Unnamed snapshots in one test are numbered 1, 2, … in call order within this process.
    private static let counterLock = NSLock()
    nonisolated(unsafe) private static var counters: [String: Int] = [:]

    package static func nextIndex(for key: String) -> Int {
        counterLock.lock()
        defer { counterLock.unlock() }
        let next = (counters[key] ?? 0) + 1
        counters[key] = next
        return next
    }
}
