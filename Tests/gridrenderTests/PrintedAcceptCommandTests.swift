import Foundation
import GridSnapshot
import Testing

/// The accept commands printed for a user to paste (JUnit, Markdown, the HTML report) quote every
/// word with `ShellWord.quoted` and put `--` before the paths (issue 25 item 1): run through
/// `/bin/sh -c`, each accepts exactly its own image, whatever its name (globs, a leading `-`,
/// spaces, `$(…)`, quotes, line breaks), in folders named as badly.
@Suite struct PrintedAcceptCommandTests {
    static let names = [
        "*.png", "-h.png", "--prune.png", "a b.png", "$(touch pwned).png", "`touch pwned`.png", "'.png", "\".png",
        "x\ny.png", "tab\there.png", "semi;colon.png", "and&amp.png", "pipe|d.png", "~home.png", "=eq.png",
        "back\\slash.png", "!bang.png", "#hash.png", "{a,b}.png", "[ab].png", "?.png", "héllo wörld.png", "%p.png",
    ]

    /// Folders of every name changed, and one more image changed that no command may touch.
    static func setUp(expected: String, actual: String, in dir: String) throws {
        for side in [expected, actual] { try FileManager.default.createDirectory(atPath: dir + "/" + side, withIntermediateDirectories: true) }
        for name in names + ["bystander.png"] {
            try CompareFolderCommandTests.png(dir + "/\(expected)/" + name)
            try CompareFolderCommandTests.png(dir + "/\(actual)/" + name, dot: (4, 4))
        }
    }

    static func shell(_ command: String, in dir: String) throws -> CLI.Run {
        let bin = try #require(CLI.binary).deletingLastPathComponent().path
        return try CLI.run(["-c", command], in: dir, environment: ["PATH": bin + ":/usr/bin:/bin"], executable: "/bin/sh")
    }

    @Test(arguments: [("expected", "actual"), ("-ref dir", "new $(x) 'imgs'")])
    func eachPrintedCommandAcceptsExactlyItsImage(expected: String, actual: String) throws {
        for name in Self.names {
            let dir = try CLI.scratch("printed-accept")
            defer { try? FileManager.default.removeItem(atPath: dir) }
            try Self.setUp(expected: expected, actual: actual, in: dir)
            let report = FolderReport(expectedDirectory: expected, actualDirectory: actual,
                                      options: try #require(ComparisonOptions.preset(named: "strict")), entries: [])
            let command = report.acceptCommand(name)
            let before = OutputPlanRenderTests.contents(dir)
            let run = try Self.shell(command, in: dir)
            #expect(run.status == 0, "\(name): \(command)\n\(run.stderr)")
            let after = OutputPlanRenderTests.contents(dir)
            let changed = Set(after.keys.filter { after[$0] != before[$0] })
            #expect(changed == ["\(expected)/\(name)"], "\(name): \(command) changed \(changed.sorted())")
            #expect(!FileManager.default.fileExists(atPath: dir + "/pwned"))
        }
    }

    /// The commands the CLI itself prints (JUnit failures, the Markdown summary) are the ones the
    /// report builds, with the comparison options repeated: the mask keeps masked images unaccepted.
    @Test func compareOutputsCarryTheQuotedCommandAndOptions() throws {
        let dir = try CLI.scratch("printed-accept-cli")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.setUp(expected: "expected", actual: "actual", in: dir)
        try Data("{\"masks\": [{\"path\": \"a b.png\", \"x\": 0, \"y\": 0, \"width\": 20, \"height\": 10}]}".utf8)
            .write(to: URL(fileURLWithPath: dir + "/m.json"))
        let run = try CLI.run(["compare", "expected", "actual", "--mask", "m.json", "--junit", "j.xml", "--markdown", "s.md"], in: dir)
        #expect(run.status == 1, "\(run.stderr)")
        let junit = try String(contentsOfFile: dir + "/j.xml", encoding: .utf8)
        let quotedStar = ["'*.png'", "&apos;*.png&apos;", "&#39;*.png&#39;"]  // XML may escape the quotes
        #expect(quotedStar.contains { junit.contains("accept: gridrender accept --mask m.json -- expected actual \($0)") }, "\(junit)")
        let markdown = try String(contentsOfFile: dir + "/s.md", encoding: .utf8)
        #expect(markdown.contains("gridrender accept --mask m.json -- expected actual"))
        // Accept-all as printed leaves the masked image alone.
        let before = try #require(FileManager.default.contents(atPath: dir + "/expected/a b.png"))
        let all = try Self.shell("gridrender accept --mask m.json -- expected actual", in: dir)
        #expect(all.status == 0, "\(all.stderr)")
        #expect(FileManager.default.contents(atPath: dir + "/expected/a b.png") == before)
        #expect(FileManager.default.contents(atPath: dir + "/expected/-h.png") == FileManager.default.contents(atPath: dir + "/actual/-h.png"))
    }
}
