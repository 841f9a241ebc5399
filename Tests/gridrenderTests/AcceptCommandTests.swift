import Foundation
import GridSnapshot
import Testing

/// `gridrender accept EXPECTED_DIR ACTUAL_DIR [PATH…] [--prune]`.
@Suite struct AcceptCommandTests {
    static func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test func acceptsChangedAndAddedOnlyWhenPixelsDiffer() throws {
        let dir = try CompareFolderCommandTests.folders()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sameBefore = try Self.bytes(dir + "/expected/same.png")
        let run = try CLI.run(["accept", "expected", "actual"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            kept: old.png (its new image is gone; --prune removes it)
            updated: one.png
            updated: sub/box.svg
            added: sub/new.png
            accepted 2 changed, 1 added, kept 1 without a new image; 4 unchanged

            """)
        // Copied byte for byte; the re-encoded PNG with the same pixels is left alone.
        #expect(try Self.bytes(dir + "/expected/one.png") == Self.bytes(dir + "/actual/one.png"))
        #expect(try Self.bytes(dir + "/expected/sub/new.png") == Self.bytes(dir + "/actual/sub/new.png"))
        #expect(try Self.bytes(dir + "/expected/sub/box.svg") == Self.bytes(dir + "/actual/sub/box.svg"))
        #expect(try Self.bytes(dir + "/expected/same.png") == sameBefore)
        #expect(try Self.bytes(dir + "/expected/same.png") != Self.bytes(dir + "/actual/same.png"))
        #expect(FileManager.default.fileExists(atPath: dir + "/expected/old.png"))
        // No temporary files are left beside the references.
        #expect(!CLI.listing(dir + "/expected").contains { $0.contains(".tmp-") })
        // Afterwards only the removed reference differs.
        let compare = try CLI.run(["compare", "expected", "actual"], in: dir)
        #expect(compare.stdout.hasPrefix("0 changed, 0 added, 1 removed"))
    }

    @Test func pruneRemovesReferencesWithoutNewImage() throws {
        let dir = try CompareFolderCommandTests.folders()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["accept", "expected", "actual", "--prune"], in: dir)
        #expect(run.status == 0)
        #expect(run.stdout.contains("removed: old.png\n"))
        #expect(run.stdout.hasSuffix("accepted 2 changed, 1 added, removed 1; 4 unchanged\n"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/expected/old.png"))
        #expect(try CLI.run(["compare", "expected", "actual"], in: dir).status == 0)
    }

    @Test func pathsLimitTheWork() throws {
        let dir = try CompareFolderCommandTests.folders()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let oneBefore = try Self.bytes(dir + "/expected/one.png")
        let run = try CLI.run(["accept", "expected", "actual", "sub", "--prune"], in: dir)
        #expect(run.status == 0)
        #expect(run.stdout == "updated: sub/box.svg\nadded: sub/new.png\naccepted 1 changed, 1 added, removed 0; 0 unchanged\n")
        #expect(try Self.bytes(dir + "/expected/one.png") == oneBefore)
        #expect(FileManager.default.fileExists(atPath: dir + "/expected/old.png"))
        let glob = try CLI.run(["accept", "--glob", "expected", "actual", "*.png"], in: dir)
        #expect(glob.stdout.contains("updated: one.png\n"))
        let unknown = try CLI.run(["accept", "expected", "actual", "nothing.png"], in: dir)
        CLI.expectOneErrorLine(unknown, containing: ["nothing.png: matches no image"])
    }

    @Test func unreadableImageIsLeftAloneAndExitsTwo() throws {
        let dir = try CompareFolderCommandTests.folders()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("\u{89}PNG\r\n\u{1a}\nbroken".utf8).write(to: URL(fileURLWithPath: dir + "/actual/one.png"))
        let before = try Self.bytes(dir + "/expected/one.png")
        let run = try CLI.run(["accept", "expected", "actual"], in: dir)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: actual/one.png: "))
        #expect(try Self.bytes(dir + "/expected/one.png") == before)
        #expect(FileManager.default.fileExists(atPath: dir + "/expected/sub/new.png"), "the others are still accepted")
    }
}
