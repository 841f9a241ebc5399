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

    /// A path through a symbolic link and then `..` (`deep/x/link/../N`, `link` → `../../other`)
    /// names `N` in the working folder, as the kernel reads it, not `deep/x/N`. Every output kind
    /// of compare and render spelled that way against a plain-spelled clash: exit 2, one line,
    /// the folder unchanged.
    @Test(arguments: ["junit+markdown", "markdown+junit", "diff+image", "junit+image", "render+image", "render+document"])
    func symlinkThenParentIsWhereTheKernelWrites(_ kind: String) throws {
        let dir = try Self.folders()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.linkedDeepFolder(in: dir)
        let via = "deep/x/link/../"
        let arguments: [String]
        switch kind {
        case "junit+markdown": arguments = ["compare", "ref", "new", "--junit", via + "r.txt", "--markdown", "r.txt"]
        case "markdown+junit": arguments = ["compare", "ref", "new", "--markdown", via + "r.txt", "--junit", "./r.txt"]
        case "diff+image": arguments = ["compare", "ref/a.png", "new/a.png", "--diff", via + "ref/a.png"]
        case "junit+image": arguments = ["compare", "ref", "new", "--junit", via + "new/a.png"]
        case "render+image":
            try Data(Self.document(image: "ref/a.png").utf8).write(to: URL(fileURLWithPath: dir + "/doc.json"))
            arguments = ["render", "doc.json", "-o", via + "ref/a.png"]
        default:
            try Data(Self.document(image: "ref/a.png").utf8).write(to: URL(fileURLWithPath: dir + "/doc.svg"))
            arguments = ["render", "--input-format", "json", "doc.svg", "-o", via + "doc.svg"]
        }
        let before = Self.contents(dir)
        let run = try CLI.run(arguments, in: dir)
        CLI.expectOneErrorLine(run, containing: ["refusing"])
        #expect(Self.contents(dir) == before, "\(kind)")
    }

    /// The control: `deep/x/link/../ref/a.png` is not `deep/x/ref/a.png` (what `..` read as text
    /// would say), so an image of that name is no clash and the render writes where the kernel does.
    @Test func symlinkThenParentIsNotTheLinksFolder() throws {
        let dir = try Self.folders()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.linkedDeepFolder(in: dir)
        try FileManager.default.createDirectory(atPath: dir + "/deep/x/ref", withIntermediateDirectories: true)
        try CompareFolderCommandTests.png(dir + "/deep/x/ref/b.png", dot: (1, 1))
        try Data(Self.document(image: "deep/x/ref/b.png").utf8).write(to: URL(fileURLWithPath: dir + "/doc.json"))
        let run = try CLI.run(["render", "doc.json", "-o", "deep/x/link/../ref/b.png"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/ref/b.png")).count > 0)
    }

    /// `deep/x/link` → `../../other`: `deep/x/link/..` is the scratch folder itself.
    static func linkedDeepFolder(in dir: String) throws {
        try FileManager.default.createDirectory(atPath: dir + "/deep/x", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/other", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/deep/x/link", withDestinationPath: "../../other")
    }

    /// Every file under `dir` (links not followed) with its bytes.
    static func contents(_ dir: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for path in (try? FileManager.default.subpathsOfDirectory(atPath: dir)) ?? [] where !path.hasPrefix("deep/x/link/") {
            files[path] = (try? Data(contentsOf: URL(fileURLWithPath: dir + "/" + path))) ?? Data()
        }
        return files
    }

    /// A one-cell document showing `image`.
    static func document(image: String) -> String {
        "{\"columns\": [{\"key\": \"a\", \"title\": \"A\", \"width\": 40}], \"data\": {\"rows\": [[{\"image\": \"\(image)\"}]]}}"
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
