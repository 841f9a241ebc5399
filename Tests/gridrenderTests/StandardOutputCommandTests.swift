import Foundation
import Testing

/// `-o - --format F`: the file on standard output, byte for byte what `-o FILE` writes, and no
/// file (temporary or not) left in the folder.
@Suite struct StandardOutputCommandTests {
    /// Runs `gridrender ARGS > OUT` through the shell, so standard output is a real file.
    static func redirected(_ arguments: [String], to out: String, in dir: String) throws -> CLI.Run {
        let binary = try #require(CLI.binary).path
        return try CLI.run(["-c", #""$0" "$@" > "$OUT""#, binary] + arguments, in: dir, environment: ["OUT": out],
                           executable: "/bin/sh")
    }

    @Test(arguments: ["png", "svg", "pdf"])
    func sameBytesAsTheFile(format: String) throws {
        let dir = try CLI.scratch("stdout-\(format)")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try DocumentFreeCommandTests.salesCSV(rows: 30).write(toFile: dir + "/t.csv", atomically: true, encoding: .utf8)
        let file = try CLI.run(["render", "t.csv", "-o", "file.\(format)", "--format", "price=decimals:1"], in: dir)
        #expect(file.status == 0, "\(file.stderr)")
        let piped = try Self.redirected(["render", "t.csv", "-o", "-", "--format", format, "--format", "price=decimals:1"], to: "piped.\(format)", in: dir)
        #expect(piped.status == 0 && piped.stderr.isEmpty, "\(piped.stderr)")
        let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/file.\(format)"))
        let b = try Data(contentsOf: URL(fileURLWithPath: dir + "/piped.\(format)"))
        #expect(a.count > 100 && a == b)
        #expect(CLI.listing(dir) == ["file.\(format)", "piped.\(format)", "t.csv"])
    }

    @Test(arguments: [
        (["--format", "png", "--page", "a4"], "a paginated PNG is written as one file a page"),
        ([] as [String], "-o - (standard output) needs --format png|svg|pdf"),
        (["--format", "png", "--appearance", "light,dark"], "-o - writes one file"),
        (["--format", "png", "--watch"], "--watch writes files"),
    ])
    func refused(arguments: [String], fragment: String) throws {
        let dir = try CLI.scratch("stdout-refused")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "a,b\n1,2\n".write(toFile: dir + "/t.csv", atomically: true, encoding: .utf8)
        let run = try CLI.run(["render", "t.csv", "-o", "-"] + arguments, in: dir)
        CLI.expectOneErrorLine(run, containing: [fragment])
        #expect(run.stdout.isEmpty && CLI.listing(dir) == ["t.csv"])
    }
}
