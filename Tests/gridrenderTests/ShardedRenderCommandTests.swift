import Foundation
import GridSnapshot
import Testing

/// Batch `render --out-dir --shard I/N`: the parts render disjoint sets of the inputs that
/// together are all of them, each input in the part its path hashes to (`Shard`), the Kubernetes
/// variables pick the same part, and `--shard` with `-o` is refused.
@Suite struct ShardedRenderCommandTests {
    @Test(arguments: [2, 3])
    func partsRenderEveryInputOnce(count: Int) throws {
        let dir = try CLI.scratch("render-shards")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let inputs = (0 ..< 14).map { "table\($0).csv" }
        for (i, name) in inputs.enumerated() {
            try "a,b\n\(i),x\n".write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
        }
        var rendered: [String] = []
        for index in 1 ... count {
            let run = try CLI.run(["render"] + inputs + ["--out-dir", "out\(index)", "--format", "svg", "--shard", "\(index)/\(count)"], in: dir)
            #expect(run.status == 0, "\(run.stderr)")
            let names = CLI.listing(dir + "/out\(index)")
            #expect(names == inputs.filter { Shard.part(of: $0, count: count) == index }.map { $0.replacingOccurrences(of: ".csv", with: ".svg") }.sorted())
            rendered += names
            let byEnvironment = try CLI.run(["render"] + inputs + ["--out-dir", "env\(index)", "--format", "svg"], in: dir,
                                            environment: ["JOB_COMPLETION_INDEX": "\(index - 1)", "JOB_COMPLETIONS": "\(count)"])
            #expect(byEnvironment.status == 0)
            #expect(CLI.listing(dir + "/env\(index)") == names)
        }
        #expect(rendered.sorted() == inputs.map { $0.replacingOccurrences(of: ".csv", with: ".svg") }.sorted())
    }

    @Test func shardWithOneOutputIsRefused() throws {
        let dir = try CLI.scratch("render-shards-error")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "a,b\n1,2\n".write(toFile: dir + "/t.csv", atomically: true, encoding: .utf8)
        CLI.expectOneErrorLine(try CLI.run(["render", "t.csv", "-o", "t.png", "--shard", "1/2"], in: dir), containing: ["--shard"])
        CLI.expectOneErrorLine(try CLI.run(["render", "t.csv", "--out-dir", "o", "--format", "png", "--shard", "3/2"], in: dir), containing: ["--shard", "3/2"])
        #expect(!FileManager.default.fileExists(atPath: dir + "/t.png"))
    }
}
