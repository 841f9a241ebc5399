import Foundation
import GridDocument
import SnapshotTesting
@testable import SnapshotTestingGridRender
import Testing

/// An SVG snapshot that differs, through swift-snapshot-testing: the message says what changed in
/// one line instead of printing glyph paths, and the rasters (expected, actual, diff) and the
/// statistics are written to the artifacts folder, the review page showing them boxed.
@Suite struct AdapterSVGFailureTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert"), "rsvg-convert not installed"))
    func svgFailureIsOneLineWithRasters() throws {
        let dir = try AdapterFailureTests.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root = root.deletingLastPathComponent()
        }
        let artifacts = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"].map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            ?? root.appendingPathComponent(".build/snapshot-artifacts").path
        // `AdapterFailureTests.verify` passes its own file, so the artifacts are named after it.
        let base = "\(artifacts)/AdapterAssertSnapshotTests/svgMismatch.1"
        for file in [".expected.png", ".actual.png", ".diff.png", ".comparison.json", ".text-diff.txt"] {
            try? FileManager.default.removeItem(atPath: base + file)
        }
        let original = try Document.decode(json: Array(DocumentSnapshotTests.json.utf8))
        var changed = original
        changed.title = "Changed"
        let strategy = Snapshotting<Document, Data>.svg
        var reference = Data()
        strategy.snapshot(original).run { reference = $0 }
        try reference.write(to: URL(fileURLWithPath: dir + "/svgMismatch.1.svg"))
        let message = try #require(AdapterFailureTests.verify(changed, strategy, record: .never, directory: dir, test: "svgMismatch"))
        let summary = message.split(separator: "\n").filter { $0.contains("SVG differs") }
        #expect(summary.count == 1, "\(message)")
        #expect(summary.first?.range(of: #"SVG differs: [0-9,]+ pixels \([0-9.<]+%\) in box [0-9]+,[0-9]+ [0-9]+×[0-9]+"#,
                                     options: .regularExpression) != nil, "\(message)")
        #expect(!message.contains("<path") && !message.contains("<use") && !message.contains("<symbol"), "\(message)")
        for file in [".expected.png", ".actual.png", ".diff.png", ".comparison.json", ".text-diff.txt"] {
            #expect(FileManager.default.fileExists(atPath: base + file), "\(file)")
        }
        let html = try String(contentsOfFile: artifacts + "/index.html", encoding: .utf8)
        #expect(html.contains("src=\"AdapterAssertSnapshotTests/svgMismatch.1.diff.png\""))
        #expect(html.contains("<div class=\"view zoom") && html.contains("data-box=\""))
    }
}
