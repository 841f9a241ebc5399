import Foundation

/// Folders tests write into: each a fresh folder under one folder of this test process
/// (`$TMPDIR/gridrender-tests-PID`), which is removed with everything in it when the process
/// exits (normally: a crashed run leaves its one folder), so a test run leaves nothing behind in
/// the temporary directory whether its tests pass or fail.
public enum TestScratch {
    /// This process's folder of test folders, made on first use; its removal at exit is
    /// registered then.
    private static let root: String = {
        try? FileManager.default.createDirectory(atPath: rootPath, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: TestScratch.rootPath) }
        return rootPath
    }()

    /// The root's path (the exit handler cannot capture it).
    private static let rootPath = NSTemporaryDirectory() + "gridrender-tests-\(getpid())"

    /// A new empty folder named after `label` (and a UUID), as a path without a trailing slash.
    public static func directory(_ label: String) throws -> String {
        let dir = root + "/\(label)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }
}
