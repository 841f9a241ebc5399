import Foundation
import Testing

/// The output plan of `render` (issue 25 item 4): every output kind (one `-o` file, an
/// `--appearance` pair, the page files of a paginated PNG, an `--out-dir` output and its page
/// files) against every input kind (an image a cell shows, the CSV data file, a theme file, the
/// document itself), the input spelled five ways (as written, `./`, `sub/../`, through a symbolic link to
/// the folder, a hard link of another name): exit 2, one `error:` line, the folder unchanged.
@Suite struct OutputPlanRenderTests {
    enum InputKind: String, CaseIterable { case image, data, theme, document }
    enum OutputKind: String, CaseIterable { case single, appearance, pages, outDir, outDirPages }
    typealias Spelling = PathSpelling

    struct Case: CustomStringConvertible, Sendable {
        var input: InputKind, output: OutputKind, spelling: Spelling
        var description: String { "\(input) × \(output) × \(spelling)" }
    }

    static let cases: [Case] = InputKind.allCases.flatMap { i in
        OutputKind.allCases.flatMap { o in Spelling.allCases.map { Case(input: i, output: o, spelling: $0) } }
    }

    /// The file an output of `kind` writes (or could write, for page files).
    static func target(_ kind: OutputKind) -> String {
        switch kind {
        case .single: return "x.png"
        case .appearance: return "x-light.png"
        case .pages: return "x-7.png"
        case .outDir: return "out/doc.png"
        case .outDirPages: return "out/doc-3.png"
        }
    }

    static func paginated(_ kind: OutputKind) -> Bool { kind == .pages || kind == .outDirPages }


    /// The document's JSON: two columns, rows of `cell` (or the CSV `data`), paginated or not.
    static func document(cell: String = "\"x\"", data: String? = nil, paginated: Bool) -> String {
        let rows = (0..<30).map { "[\"\($0)\", \(cell)]" }.joined(separator: ",")
        let page = paginated ? "\"canvas\": {\"padding\": 0, \"page\": {\"width\": 220, \"height\": 200}}," : ""
        let source = data.map { "{\"csv\": \"\($0)\"}" } ?? "{\"rows\": [\(rows)]}"
        return "{\(page) \"columns\": [{\"key\": \"a\", \"title\": \"A\", \"width\": 60}, {\"key\": \"b\", \"title\": \"B\", \"width\": 60}], \"data\": \(source)}"
    }

    /// Makes the scratch folder for a case; returns the arguments of the render.
    static func setUp(_ c: Case, in dir: String, clash: Bool = true) throws -> [String] {
        let fm = FileManager.default
        for sub in ["sub", "hl", "out"] { try fm.createDirectory(atPath: dir + "/" + sub, withIntermediateDirectories: true) }
        try fm.createSymbolicLink(atPath: dir + "/link", withDestinationPath: ".")
        let target = target(c.output)
        let paginated = paginated(c.output)
        var documentPath = "doc.json"
        switch c.input {
        case .image:
            try CompareFolderCommandTests.png(dir + "/" + target)
            let reference = try PathSpelling.spell(target, c.spelling, in: dir)
            try Data(document(cell: "{\"image\": \"\(reference)\", \"fit\": \"contain\"}", paginated: paginated).utf8)
                .write(to: URL(fileURLWithPath: dir + "/doc.json"))
        case .data:
            try Data("a,b\n1,2\n".utf8).write(to: URL(fileURLWithPath: dir + "/" + target))
            let reference = try PathSpelling.spell(target, c.spelling, in: dir)
            try Data(document(data: reference, paginated: paginated).utf8).write(to: URL(fileURLWithPath: dir + "/doc.json"))
        case .theme:
            try Data("{\"extends\": \"minimal\"}".utf8).write(to: URL(fileURLWithPath: dir + "/" + target))
            var reference = try PathSpelling.spell(target, c.spelling, in: dir)
            if !reference.contains("/") { reference = "./" + reference }  // a theme file is named with a `/`
            var text = document(paginated: paginated)
            text.insert(contentsOf: "\"theme\": \"\(reference)\", ", at: text.index(after: text.startIndex))
            try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/doc.json"))
        case .document:
            try Data(document(paginated: paginated).utf8).write(to: URL(fileURLWithPath: dir + "/" + target))
            documentPath = try PathSpelling.spell(target, c.spelling, in: dir)
        }
        let base = clash ? "x.png" : "y.png", folder = clash ? "out" : "other"
        var arguments = ["render", "--input-format", "json", documentPath]
        if c.input == .document && c.output == .outDirPages && clash {
            // The paginated document is another input whose page file the document named like one is.
            try Data(document(paginated: true).utf8).write(to: URL(fileURLWithPath: dir + "/doc.json"))
            arguments.insert("doc.json", at: 3)
        }
        switch c.output {
        case .single: arguments += ["-o", clash ? target : base]
        case .appearance: arguments += ["-o", base, "--appearance", "light,dark"]
        case .pages: arguments += ["-o", base]
        case .outDir, .outDirPages: arguments += ["--out-dir", folder, "--format", "png"]
        }
        return arguments
    }

