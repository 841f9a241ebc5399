import Foundation

/// Where references and failure artifacts go.
///
/// References: `snapshotDirectory` when given, else `<package>/Snapshots/<TestFile>/` (DESIGN's
/// top-level `Snapshots` folder) found by walking up from the test file to `Package.swift`, else
/// `__Snapshots__/<TestFile>/` beside the test file. Artifacts (expected, actual, diff):
/// `SNAPSHOT_ARTIFACTS`, else `<package>/.build/snapshot-artifacts`, else a temporary directory;
/// both are inside `.build` or outside the repository, so failures never dirty the work tree.
enum SnapshotPaths {
    static func packageRoot(forSourceFile file: String) -> String? {
        var url = URL(fileURLWithPath: file).deletingLastPathComponent()
        while url.path != "/" && !url.path.isEmpty {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url.path
            }
            url = url.deletingLastPathComponent()
        }
        return nil
    }

    static func testFileStem(_ file: String) -> String {
        URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    }

    static func referenceDirectory(testFile: String, override: String?) -> String {
        if let override { return override }
        let stem = testFileStem(testFile)
        if let root = packageRoot(forSourceFile: testFile) { return root + "/Snapshots/" + stem }
        return URL(fileURLWithPath: testFile).deletingLastPathComponent().path + "/__Snapshots__/" + stem
    }

    static func artifactsDirectory(testFile: String,
                                   environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let configured = environment["SNAPSHOT_ARTIFACTS"], !configured.isEmpty {
            return URL(fileURLWithPath: configured).standardizedFileURL.path
        }
        if let root = packageRoot(forSourceFile: testFile) { return root + "/.build/snapshot-artifacts" }
        return URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("snapshot-artifacts").path
    }

    /// Letters, digits, `_` and `-` kept; any other run of characters becomes one `-`
    /// (`testTable()` → `testTable`, `dark theme, 2x` → `dark-theme-2x`).
    static func sanitize(_ name: String) -> String {
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

    static func nextIndex(for key: String) -> Int {
        counterLock.lock()
        defer { counterLock.unlock() }
        let next = (counters[key] ?? 0) + 1
        counters[key] = next
        return next
    }
}
