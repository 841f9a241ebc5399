import Foundation
import Testing

/// The output plan of `compare` and `accept` (issue 25 item 4): every output (`--diff`, `--junit`,
/// `--markdown`, the `--report` folder) against every input (the compared images, the images in
/// compared folders, the `--mask` file) and the other outputs, spelled five ways; compared folders
/// nested in each other or in the report folder. Exit 2, one `error:` line, nothing changed.
@Suite struct OutputPlanCompareTests {
    typealias Spelling = PathSpelling

    struct Case: CustomStringConvertible, Sendable {
        var label: String
        /// The arguments after `compare`; `OUT` is replaced by the spelled target.
        var arguments: [String]
        /// The existing file the output is aimed at.
        var target: String
        var spelling: Spelling
        var description: String { "\(label) × \(spelling)" }
    }

    static let templates: [(String, [String], String)] = [
        ("--diff over the expected image", ["e.png", "a.png", "--diff", "OUT"], "e.png"),
        ("--diff over the actual image", ["e.png", "a.png", "--diff", "OUT"], "a.png"),
        ("--diff over the mask", ["e.png", "a.png", "--mask", "m.json", "--diff", "OUT"], "m.json"),
        ("--junit over an expected image", ["expected", "actual", "--junit", "OUT"], "expected/one.png"),
        ("--junit over an actual image", ["expected", "actual", "--junit", "OUT"], "actual/one.png"),
        ("--markdown over an expected image", ["expected", "actual", "--markdown", "OUT"], "expected/sub/two.png"),
        ("--markdown over an actual image", ["expected", "actual", "--markdown", "OUT"], "actual/sub/two.png"),
        ("--junit over the mask", ["expected", "actual", "--mask", "m.json", "--junit", "OUT"], "m.json"),
        ("--markdown over the mask", ["expected", "actual", "--mask", "m.json", "--markdown", "OUT"], "m.json"),
        ("--markdown over --junit", ["expected", "actual", "--junit", "j.xml", "--markdown", "OUT"], "j.xml"),
        ("--report is the expected folder", ["expected", "actual", "--report", "OUT"], "expected"),
        ("--report is the actual folder", ["expected", "actual", "--report", "OUT"], "actual"),
        ("--report inside the expected folder", ["expected", "actual", "--report", "OUT"], "expected/sub"),
        ("--report inside the actual folder", ["expected", "actual", "--report", "OUT"], "actual/sub"),
        ("the actual folder inside the expected folder", ["expected", "OUT"], "expected/sub"),
        ("the expected folder inside the actual folder", ["OUT", "actual"], "actual/sub"),
        ("--report holding the compared images", ["e.png", "a.png", "--report", "OUT"], "."),
        ("--junit is the expected folder", ["expected", "actual", "--junit", "OUT"], "expected"),
        ("--markdown is the actual folder", ["expected", "actual", "--markdown", "OUT"], "actual"),
        ("--diff inside the --report folder", ["e.png", "a.png", "--report", "r", "--diff", "OUT"], "r/files"),
    ]

    static let cases: [Case] = templates.flatMap { t in
        Spelling.allCases.compactMap { s in
            // Folders have no hard links; "." has no other spelling through a hard link either.
            let folder = !t.2.contains(".") || t.2 == "."
            if s == .hardlink && folder { return nil }
            return Case(label: t.0, arguments: t.1, target: t.2, spelling: s)
        }
    }

    /// e.png, a.png, m.json and expected/, actual/ (one.png, sub/two.png changed), sub/, a link to ".".
    static func setUp(in dir: String) throws {
        let fm = FileManager.default
        for sub in ["sub", "hl", "expected/sub", "actual/sub"] { try fm.createDirectory(atPath: dir + "/" + sub, withIntermediateDirectories: true) }
        try fm.createSymbolicLink(atPath: dir + "/link", withDestinationPath: ".")
        try CompareFolderCommandTests.png(dir + "/e.png")
        try CompareFolderCommandTests.png(dir + "/a.png", dot: (1, 1))
        for (side, dot) in [("expected", (0, 0)), ("actual", (5, 5))] {
            try CompareFolderCommandTests.png(dir + "/\(side)/one.png", dot: dot)
            try CompareFolderCommandTests.png(dir + "/\(side)/sub/two.png", dot: dot)
        }
        try Data("{\"masks\": [{\"x\": 0, \"y\": 0, \"width\": 1, \"height\": 1}]}".utf8).write(to: URL(fileURLWithPath: dir + "/m.json"))
        try Data("<testsuites/>".utf8).write(to: URL(fileURLWithPath: dir + "/j.xml"))
    }


