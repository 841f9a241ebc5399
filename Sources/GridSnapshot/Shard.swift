import Foundation
import GridDocument

/// One part of a suite split across machines (`compare DIR DIR --shard I/N`, as Playwright's
/// `--shard=1/4`): the inputs whose relative path hashes to this part.
///
/// A path's part depends on its bytes alone (FNV-1a 64, finalised by SplitMix64's mixer, modulo
/// N), never on the other files or their count, so adding a file moves only that file and every
/// machine computes the same split without talking to the others. Parts are balanced as a good
/// hash balances them (each about 1/N of the paths), not by count.
package struct Shard: Sendable, Hashable, Codable, CustomStringConvertible {
    /// 1-based, as written on the command line.
    package var index: Int
    package var count: Int

    package init(index: Int, count: Int) { self.index = index; self.count = count }

    package var description: String { "\(index)/\(count)" }

    /// `I/N` with 1 ≤ I ≤ N (N at most 100000); anything else is one message saying so.
    package static func parse(_ text: String) throws(ImageError) -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              count >= 1, count <= 100_000, index >= 1, index <= count else {
            throw ImageError("--shard: expected I/N with 1 ≤ I ≤ N ≤ 100000 (as 2/4), found \"\(escapeForMessage(text))\"")
        }
        return Shard(index: index, count: count)
    }

    /// Kubernetes Indexed Jobs: `JOB_COMPLETION_INDEX` (0-based) and `JOB_COMPLETIONS`, used only
    /// when both are set (Kubernetes sets the index itself; the count is the job's own setting,
    /// passed on by its template). Nil when either is absent.
    package static func fromEnvironment(_ environment: [String: String]) throws(ImageError) -> Shard? {
        guard let indexText = environment["JOB_COMPLETION_INDEX"], let countText = environment["JOB_COMPLETIONS"] else { return nil }
        guard let index = Int(indexText), let count = Int(countText), count >= 1, count <= 100_000, index >= 0, index < count else {
            throw ImageError("JOB_COMPLETION_INDEX=\(escapeForMessage(indexText)) and JOB_COMPLETIONS=\(escapeForMessage(countText)): expected an index from 0 to the count less one (count 1 to 100000)")
        }
        return Shard(index: index + 1, count: count)
    }

    /// The part (1…count) a relative path belongs to.
    package static func part(of relativePath: String, count: Int) -> Int {
        Int(hash(PathBytes.bytes(relativePath)) % UInt64(count)) + 1
    }

    package func contains(_ relativePath: String) -> Bool { Self.part(of: relativePath, count: count) == index }

    /// FNV-1a over the bytes, then SplitMix64's finaliser, so paths that differ in one late byte
    /// (`a1.png`, `a2.png`) still spread over every part.
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        h = (h ^ (h >> 30)) &* 0xbf58_476d_1ce4_e5b9
        h = (h ^ (h >> 27)) &* 0x94d0_49bb_1331_11eb
        return h ^ (h >> 31)
    }
}

/// What a sharded `compare --json` adds to its report (`"shard"`), so `merge-reports` can check
/// it has every part of one run and publish the merged report as that run would have.
package struct ShardInfo: Sendable, Hashable, Codable {
    package var index: Int
    package var count: Int
    /// The comparison options as `compare` arguments (`FolderReport.compareArguments`).
    package var arguments: [String]
    /// The shard's `--report` folder, as given, where its diff images are; nil without one.
    package var report: String?

    package init(shard: Shard, arguments: [String], report: String?) {
        index = shard.index; count = shard.count; self.arguments = arguments; self.report = report
    }

    package var shard: Shard { Shard(index: index, count: count) }

    enum CodingKeys: String, CodingKey { case index, count, arguments, report }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(index, forKey: .index)
        try c.encode(count, forKey: .count)
        try c.encode(arguments, forKey: .arguments)
        try c.encode(report, forKey: .report)
    }
}
