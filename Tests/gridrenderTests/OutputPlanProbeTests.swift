import Foundation
import GridSnapshot
import Testing

/// Probes of the output plan from outside, for file names the commands treat specially: `-` is
/// standard input only for `render`'s documents; `compare` takes `-` as an ordinary file in the
/// working folder (a compared image, `--diff`, `--junit`, `--markdown`), so the plan must check
/// it like any other name, under any spelling (`-`, `./-`, `sub/../-`).
@Suite struct OutputPlanProbeTests {
    enum Spelling: String, CaseIterable { case bare, dot, parent }

    static func spell(_ spelling: Spelling) -> String {
        switch spelling {
        case .bare: return "-"
        case .dot: return "./-"
        case .parent: return "sub/../-"
        }
    }

    /// A compared image named `-` and `--diff` naming it (each side, every pair of spellings):
    /// exit 2, one line, the image untouched.
    @Test(arguments: Spelling.allCases.flatMap { a in Spelling.allCases.map { (a, $0) } })
    func diffOverAComparedImageNamedDash(_ spellings: (Spelling, Spelling)) throws {
        for side in 0..<2 {
            let dir = try CLI.scratch("probe-dash")
            defer { try? FileManager.default.removeItem(atPath: dir) }
            try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
            try CompareFolderCommandTests.png(dir + "/-", dot: (1, 2))
            try CompareFolderCommandTests.png(dir + "/b.png", dot: (3, 4))
            let image = try Data(contentsOf: URL(fileURLWithPath: dir + "/-"))
            let compared = side == 0 ? [Self.spell(spellings.0), "b.png"] : ["b.png", Self.spell(spellings.0)]
            let run = try CLI.run(["compare"] + compared + ["--diff", Self.spell(spellings.1)], in: dir)
            CLI.expectOneErrorLine(run, containing: ["-", "refusing"])
            #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/-")) == image, "\(compared)")
        }
    }

    /// `--junit` and `--markdown` both naming the file `-` (every pair of spellings): exit 2, one
    /// line, nothing written.
    @Test(arguments: Spelling.allCases.flatMap { a in Spelling.allCases.map { (a, $0) } })
    func junitAndMarkdownBothDash(_ spellings: (Spelling, Spelling)) throws {
        let dir = try Self.folders()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["compare", "ref", "new", "--junit", Self.spell(spellings.0), "--markdown", Self.spell(spellings.1)], in: dir)
        CLI.expectOneErrorLine(run, containing: ["--junit", "--markdown", "same file"])
        #expect(!FileManager.default.fileExists(atPath: dir + "/-"))
    }

    /// The controls: `-` as an output that clashes with nothing is written like any file.
    @Test func dashAsAFreeOutputIsWritten() throws {
        let dir = try Self.folders()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let folders = try CLI.run(["compare", "ref", "new", "--junit", "-", "--markdown", "m.md"], in: dir)
        #expect(folders.status == 1, "\(folders.stderr)")
        #expect(try String(contentsOfFile: dir + "/-", encoding: .utf8).hasPrefix("<?xml"))
        try FileManager.default.removeItem(atPath: dir + "/-")
        let pair = try CLI.run(["compare", "ref/a.png", "new/a.png", "--diff", "-"], in: dir)
        #expect(pair.status == 1, "\(pair.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/-")).starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    /// `ref/a.png` and `new/a.png` differ; `sub/` exists for the `sub/../` spelling.
    static func folders() throws -> String {
        let dir = try CLI.scratch("probe-folders")
        for folder in ["ref", "new", "sub"] {
            try FileManager.default.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: true)
        }
        try CompareFolderCommandTests.png(dir + "/ref/a.png", dot: (1, 2))
        try CompareFolderCommandTests.png(dir + "/new/a.png", dot: (3, 4))
        return dir
    }
}
