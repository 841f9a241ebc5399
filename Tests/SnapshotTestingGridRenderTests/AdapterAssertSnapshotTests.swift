import Foundation
import GridDocument
import GridSnapshotTesting
import SnapshotTesting
@testable import SnapshotTestingGridRender
import Testing
import XCTest
import GridTestSupport

/// The adapter's `assertSnapshot` with GridSnapshotTesting imported too: `.png` is not
/// ambiguous (the adapter's overload is the most specific), a render error fails without
/// recording anything, and a mismatch writes expected, actual and diff to the artifacts folder.
final class AdapterAssertSnapshotTests: XCTestCase {
    static let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__/DocumentSnapshotTests").path

    /// Compiles only while `.png` resolves with both libraries imported; compares with the
    /// reference DocumentSnapshotTests recorded for the same document.
    func testBothLibrariesImported() throws {
        let document = try Document.decode(json: Array(DocumentSnapshotTests.json.utf8))
        assertSnapshot(of: document, as: .png, named: "1", record: .never,
                       snapshotDirectory: Self.references, testName: "testPNG")
    }
}

@Suite struct AdapterFailureTests {
    static func scratch() throws -> String {
        try TestScratch.directory("adapter")
    }

    /// The adapter's check without reporting, so a deliberate failure prints nothing.
    static func verify(_ document: Document, _ strategy: Snapshotting<Document, Data>,
                       record: SnapshotTestingConfiguration.Record, directory: String, test: String) -> String? {
        verifyDocumentSnapshot(of: document, as: strategy, named: "1", record: record, snapshotDirectory: directory,
                               timeout: 5, fileID: #fileID, file: #filePath, testName: test, line: #line, column: #column)
    }

    @Test func renderErrorFailsAndRecordsNothing() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var document = try Document.decode(json: Array(#"{"data": {"rows": [[1]]}}"#.utf8))
        document.theme = .named("no-such-theme")
        let message = Self.verify(document, .png, record: .all, directory: dir, test: "broken")
        #expect(message?.contains("could not render the document (nothing recorded)") == true)
        #expect(message?.contains("unknown theme") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test func mismatchWritesArtifactsAndTheAcceptCommand() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // GridSnapshot's artifacts folder (the process environment is shared by every test, so
        // SNAPSHOT_ARTIFACTS is read, not set).
        var root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root = root.deletingLastPathComponent()
        }
        let artifacts = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"].map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            ?? root.appendingPathComponent(".build/snapshot-artifacts").path
        for role in ["expected", "actual", "diff"] {
            try? FileManager.default.removeItem(atPath: "\(artifacts)/AdapterAssertSnapshotTests/mismatch.1.\(role).png")
        }
        let original = try Document.decode(json: Array(DocumentSnapshotTests.json.utf8))
        var changed = original
        changed.title = "Changed"
        let strategy = Snapshotting<Document, Data>.png
        var reference = Data()
        strategy.snapshot(original).run { reference = $0 }
        try reference.write(to: URL(fileURLWithPath: dir + "/mismatch.1.png"))
        let message = try #require(Self.verify(changed, strategy, record: .never, directory: dir, test: "mismatch"))
        #expect(message.contains("does not match reference"))
        #expect(message.split(separator: "\n").last?.hasPrefix("to accept the change: SNAPSHOT_TESTING_RECORD=failed swift test") == true)
        for role in ["expected", "actual", "diff"] {
            #expect(FileManager.default.fileExists(atPath: "\(artifacts)/AdapterAssertSnapshotTests/mismatch.1.\(role).png"), "\(role)")
        }
    }
}