    /// Every file under `dir` with its bytes (links as their targets), to see that nothing changed.
    static func contents(_ dir: String) -> [String: Data] {
        var all: [String: Data] = [:]
        let fm = FileManager.default
        var pending = [""]
        while let relative = pending.popLast() {
            for name in (try? fm.contentsOfDirectory(atPath: dir + "/" + relative)) ?? [] {
                let path = relative.isEmpty ? name : relative + "/" + name, full = dir + "/" + path
                if let target = try? fm.destinationOfSymbolicLink(atPath: full) { all[path] = Data(("-> " + target).utf8); continue }
                var isFolder: ObjCBool = false
                if fm.fileExists(atPath: full, isDirectory: &isFolder), isFolder.boolValue { all[path + "/"] = Data(); pending.append(path); continue }
                all[path] = fm.contents(atPath: full) ?? Data()
            }
        }
        return all
    }

    @Test(arguments: cases) func outputOverAnInputIsRefused(_ c: Case) throws {
        let dir = try CLI.scratch("plan-render")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let arguments = try Self.setUp(c, in: dir)
        let before = Self.contents(dir)
        let run = try CLI.run(arguments, in: dir)
        CLI.expectOneErrorLine(run, containing: ["refusing"])
        #expect(Self.contents(dir) == before, "\(c): the folder changed")
    }

    /// The same set-ups with outputs that clash with nothing render (exit 0): the refusals above
    /// come from the clash, not from a broken set-up.
    @Test(arguments: InputKind.allCases.flatMap { i in OutputKind.allCases.map { Case(input: i, output: $0, spelling: .plain) } })
    func theSameRunWithOtherNamesRenders(_ c: Case) throws {
        let dir = try CLI.scratch("plan-render-ok")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let arguments = try Self.setUp(c, in: dir, clash: false)
        let run = try CLI.run(arguments, in: dir)
        #expect(run.status == 0, "\(c): \(run.stderr)")
    }

    /// Two inputs of one `--out-dir` batch: `a.json` paginated writes `a-1.png` …, so `a-1.json`
    /// (not paginated, `a-1.png`) is refused, as is any `a-<digits>` stem, in PNG and SVG.
    @Test(arguments: ["png", "svg"], ["a-1", "a-2", "a-10"])
    func pageFilesOfOneInputAgainstAnothersOutput(format: String, stem: String) throws {
        let dir = try CLI.scratch("plan-batch")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(Self.document(paginated: true).utf8).write(to: URL(fileURLWithPath: dir + "/a.json"))
        try Data(Self.document(paginated: false).utf8).write(to: URL(fileURLWithPath: dir + "/\(stem).json"))
        let run = try CLI.run(["render", "a.json", "\(stem).json", "--out-dir", "out", "--format", format], in: dir)
        CLI.expectOneErrorLine(run, containing: ["out/\(stem).\(format)", "page file", "out/a.\(format)"])
        #expect(CLI.listing(dir + "/out").isEmpty)
        // Not a page name: both render.
        try Data(Self.document(paginated: false).utf8).write(to: URL(fileURLWithPath: dir + "/a-x.json"))
        let fine = try CLI.run(["render", "a.json", "a-x.json", "--out-dir", "out", "--format", format], in: dir)
        #expect(fine.status == 0, "\(fine.stderr)")
        #expect(CLI.listing(dir + "/out").contains("a-x.\(format)"))
        #expect(CLI.listing(dir + "/out").contains("a-1.\(format)"))
    }