    @Test(arguments: cases) func clashIsRefused(_ c: Case) throws {
        let dir = try CLI.scratch("plan-compare")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.setUp(in: dir)
        let out = try PathSpelling.spell(c.target, c.spelling, in: dir)
        let before = OutputPlanRenderTests.contents(dir)
        let run = try CLI.run(["compare"] + c.arguments.map { $0 == "OUT" ? out : $0 }, in: dir)
        CLI.expectOneErrorLine(run, containing: ["refus"])
        #expect(OutputPlanRenderTests.contents(dir) == before, "\(c): the folder changed")
    }

    /// The same commands with outputs beside the inputs run (exit 1: the images differ) and write them.
    @Test(arguments: templates.filter { $0.2 != "expected/sub" && $0.2 != "actual/sub" })
    func theSameCommandsWithFreeNamesRun(_ t: (String, [String], String)) throws {
        let dir = try CLI.scratch("plan-compare-ok")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.setUp(in: dir)
        let out = t.2 == "." ? "report" : t.1.contains("--diff") ? "d.png" : t.1.contains("--report") ? "report" : "free.txt"
        let run = try CLI.run(["compare"] + t.1.map { $0 == "OUT" ? out : $0 }, in: dir)
        #expect(run.status == 1, "\(t.0): \(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/" + out), "\(t.0)")
    }

    /// `accept` refuses folders nested in each other under any spelling (the issue's
    /// `accept ref ref/new --prune` deleted the new images) and changes nothing.
    @Test(arguments: [["ref", "ref/new"], ["ref/new", "ref"], ["./ref", "link/ref/new"], ["ref/../ref/new", "ref"]])
    func acceptRefusesNestedFolders(_ folders: [String]) throws {
        let dir = try CLI.scratch("plan-accept")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/ref/new", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: ".")
        try CompareFolderCommandTests.png(dir + "/ref/old.png")
        try CompareFolderCommandTests.png(dir + "/ref/new/a.png", dot: (1, 1))
        try CompareFolderCommandTests.png(dir + "/ref/new/b.png", dot: (2, 1))
        let before = OutputPlanRenderTests.contents(dir)
        let run = try CLI.run(["accept", "--prune"] + folders, in: dir)
        CLI.expectOneErrorLine(run, containing: ["nested"])
        #expect(OutputPlanRenderTests.contents(dir) == before)
    }

    /// `accept` checks what it will write once the comparison is known: a reference to update,
    /// add or remove (`--prune`) may not be the mask it read (by name or hard link).
    @Test(arguments: ["expected/m.png", "m.json"])
    func acceptRefusesWritingOverTheMask(_ maskPath: String) throws {
        let dir = try CLI.scratch("plan-accept-mask")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for side in ["expected", "actual"] { try FileManager.default.createDirectory(atPath: dir + "/" + side, withIntermediateDirectories: true) }
        try Data("{\"masks\": []}".utf8).write(to: URL(fileURLWithPath: dir + "/" + maskPath))
        if maskPath == "m.json" { try FileManager.default.linkItem(atPath: dir + "/m.json", toPath: dir + "/expected/m.png") }
        try CompareFolderCommandTests.png(dir + "/actual/new.png")
        let before = OutputPlanRenderTests.contents(dir)
        let run = try CLI.run(["accept", "--prune", "--mask", maskPath, "expected", "actual"], in: dir)
        CLI.expectOneErrorLine(run, containing: ["m.png", "refusing"])
        #expect(OutputPlanRenderTests.contents(dir) == before)
    }
}
