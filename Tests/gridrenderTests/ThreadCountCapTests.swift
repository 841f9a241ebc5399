import Foundation
import Testing

/// `GRIDRENDER_THREADS` above the online processors gets as many threads as there are
/// processors (`RenderJob.defaultPaintThreads`): a text lane or PNG painter beyond them only
/// runs while another waits, and holds a font map and shaped text for the whole render. Counted
/// from the threads a `--timings` trace names; the output is the same bytes either way.
@Suite struct ThreadCountCapTests {
    static let online = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))

    /// The threads that worked in a render of `format` with `GRIDRENDER_THREADS=threads`, and its bytes.
    static func render(_ format: String, threads: Int, in dir: String) throws -> (threads: Int, bytes: Data?) {
        let env = ["GRIDRENDER_THREADS": String(threads)]
        let result = try CLI.run(["render", "t.csv", "-o", "out-\(threads).\(format)", "--timings", "t-\(threads).json"],
                                 in: dir, environment: env)
        #expect(result.status == 0, "\(result.stderr)")
        let spans = try TimingsCommandTests.spans(dir + "/t-\(threads).json")
        return (Set(spans.map(\.tid)).count, FileManager.default.contents(atPath: dir + "/out-\(threads).\(format)"))
    }

    @Test(arguments: ["svg", "png", "pdf"])
    func threadsBeyondTheProcessorsAreNotMade(format: String) throws {
        let dir = try CLI.scratch("thread-cap-\(format)")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // 3,000 rows × 5 columns: 16 chunks of text, bands enough for every thread.
        try TimingsCommandTests.table(rows: 3_000).write(toFile: dir + "/t.csv", atomically: true, encoding: .utf8)
        let many = try Self.render(format, threads: 64, in: dir)
        #expect(many.threads <= Self.online, "\(many.threads) threads on \(Self.online) processors")
        let fitting = min(Self.online, 16)
        let asked = try Self.render(format, threads: fitting, in: dir)
        #expect(asked.threads == fitting)
        #expect(many.bytes != nil && many.bytes == asked.bytes)
    }
}