    /// `-o x.png` of a paginated document whose own image is `x-1.png`: refused before any page
    /// is written (the example), through the output plan and again by the page writer.
    @Test func pageFileOverTheDocumentsImage() throws {
        let dir = try CLI.scratch("plan-pages")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try CompareFolderCommandTests.png(dir + "/x-1.png", dot: (2, 2))
        let image = try Data(contentsOf: URL(fileURLWithPath: dir + "/x-1.png"))
        try Data(Self.document(cell: "{\"image\": \"x-1.png\"}", paginated: true).utf8).write(to: URL(fileURLWithPath: dir + "/x.json"))
        for output in ["x.png", "./x.png", "sub/../x.png"] {
            try? FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
            let run = try CLI.run(["render", "x.json", "-o", output], in: dir)
            CLI.expectOneErrorLine(run, containing: ["x-1.png", "page file"])
            #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/x-1.png")) == image)
            #expect(!FileManager.default.fileExists(atPath: dir + "/x-2.png"))
        }
    }

    /// One input's output over another input's file, in either order of the batch and with many
    /// threads: refused before the first document is rendered.
    @Test(arguments: [["a.json", "b.json"], ["b.json", "a.json"]])
    func oneInputsOutputOverAnothersImage(_ order: [String]) throws {
        let dir = try CLI.scratch("plan-cross")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
        try CompareFolderCommandTests.png(dir + "/out/b.png", dot: (1, 2))
        try Data(Self.document(cell: "{\"image\": \"out/b.png\"}", paginated: false).utf8).write(to: URL(fileURLWithPath: dir + "/a.json"))
        try Data(Self.document(paginated: false).utf8).write(to: URL(fileURLWithPath: dir + "/b.json"))
        let before = Self.contents(dir)
        let run = try CLI.run(["render"] + order + ["--out-dir", "./out/", "--format", "png", "--jobs", "2"], in: dir)
        CLI.expectOneErrorLine(run, containing: ["out/b.png", "read by a.json", "refusing"])
        #expect(Self.contents(dir) == before)
    }

    /// A batch past `RenderCommand.keptInputBytes` (which keeps only what the plan needs and
    /// prepares each document again to render it; 0 here, and the default) is planned the same
    /// way, and renders when clean.
    @Test(arguments: ["0", "16777216"]) func largeBatchesArePlannedToo(keptBytes: String) throws {
        let dir = try CLI.scratch("plan-large")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var inputs: [String] = []
        for i in 0..<24 {
            try Data(Self.document(paginated: i % 2 == 0).utf8).write(to: URL(fileURLWithPath: dir + "/d\(i).json"))
            inputs.append("d\(i).json")
        }
        try Data(Self.document(paginated: false).utf8).write(to: URL(fileURLWithPath: dir + "/d4-2.json"))
        let environment = ["GRIDRENDER_KEPT_INPUT_BYTES": keptBytes]
        let refused = try CLI.run(["render"] + inputs + ["d4-2.json", "--out-dir", "out", "--format", "png"], in: dir, environment: environment)
        CLI.expectOneErrorLine(refused, containing: ["out/d4-2.png", "page file", "out/d4.png"])
        #expect(CLI.listing(dir + "/out").isEmpty)
        let fine = try CLI.run(["render"] + inputs + ["--out-dir", "out", "--format", "png"], in: dir, environment: environment)
        #expect(fine.status == 0, "\(fine.stderr)")
        #expect(CLI.listing(dir + "/out").count == 12 + 12 * 4)  // 30 rows: 4 pages each
        #expect(CLI.listing(dir + "/out").contains("d23.png") && CLI.listing(dir + "/out").contains("d22-1.png"))
    }
}
