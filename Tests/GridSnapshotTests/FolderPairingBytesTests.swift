import Foundation
import Testing
@testable import GridSnapshot
import GridTestSupport

/// `FolderComparison.pairs` pairs images by the bytes of their relative paths. Swift's `String`
/// equality is canonical equivalence, so `café` written precomposed (NFC) and decomposed (NFD)
/// compared equal: a folder holding both compared one and silently dropped the other (exit 0),
/// and a reference in one form with its new image in the other was paired with a file that did
/// not exist (unreadable, exit 2) instead of being reported removed and added.
@Suite struct FolderPairingBytesTests {
    /// Canonically equivalent, byte-different spellings of one name (each pair: two files on Linux).
    static let spellings: [(String, String)] = [
        ("caf\u{E9}", "cafe\u{301}"),            // é precomposed / e + combining acute
        ("\u{C5}ngstr\u{F6}m", "A\u{30A}ngstro\u{308}m"),
        ("\u{212B}", "\u{C5}"),                  // ANGSTROM SIGN / Å
        ("\u{D55C}", "\u{1112}\u{1161}\u{11AB}"), // Hangul syllable / its jamo
        ("sub\u{F1}/x", "subn\u{303}/x"),        // the folder name differs, the file name not
    ]

    static func png(_ path: String, dot: Int) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var image = RGBAImage(width: 8, height: 8, fill: RGBA(255, 255, 255))
        image[dot, dot] = RGBA(0, 0, 0)
        try image.writePNG(to: path)
    }

    static func scratch() throws -> String {
        let dir = try TestScratch.directory("pair-bytes")
        for side in ["e", "a"] { try FileManager.default.createDirectory(atPath: dir + "/" + side, withIntermediateDirectories: true) }
        return dir
    }

    /// The reference in one form, the new image in the other: one removed and one added.
    @Test(arguments: spellings)
    func equivalentNamesInTheTwoFoldersAreTwoImages(_ names: (String, String)) throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.png(dir + "/e/" + names.0 + ".png", dot: 1)
        try Self.png(dir + "/a/" + names.1 + ".png", dot: 1)
        let pairs = try FolderComparison.pairs(expected: dir + "/e", actual: dir + "/a")
        #expect(pairs.count == 2, "\(pairs)")
        let statuses = pairs.map { FolderComparison.compare($0, expected: dir + "/e", actual: dir + "/a", options: .strict).status }
        #expect(Set(statuses) == [.removed, .added], "\(statuses)")
    }

    /// Both forms beside each other in the new folder, the reference in one: both compared, the
    /// other form reported added (and a difference in it reported, not dropped).
    @Test(arguments: spellings)
    func equivalentNamesInOneFolderAreBothCompared(_ names: (String, String)) throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.png(dir + "/e/" + names.0 + ".png", dot: 1)
        try Self.png(dir + "/a/" + names.0 + ".png", dot: 1)
        try Self.png(dir + "/a/" + names.1 + ".png", dot: 2)
        let pairs = try FolderComparison.pairs(expected: dir + "/e", actual: dir + "/a")
        #expect(pairs.count == 2, "\(pairs)")
        let entries = pairs.map { FolderComparison.compare($0, expected: dir + "/e", actual: dir + "/a", options: .strict) }
        #expect(entries.map(\.status).sorted { $0.rawValue < $1.rawValue } == [.added, .unchanged], "\(entries.map(\.status))")
    }
}
