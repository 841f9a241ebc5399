import Foundation
import Testing
@testable import GridSnapshot

/// `Shard`: the parts of generated folders partition them exactly, deterministically and evenly
/// (by a hash of the path, so within a few standard deviations of 1/N, not by count), adding a
/// file moves no other, and `I/N` and the Kubernetes variables are read strictly.
@Suite struct ShardTests {
    static func paths(_ count: Int, seed: Int) -> [String] {
        (0 ..< count).map { i in
            let folder = ["", "tables/", "themes/dark/", "a/b/c/"][(i + seed) % 4]
            return folder + "image-\(i * 7 + seed)" + [".png", ".svg", ".pdf"][i % 3]
        }
    }

    @Test(arguments: [(1, 10), (2, 1_000), (3, 997), (4, 10_000), (7, 5_000), (16, 10_000)])
    func partsPartitionAFolder(count: Int, files: Int) {
        let paths = Self.paths(files, seed: count)
        var owners = [String: Int]()
        for index in 1 ... count {
            for path in paths where Shard(index: index, count: count).contains(path) {
                #expect(owners.updateValue(index, forKey: path) == nil, "\(path) in two parts")
            }
        }
        #expect(owners.count == paths.count, "every file in one part")
        // Balanced as a hash is: each part within 5 standard deviations of files/count.
        let expected = Double(files) / Double(count)
        let deviation = (expected * (1 - 1 / Double(count))).squareRoot()
        for index in 1 ... count {
            let size = owners.values.filter { $0 == index }.count
            #expect(abs(Double(size) - expected) <= 5 * deviation + 1, "part \(index)/\(count): \(size) of \(files)")
        }
    }

    @Test func addingAFileMovesOnlyThatFile() {
        let before = Self.paths(2_000, seed: 3)
        let after = before + ["new/one.png", "zz.png", "a.png"]
        for count in [2, 4, 9] {
            for path in before {
                #expect(Shard.part(of: path, count: count) == Shard.part(of: path, count: count))
            }
            let parts = Dictionary(uniqueKeysWithValues: after.map { ($0, Shard.part(of: $0, count: count)) })
            for path in before { #expect(parts[path] == Shard.part(of: path, count: count)) }
        }
    }

    /// Pinned values: every machine of a CI matrix, whatever its platform, splits alike.
    @Test func partsArePinned() {
        let pinned = ["a.png", "tables/people.png", "themes/dark/wide.svg", "x.pdf"].map { Shard.part(of: $0, count: 4) }
        #expect(pinned == Self.pinnedParts, "\(pinned)")
    }
    static let pinnedParts = [3, 1, 2, 3]

    @Test func shardArgumentIsStrict() throws {
        #expect(try Shard.parse("1/4") == Shard(index: 1, count: 4))
        #expect(try Shard.parse("4/4") == Shard(index: 4, count: 4))
        for bad in ["0/4", "5/4", "1/0", "-1/4", "1/4/2", "a/b", "", "1", "1/", "/4", " 1/4", "1/100001"] {
            #expect(throws: ImageError.self, "\(bad)") { try Shard.parse(bad) }
        }
    }

    @Test func kubernetesIndexIsZeroBased() throws {
        #expect(try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "0", "JOB_COMPLETIONS": "3"]) == Shard(index: 1, count: 3))
        #expect(try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "2", "JOB_COMPLETIONS": "3"]) == Shard(index: 3, count: 3))
        #expect(try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "2"]) == nil)
        #expect(try Shard.fromEnvironment([:]) == nil)
        for bad in [("3", "3"), ("-1", "3"), ("x", "3"), ("0", "0")] {
            #expect(throws: ImageError.self) { try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": bad.0, "JOB_COMPLETIONS": bad.1]) }
        }
    }
}
