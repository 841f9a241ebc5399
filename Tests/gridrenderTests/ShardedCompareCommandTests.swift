import Foundation
import GridSnapshot
import Testing

/// `compare DIR DIR --shard I/N` and `merge-reports`: the parts of a generated folder pair cover
/// every pair exactly once; merged, their reports are the unsharded run's (`report.json` byte for
/// byte, `junit.xml` and `summary.md` too) and exit as it does; parts missing, repeated or of
/// another run are one error line, exit 2.
@Suite struct ShardedCompareCommandTests {
    static func png(_ path: String, red: Int) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var pixels = [UInt8](repeating: 255, count: 6 * 4 * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) { pixels[i] = UInt8(red % 256) }
        try RGBAImage(width: 6, height: 4, pixels: pixels).writePNG(to: path, compressionLevel: 1)
    }

    /// `files` pairs under nested folders: some changed, some only in one folder.
    static func folders(_ files: Int, changed: Bool = true) throws -> String {
        let dir = try CLI.scratch("shards")
        for i in 0 ..< files {
            let path = (i % 3 == 0 ? "nested/deeper/" : i % 3 == 1 ? "nested/" : "") + "t\(i).png"
            if !changed || i % 13 != 0 { try png(dir + "/ref/" + path, red: i) }
            if !changed || i % 17 != 5 { try png(dir + "/new/" + path, red: changed && i % 7 == 0 ? i + 1 : i) }
        }
        return dir
    }

    static func entries(_ json: String) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try #require(object["entries"] as? [[String: Any]]).map { $0["path"] as! String }
    }

    @Test(arguments: [(4, 60), (3, 25), (1, 5), (5, 120)])
    func shardsCoverEveryPairOnceAndMergeToTheUnshardedRun(count: Int, files: Int) throws {
        let dir = try Self.folders(files)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let whole = try CLI.run(["compare", "ref", "new", "--json", "--junit", "whole.xml", "--markdown", "whole.md", "--preset", "perceptual"], in: dir)
        #expect(whole.status == 1, "\(whole.stderr)")
        var seen: [String] = []
        var shardFiles: [String] = []
        for index in 1 ... count {
            let run = try CLI.run(["compare", "ref", "new", "--json", "--preset", "perceptual", "--shard", "\(index)/\(count)"], in: dir)
            #expect([0, 1].contains(run.status), "\(run.stderr)")
            seen += try Self.entries(run.stdout)
            // The same part again: the same pairs (deterministic).
            let again = try CLI.run(["compare", "ref", "new", "--json", "--preset", "perceptual", "--shard", "\(index)/\(count)"], in: dir)
            #expect(again.stdout == run.stdout)
            try run.stdout.write(toFile: dir + "/s\(index).json", atomically: true, encoding: .utf8)
            shardFiles.append("s\(index).json")
        }
        #expect(seen.sorted() == (try Self.entries(whole.stdout)).sorted(), "every pair in exactly one shard")
        #expect(Set(seen).count == seen.count)
        // Given in any order.
        let merged = try CLI.run(["merge-reports", "out"] + shardFiles.reversed(), in: dir)
        #expect(merged.status == whole.status, "\(merged.stderr)")
        #expect(try String(contentsOfFile: dir + "/out/report.json", encoding: .utf8) == whole.stdout)
        #expect(try String(contentsOfFile: dir + "/out/junit.xml", encoding: .utf8) == String(contentsOfFile: dir + "/whole.xml", encoding: .utf8))
        #expect(try String(contentsOfFile: dir + "/out/summary.md", encoding: .utf8) == String(contentsOfFile: dir + "/whole.md", encoding: .utf8))
        let page = try String(contentsOfFile: dir + "/out/index.html", encoding: .utf8)
        #expect(page.contains("t0.png"))
    }

    @Test func exitCodesFollowTheUnshardedRun() throws {
        let dir = try Self.folders(12, changed: false)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for index in 1 ... 2 {
            let run = try CLI.run(["compare", "ref", "new", "--json", "--shard", "\(index)/2"], in: dir)
            #expect(run.status == 0)
            try run.stdout.write(toFile: dir + "/s\(index).json", atomically: true, encoding: .utf8)
        }
        #expect(try CLI.run(["merge-reports", "out", "s1.json", "s2.json"], in: dir).status == 0)
        // An unreadable image in one part: 2, as unsharded.
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: dir + "/new/nested/t4.png"))
        let unsharded = try CLI.run(["compare", "ref", "new"], in: dir)
        #expect(unsharded.status == 2)
        for index in 1 ... 2 {
            let run = try CLI.run(["compare", "ref", "new", "--json", "--shard", "\(index)/2"], in: dir)
            try run.stdout.write(toFile: dir + "/s\(index).json", atomically: true, encoding: .utf8)
        }
        #expect(try CLI.run(["merge-reports", "out2", "s1.json", "s2.json"], in: dir).status == 2)
    }

    @Test func kubernetesIndexedJobPicksThePart() throws {
        let dir = try Self.folders(30)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for index in 0 ..< 3 {
            let byEnvironment = try CLI.run(["compare", "ref", "new", "--json"], in: dir,
                                            environment: ["JOB_COMPLETION_INDEX": "\(index)", "JOB_COMPLETIONS": "3"])
            let byFlag = try CLI.run(["compare", "ref", "new", "--json", "--shard", "\(index + 1)/3"], in: dir)
            #expect(byEnvironment.stdout == byFlag.stdout)
            #expect(byEnvironment.status == byFlag.status)
        }
        CLI.expectOneErrorLine(try CLI.run(["compare", "ref", "new"], in: dir, environment: ["JOB_COMPLETION_INDEX": "3", "JOB_COMPLETIONS": "3"]),
                               containing: ["JOB_COMPLETION_INDEX=3"])
    }

    @Test func badShardsAndPartsAreOneErrorLine() throws {
        let dir = try Self.folders(20)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for index in 1 ... 3 {
            let run = try CLI.run(["compare", "ref", "new", "--json", "--shard", "\(index)/3"], in: dir)
            try run.stdout.write(toFile: dir + "/s\(index).json", atomically: true, encoding: .utf8)
        }
        let other = try CLI.run(["compare", "ref", "new", "--json", "--preset", "perceptual", "--shard", "3/3"], in: dir)
        try other.stdout.write(toFile: dir + "/other.json", atomically: true, encoding: .utf8)
        let unsharded = try CLI.run(["compare", "ref", "new", "--json"], in: dir)
        try unsharded.stdout.write(toFile: dir + "/whole.json", atomically: true, encoding: .utf8)
        try "{\"entries\": 3}".write(toFile: dir + "/junk.json", atomically: true, encoding: .utf8)
        let cases: [([String], [String])] = [
            (["compare", "ref", "new", "--shard", "4/3"], ["--shard", "\"4/3\""]),
            (["compare", "ref", "new", "--shard", "0/3"], ["--shard"]),
            (["compare", "ref/t1.png", "new/t1.png", "--shard", "1/3"], ["--shard needs two folders"]),
            (["merge-reports", "out", "s1.json", "s3.json"], ["shard 2/3 missing"]),
            (["merge-reports", "out", "s1.json", "s2.json", "s2.json", "s3.json"], ["s2.json: shard 2/3 is also s2.json"]),
            (["merge-reports", "out", "s1.json", "s2.json", "other.json"], ["other.json: options differs"]),
            (["merge-reports", "out", "s1.json", "whole.json"], ["whole.json: shard: missing"]),
            (["merge-reports", "out", "junk.json"], ["junk.json: not a compare --json report"]),
            (["merge-reports", "out", "nothere.json"], ["nothere.json"]),
            (["merge-reports", "out"], ["no shard report"]),
        ]
        for (arguments, fragments) in cases {
            let run = try CLI.run(arguments, in: dir)
            CLI.expectOneErrorLine(run, containing: fragments)
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"), "nothing written on an error")
    }
}
