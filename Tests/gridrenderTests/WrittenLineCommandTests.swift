import Foundation
import Testing

/// `wrote FILE (W×H px, N pages)` on standard error when it is a terminal (run under
/// `script`, which gives the command a pseudo-terminal), never in a pipe, and `--quiet` silences it.
@Suite struct WrittenLineCommandTests {
    /// What the terminal showed while `gridrender ARGS` ran in `dir`.
    static func onTerminal(_ arguments: [String], in dir: String) throws -> String {
        let binary = try #require(CLI.binary).path
        let command = ([binary] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let run = try CLI.run(["-qec", command, "/dev/null"], in: dir, executable: "/usr/bin/script")
        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
        return run.stdout.replacingOccurrences(of: "\r", with: "")
    }

    @Test func oneLinePerFileOnATerminal() throws {
        let dir = try CLI.scratch("wrote-line")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try DocumentFreeCommandTests.salesCSV(rows: 100).write(toFile: dir + "/t.csv", atomically: true, encoding: .utf8)
        let png = try Self.onTerminal(["render", "t.csv", "-o", "t.png", "--scale", "2"], in: dir)
        let (w, h) = try PreviewOptionsCommandTests.size(dir + "/t.png")
        #expect(png == "wrote t.png (\(w)×\(h) px, 1 page)\n", "\(png)")
        let pdf = try Self.onTerminal(["render", "t.csv", "-o", "t.pdf", "--page", "a4"], in: dir)
        #expect(pdf.hasPrefix("wrote t.pdf (595×842 pt, ") && pdf.hasSuffix(" pages)\n"), "\(pdf)")
        let pages = try Self.onTerminal(["render", "t.csv", "-o", "p.svg", "--page", "a4,landscape"], in: dir)
        let count = CLI.listing(dir).filter { $0.hasPrefix("p-") }.count
        #expect(count > 1 && pages == "wrote p-1.svg…p-\(count).svg (842×595 px, \(count) pages)\n", "\(pages)")
        #expect(try Self.onTerminal(["render", "t.csv", "-o", "q.png", "--quiet"], in: dir).isEmpty)
        #expect(try Self.onTerminal(["render", "t.csv", "-o", "q.png", "-q"], in: dir).isEmpty)
        // Not a terminal: nothing.
        let piped = try CLI.run(["render", "t.csv", "-o", "r.png"], in: dir)
        #expect(piped.status == 0 && piped.stderr.isEmpty)
    }
}
