import Foundation
import Testing
@testable import GridSnapshot
import GridSnapshotTesting

/// verifySnapshot in a temporary folder: references in `refs/`, artifacts in `artifacts/`.
@Suite struct RecordModeTests {
    let dir = TemporaryDirectory()
    var refs: String { dir.file("refs") }
    var environment: [String: String] { ["SNAPSHOT_ARTIFACTS": dir.file("artifacts")] }
    let testFile = "/virtual/Tests/MyTests/TableTests.swift"

    func verify(_ image: RGBAImage, record: RecordMode?, name: String = "table",
                options: ComparisonOptions = .strict, environment extra: [String: String] = [:]) -> String? {
        verifySnapshot(of: image, as: .png(options), named: name, record: record, snapshotDirectory: refs,
                       testFile: testFile, testName: "testTable()",
                       environment: environment.merging(extra) { $1 })
    }

    var referencePath: String { refs + "/testTable.table.png" }

    func inodeAndDate(_ path: String) throws -> (Int, Date) {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return ((attributes[.systemFileNumber] as! NSNumber).intValue, attributes[.modificationDate] as! Date)
    }

    @Test func missingRecordsAndFailsThenPasses() throws {
        defer { dir.remove() }
        let image = TestImages.gradient(16, 8)
        let first = try #require(verify(image, record: .missing))
        #expect(first.contains("recorded new reference snapshot at \(referencePath)"))
        #expect(first.contains("re-run"))
        #expect(try RGBAImage(contentsOfPNGFile: referencePath) == image)
        // The retry passes only because a reference now exists, not because of the retry itself.
        #expect(verify(image, record: .missing) == nil)
    }

    @Test func neverFailsWithoutWriting() throws {
        defer { dir.remove() }
        let message = try #require(verify(TestImages.gradient(4, 4), record: .never))
        #expect(message.contains("no reference snapshot at \(referencePath)"))
        #expect(!FileManager.default.fileExists(atPath: referencePath))
        // The actual image is kept as an artifact so it can be inspected or copied.
        let actual = dir.file("artifacts/TableTests/testTable.table.actual.png")
        #expect(message.contains(actual))
        #expect(FileManager.default.fileExists(atPath: actual))
    }

