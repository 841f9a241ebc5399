import Foundation
import Testing

/// A paginated PNG or SVG with thousands of pages (issue 25 item 5): the pages' temporaries were
/// made by one `AtomicFile.write` nested inside the next, a stack frame per page, and 3,750
/// pages died of SIGSEGV (stack overflow). `AtomicFile.write(toAll:)` makes them in a loop.
@Suite struct ManyPageFilesTests {
    /// 13,000 rows on 4,334 pages: every page file is written, no temporary is left.
    @Test(arguments: ["svg", "png"])
    func thousandsOfPagesAreWritten(_ format: String) throws {
        let dir = try CLI.scratch("manypages")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let rows = (0..<13_000).map { #"["\#($0)"]"# }.joined(separator: ",")
        // A small page: three rows each (rows are never split).
        let document = #"{"columns": [{"key": "a"}], "data": {"rows": [\#(rows)]}, "canvas": {"page": {"width": 72, "height": 72}, "padding": 0}, "header": false}"#
        try document.write(toFile: dir + "/pages.json", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
        let run = try CLI.run(["render", "pages.json", "-o", "out/x.\(format)"], in: dir)
        #expect(run.status == 0, "exit \(run.status): \(run.stderr.prefix(500))")
        let files = CLI.listing(dir + "/out")
        #expect(!files.contains { $0.hasPrefix(".gridrender-") }, "temporaries left")
        #expect(files.count >= 4_000, "only \(files.count) page files")
        #expect(files.contains("x-1.\(format)") && files.contains("x-\(files.count).\(format)"))
    }
}
