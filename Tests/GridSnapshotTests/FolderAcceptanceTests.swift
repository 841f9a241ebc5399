import Foundation
import Testing
@testable import GridSnapshot

/// `FolderAcceptance`: PATHs are literal unless `glob`; `accept(entries)` writes exactly the
/// entries a comparison reported changed or added (and removes the removed ones with `prune`).
@Suite struct FolderAcceptanceTests {
    static func pair(_ path: String) -> FolderComparison.Pair { .init(path: path, kind: .png, inExpected: true, inActual: true) }
    static let pairs = ["*.png", "[ab].png", "?.png", "a.png", "b.png", "sub/c.png", "sub/d.png", "subway.png"].map(pair)

    @Test(arguments: [
        ("*.png", false, ["*.png"]), ("*.png", true, ["*.png", "?.png", "[ab].png", "a.png", "b.png", "sub/c.png", "sub/d.png", "subway.png"]),
        ("[ab].png", false, ["[ab].png"]), ("[ab].png", true, ["[ab].png", "a.png", "b.png"]),
        ("?.png", false, ["?.png"]), ("?.png", true, ["?.png", "*.png", "a.png", "b.png"]),
        ("sub", false, ["sub/c.png", "sub/d.png"]), ("sub/", false, ["sub/c.png", "sub/d.png"]), ("./a.png", false, ["a.png"]),
    ])
    func selection(path: String, glob: Bool, expected: [String]) throws {
        let chosen = try FolderAcceptance.select(Self.pairs, paths: [path], glob: glob).map(\.path)
        #expect(Set(chosen) == Set(expected), "\(path) glob \(glob): \(chosen)")
    }

    @Test func aPathMatchingNothingIsAnError() {
        #expect(throws: ImageError.self) { try FolderAcceptance.select(Self.pairs, paths: ["*.svg"], glob: false) }
    }

    /// Every status, with and without prune: only changed and added are copied, removed deleted
    /// only with prune, unchanged and error entries leave the reference as it is.
    @Test(arguments: [false, true]) func acceptFollowsTheEntries(prune: Bool) throws {
        let dir = NSTemporaryDirectory() + "accept-entries-\(getpid())-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for side in ["e", "a"] { try FileManager.default.createDirectory(atPath: dir + "/" + side, withIntermediateDirectories: true) }
        let statuses: [FolderComparison.Status] = [.changed, .added, .removed, .unchanged, .error]
        for status in statuses {
            if status != .added { try Data("old \(status)".utf8).write(to: URL(fileURLWithPath: dir + "/e/\(status).png")) }
            if status != .removed { try Data("new \(status)".utf8).write(to: URL(fileURLWithPath: dir + "/a/\(status).png")) }
        }
        let entries = statuses.map { FolderComparison.Entry(path: "\($0).png", kind: .png, status: $0) }
        let outcomes = FolderAcceptance.accept(entries, expected: dir + "/e", actual: dir + "/a", prune: prune)
        #expect(outcomes.map(\.action) == [.updated, .added, prune ? .removed : .kept, .unchanged, .error])
        func text(_ name: String) -> String? { FileManager.default.contents(atPath: dir + "/e/" + name).map { String(decoding: $0, as: UTF8.self) } }
        #expect(text("changed.png") == "new changed")
        #expect(text("added.png") == "new added")
        #expect(text("removed.png") == (prune ? nil : "old removed"))
        #expect(text("unchanged.png") == "old unchanged")
        #expect(text("error.png") == "old error")
    }
}