    @Test func environmentChoosesTheMode() throws {
        defer { dir.remove() }
        let image = TestImages.gradient(4, 4)
        // CI set and no SNAPSHOT_RECORD: never.
        #expect(verify(image, record: nil, environment: ["CI": "true"])?.contains("SNAPSHOT_RECORD=never, the default under CI") == true)
        #expect(!FileManager.default.fileExists(atPath: referencePath))
        // An invalid value is reported rather than guessed at.
        #expect(verify(image, record: nil, environment: ["SNAPSHOT_RECORD": "sometimes"])
                == "SNAPSHOT_RECORD=sometimes is not one of never, missing, failed, all")
        // Locally the default is missing: record.
        #expect(verify(image, record: nil)?.contains("recorded new reference") == true)
        #expect(FileManager.default.fileExists(atPath: referencePath))
        #expect(try RecordMode.fromEnvironment([:]) == .missing)
        #expect(try RecordMode.fromEnvironment(["CI": "1"]) == .never)
        #expect(try RecordMode.fromEnvironment(["CI": "1", "SNAPSHOT_RECORD": "all"]) == .all)
        #expect(try RecordMode.fromEnvironment(["SNAPSHOT_RECORD": "FAILED"]) == .failed)
    }

    @Test func mismatchWritesArtifactsAndReportButKeepsReference() throws {
        defer { dir.remove() }
        let expected = TestImages.solid(20, 20)
        try expected.writePNG(to: referencePath)
        var actual = expected
        actual[5, 6] = RGBA(0, 0, 0)
        let message = try #require(verify(actual, record: .missing))
        #expect(message.contains("1 of 400 pixels differ"))
        let base = dir.file("artifacts/TableTests/testTable.table")
        for suffix in [".expected.png", ".actual.png", ".diff.png", ".comparison.json"] {
            #expect(message.contains(base + suffix))
            #expect(FileManager.default.fileExists(atPath: base + suffix), "\(suffix)")
        }
        #expect(try RGBAImage(contentsOfPNGFile: base + ".diff.png").width == 60)
        #expect(try RGBAImage(contentsOfPNGFile: referencePath) == expected)
        let html = try String(contentsOfFile: dir.file("artifacts/index.html"), encoding: .utf8)
        #expect(html.contains("src=\"TableTests/testTable.table.diff.png\""))
        // Once the snapshot passes again its stale artifacts and report entry go away.
        #expect(verify(expected, record: .missing) == nil)
        #expect(!FileManager.default.fileExists(atPath: base + ".diff.png"))
        #expect(SnapshotReport(directory: dir.file("artifacts")).entries().isEmpty)
        #expect(try String(contentsOfFile: dir.file("artifacts/index.html"), encoding: .utf8).contains("No snapshot failures."))
    }

    @Test func failedRerecordsMismatchesOnly() throws {
        defer { dir.remove() }
        let expected = TestImages.solid(10, 10, RGBA(100, 100, 100))
        try expected.writePNG(to: referencePath)
        let before = try inodeAndDate(referencePath)
        // Within tolerance: passes, nothing rewritten.
        var noise = expected
        noise[1, 1] = RGBA(101, 100, 100)
        #expect(verify(noise, record: .failed) == nil)
        #expect(try inodeAndDate(referencePath) == before)
        // A real difference: recorded, and the assertion fails.
        var changed = expected
        changed[1, 1] = RGBA(0, 0, 0)
        let message = try #require(verify(changed, record: .failed))
        #expect(message.contains("recorded new reference snapshot"))
        #expect(try RGBAImage(contentsOfPNGFile: referencePath) == changed)
        #expect(verify(changed, record: .missing) == nil)
    }

    @Test func allRewritesOnlyChangedPixelsAndAlwaysFails() throws {
        defer { dir.remove() }
        let image = TestImages.gradient(12, 12)
        // Stored with another compression level: different bytes, same pixels.
        try image.writePNG(to: referencePath, compressionLevel: 0)
        let storedBytes = try Data(contentsOf: URL(fileURLWithPath: referencePath))
        #expect(storedBytes != (try image.pngData()))
        let before = try inodeAndDate(referencePath)
        let unchanged = try #require(verify(image, record: .all))
        #expect(unchanged.contains("unchanged and was not rewritten"))
        #expect(try inodeAndDate(referencePath) == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: referencePath)) == storedBytes)

        var changed = image
        changed[0, 0] = RGBA(1, 2, 3)  // within strict's tolerance, but a change of pixels
        let rewritten = try #require(verify(changed, record: .all))
        #expect(rewritten.contains("recorded new reference snapshot"))
        #expect(try RGBAImage(contentsOfPNGFile: referencePath) == changed)
        #expect(try inodeAndDate(referencePath).0 != before.0)  // replaced by rename
    }

    @Test func corruptReferenceIsReportedOrRerecorded() throws {
        defer { dir.remove() }
        try FileManager.default.createDirectory(atPath: refs, withIntermediateDirectories: true)
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: referencePath))
        let image = TestImages.gradient(3, 3)
        let message = try #require(verify(image, record: .missing))
        #expect(message.contains("\(referencePath) is unreadable"))
        #expect(message.contains("not a PNG file"))
        #expect(verify(image, record: .failed)?.contains("recorded new reference") == true)
        #expect(verify(image, record: .never) == nil)
    }

    @Test func unnamedSnapshotsAreNumbered() throws {
        defer { dir.remove() }
        let image = TestImages.gradient(3, 3)
        let testName = "numbered-\(UUID().uuidString)()"
        for _ in 0 ..< 2 {
            _ = verifySnapshot(of: image, as: .png, named: nil, record: .missing, snapshotDirectory: refs,
                               testFile: testFile, testName: testName, environment: environment)
        }
        let stem = String(testName.dropLast(2))
        let files = try FileManager.default.contentsOfDirectory(atPath: refs).sorted()
        #expect(files == ["\(stem).1.png", "\(stem).2.png"])
    }

    @Test func svgTextStrategyStoresNormalisedText() throws {
        defer { dir.remove() }
        let svg = "<svg>\n  <g id=\"surface7\"><use xlink:href=\"#surface7\"/></g>\n</svg>"
        let message = verifySnapshot(of: svg, as: .svgText, named: "grid", record: .missing, snapshotDirectory: refs,
                                     testFile: testFile, testName: "testSVG()", environment: environment)
        #expect(message?.contains("recorded") == true)
        let stored = try String(contentsOfFile: refs + "/testSVG.grid.svg", encoding: .utf8)
        #expect(stored == "<svg>\n<g id=\"id1\">\n<use xlink:href=\"#id1\"/>\n</g>\n</svg>\n")
        // The same drawing from a process whose counter had moved on matches.
        let later = "<svg><g id=\"surface31\"><use xlink:href=\"#surface31\"/></g></svg>"
        #expect(verifySnapshot(of: later, as: .svgText, named: "grid", record: .missing, snapshotDirectory: refs,
                               testFile: testFile, testName: "testSVG()", environment: environment) == nil)
        let changed = "<svg><g id=\"surface31\"><use xlink:href=\"#surface31\" x=\"2\"/></g></svg>"
        let failure = verifySnapshot(of: changed, as: .svgText, named: "grid", record: .missing, snapshotDirectory: refs,
                                     testFile: testFile, testName: "testSVG()", environment: environment)
        // The text diff is a file beside the artifacts, not part of the message.
        #expect(failure?.contains("SVG differs") == true)
        #expect(failure?.contains("<use") == false)
        let textDiff = try String(contentsOfFile: dir.file("artifacts/TableTests/testSVG.grid.text-diff.txt"), encoding: .utf8)
        #expect(textDiff.contains("+ <use xlink:href=\"#id1\" x=\"2\"/>"))
    }

    @Test func pngBytesStrategyAndPullback() throws {
        defer { dir.remove() }
        let image = TestImages.gradient(6, 6)
        try image.writePNG(to: refs + "/testBytes.bytes.png")
        let bytes = try image.pngData(compressionLevel: 9)
        #expect(verifySnapshot(of: bytes, as: .png(.strict), named: "bytes", record: .never, snapshotDirectory: refs,
                               testFile: testFile, testName: "testBytes()", environment: environment) == nil)
        // A custom strategy built by pullback: a size rendered as a solid image.
        let sized = SnapshotStrategy<RGBAImage, RGBAImage>.png(.strict).pullback { (size: Int) in TestImages.gradient(size, size) }
        #expect(verifySnapshot(of: 6, as: sized, named: "bytes", record: .never, snapshotDirectory: refs,
                               testFile: testFile, testName: "testBytes()", environment: environment) == nil)
        #expect(verifySnapshot(of: 7, as: sized, named: "bytes", record: .never, snapshotDirectory: refs,
                               testFile: testFile, testName: "testBytes()", environment: environment)?
            .contains("size mismatch: expected 6x6, actual 7x7") == true)
        // Undecodable bytes fail with the decoder's message.
        #expect(verifySnapshot(of: Data([1, 2, 3]), as: .png, named: "bytes", record: .never, snapshotDirectory: refs,
                               testFile: testFile, testName: "testBytes()", environment: environment)?
            .contains("not a PNG file") == true)
    }

    @Test func assertSnapshotRecordsASwiftTestingIssue() throws {
        defer { dir.remove() }
        let image = TestImages.gradient(5, 5)
        try TestImages.solid(5, 5).writePNG(to: refs + "/assertion.mismatch.png")
        // assertSnapshot = verifySnapshot + reportSnapshotFailure: the message is checked here,
        // the routing to Swift Testing below with a one-line deliberate issue.
        let message = verifySnapshot(of: image, as: .png(.strict), named: "mismatch", record: .never,
                                     snapshotDirectory: refs, testName: "assertion")
        #expect(message?.contains("does not match its reference") == true)
        withKnownIssue("deliberate: reportSnapshotFailure records a Swift Testing issue") {
            reportSnapshotFailure("deliberate snapshot failure")
        } matching: { issue in
            issue.comments.contains { $0.rawValue == "deliberate snapshot failure" }
        }
        try image.writePNG(to: refs + "/assertion.match.png")
        assertSnapshot(of: image, as: .png(.strict), named: "match", record: .never,
                       snapshotDirectory: refs, testName: "assertion")
    }
}

@Suite struct SnapshotPathsTests {
    @Test func defaultReferenceDirectoryIsThePackagesSnapshotsFolder() throws {
        let directory = SnapshotPaths.referenceDirectory(testFile: #filePath, override: nil)
        let root = try #require(SnapshotPaths.packageRoot(forSourceFile: #filePath))
        #expect(FileManager.default.fileExists(atPath: root + "/Package.swift"))
        #expect(directory == root + "/Snapshots/RecordModeTests")
        #expect(SnapshotPaths.referenceDirectory(testFile: "/no/package/here/ATests.swift", override: nil)
                == "/no/package/here/__Snapshots__/ATests")
        #expect(SnapshotPaths.artifactsDirectory(testFile: #filePath, environment: [:]) == root + "/.build/snapshot-artifacts")
    }

    @Test func namesAreSanitised() {
        #expect(SnapshotPaths.sanitize("testTable()") == "testTable")
        #expect(SnapshotPaths.sanitize("dark theme, 2x") == "dark-theme-2x")
        #expect(SnapshotPaths.sanitize("../../etc/passwd") == "etc-passwd")
        #expect(SnapshotPaths.sanitize("()") == "snapshot")
    }
}
