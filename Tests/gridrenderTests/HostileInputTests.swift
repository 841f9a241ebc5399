import Foundation
import Testing

/// Hostile input and hostile environments, round 2 (issue 12; docs/robustness.md): numeric
/// ranges, budgets, files that are not regular files, outputs that are inputs or read-only,
/// signals, escaping. Every failure is one `error:` line, exit 2 (1 where the output cannot be
/// written), nothing left behind and an existing output untouched.
@Suite struct HostileInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var input: String
        var fragments: [String]
        var extra: [String] = []
        var format = "png"
        var testDescription: String { ([input] + extra + [format]).joined(separator: " ") }
    }

    static let cases: [Case] = [
        // Arithmetic traps: one range per numeric key, with the key path.
        Case(input: "font-size-huge.json", fragments: ["font-size-huge.json:1: columns[0].style.size:", "at most 1,000 pt", "3000000"]),
        Case(input: "fill-weight-tiny.json", fragments: ["fill-weight-tiny.json:1: columns[0].width.fill:", "1e-308"]),
        Case(input: "dash-zero.json", fragments: ["dash-zero.json:2: gridLines.horizontal.dash:", "greater than 0"], format: "svg"),
        Case(input: "page-tiny.json", fragments: ["page-tiny.json:2: canvas.page.width:", "from 72"], format: "pdf"),
        // Silent wrong output, now refused.
        Case(input: "items-too-many.json", fragments: ["items-too-many.json:2: items:", "4,194,304"], format: "svg"),
        Case(input: "vector-too-tall.json", fragments: ["vector-too-tall.json", "SVG would be 10,000,000 pt tall", "8,388,607"], format: "svg"),
        // A PDF page past 14,400 pt is paginated to A4 unless a size is chosen: --width chooses one.
        Case(input: "vector-too-tall.json", fragments: ["vector-too-tall.json", "PDF page would be", "canvas.page"], extra: ["--width", "100"], format: "pdf"),
        // Super-linear work: aliases to one long string are counted in bytes.
        Case(input: "alias-text-bomb.yaml", fragments: ["alias-text-bomb.yaml:1:", "bytes of text", "GRIDRENDER_MAX_TEXT_BYTES"]),
        // Messages: control characters in an echoed key are escaped.
        Case(input: "control-characters-in-key.json", fragments: ["control-characters-in-key.json:3:", #"unknown key `tit\nle\u{1B}[31m`"#]),
        // Usage: a negative count says what is wrong, not "Missing value".
        Case(input: "ok.json", fragments: ["--jobs", "at least 1", "-1"], extra: ["--jobs", "-1"]),
        Case(input: "ok.json", fragments: ["--limit", "-2"], extra: ["--limit", "-2"]),
    ]

    @Test(arguments: cases)
    func refusedWithOneLine(_ c: Case) throws {
        let dir = try RenderCommandErrorTests.fixtures()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let output = "out.\(c.format)"
        let sentinel = Data("an earlier render".utf8)
        try sentinel.write(to: URL(fileURLWithPath: dir + "/" + output))
        let before = CLI.listing(dir)
        let arguments = c.extra.first == "--jobs"
            ? ["render", c.input, "--out-dir", "out", "--format", c.format] + c.extra
            : ["render", c.input, "-o", output] + c.extra
        let run = try CLI.run(arguments, in: dir)
        CLI.expectOneErrorLine(run, containing: c.fragments)
        #expect(CLI.listing(dir) == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/" + output)) == sentinel)
    }

    /// Text Pango cannot lay out: a column 16,000,000 px wide at scale 16 (SVG has no pixel limit).
    @Test func columnWiderThanPangoCanMeasure() throws {
        let dir = try CLI.scratch("pango")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(#"{"canvas": {"scale": 16}, "columns": [{"key": "a", "width": 1000000}], "data": {"rows": [["x"]]}}"#, dir + "/wide.json")
        let run = try CLI.run(["render", "wide.json", "-o", "wide.svg"], in: dir)
        CLI.expectOneErrorLine(run, containing: ["wide.json", "16,000,000 px wide", "Pango"])
        #expect(CLI.listing(dir) == ["wide.json"])
    }

    // MARK: Budgets

    /// A CSV line of a million commas is refused at the column budget, before a million fields exist.
    @Test func millionCommas() throws {
        let dir = try CLI.scratch("commas")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write("a" + String(repeating: ",", count: 1_000_000) + "\n", dir + "/wide.csv")
        let run = try CLI.run(["render", "wide.csv", "-o", "out.png"], in: dir)
        CLI.expectOneErrorLine(run, containing: ["wide.csv:1:", "16,384 columns", "GRIDRENDER_MAX_COLUMNS"])
        let raised = try CLI.run(["render", "wide.csv", "-o", "out.png"], in: dir, environment: ["GRIDRENDER_MAX_COLUMNS": "10"])
        CLI.expectOneErrorLine(raised, containing: ["wide.csv:1:", "more than 10 columns"])
    }

    /// One cell over the per-cell text budget (1 MiB): refused with its line or key path.
    @Test(arguments: ["csv", "json", "md"])
    func oneHugeCell(_ format: String) throws {
        let dir = try CLI.scratch("cell")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let big = String(repeating: "x", count: 2_000_000)
        let text = switch format {
        case "csv": "a\n\(big)\n"
        case "json": #"{"data": {"rows": [["a"], [""# + big + #""]]}}"#
        default: "| a |\n| --- |\n| \(big) |\n"
        }
        try write(text, dir + "/big.\(format)")
        let run = try CLI.run(["render", "big.\(format)", "-o", "out.png"], in: dir)
        let location = format == "json" ? "big.json:1: data.rows[1][0]:" : "big.\(format):\(format == "csv" ? 2 : 3):"
        CLI.expectOneErrorLine(run, containing: [location, "2,000,000 bytes", "GRIDRENDER_MAX_CELL_BYTES"])
        #expect(CLI.listing(dir) == ["big.\(format)"])
    }

    /// `x.png`, `./x.png` and `././x.png` are one image: counted (and decoded) once.
    @Test func oneImageUnderThreeSpellings() throws {
        let dir = try CLI.scratch("images")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let badge = CLI.packageRoot.appendingPathComponent("Fixtures/images/badge.png").path
        try FileManager.default.copyItem(atPath: badge, toPath: dir + "/x.png")
        try FileManager.default.copyItem(atPath: badge, toPath: dir + "/y.png")
        func doc(_ paths: [String]) -> String {
            #"{"data": {"rows": [["i"], "# + paths.map { #"[{"image": "\#($0)"}]"# }.joined(separator: ", ") + "]}}"
        }
        try write(doc(["x.png", "./x.png", "././x.png"]), dir + "/same.json")
        try write(doc(["x.png", "y.png"]), dir + "/two.json")
        // The budget fits one decoded copy of the image but not two.
        let size = try imageBytes(dir + "/x.png")
        let env = ["GRIDRENDER_MAX_IMAGE_BYTES": String(size + size / 2)]
        let same = try CLI.run(["render", "same.json", "-o", "same.png"], in: dir, environment: env)
        #expect(same.status == 0, "\(same.stderr)")
        let two = try CLI.run(["render", "two.json", "-o", "two.png"], in: dir, environment: env)
        CLI.expectOneErrorLine(two, containing: ["two.json:1: data.rows[2][0].image:", "GRIDRENDER_MAX_IMAGE_BYTES"])
    }

    /// `--limit 10` on a large CSV reads ten rows and renders them.
    @Test func limitReadsOnlyTheRowsItKeeps() throws {
        let dir = try CLI.scratch("limit")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Row 5,000 is ragged: with --limit 10 it is never read.
        var text = "n,v\n"
        for i in 0..<5_000 { text += "\(i),\(i * 2)\n" }
        text += "ragged\n"
        try write(text, dir + "/big.csv")
        let limited = try CLI.run(["layout", "big.csv", "--limit", "10"], in: dir)
        #expect(limited.status == 0, "\(limited.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(limited.stdout.utf8)) as? [String: Any])["rows"] as? [Any]
        #expect(rows?.count == 11)
        let whole = try CLI.run(["layout", "big.csv"], in: dir)
        CLI.expectOneErrorLine(whole, containing: ["big.csv:5002:", "expected 2 fields"])
    }

    // MARK: Files that are not regular files

    /// A named pipe as document, data file, image, theme, `extends`, `--theme` or `--font-dir`
    /// is refused at once (a reader would wait forever for a writer that never comes).
    @Test(arguments: ["document", "data", "image", "theme", "extends", "--theme", "--font-dir", "compare"])
    func namedPipeIsRefused(_ role: String) throws {
        let dir = try CLI.scratch("fifo")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = role == "document" ? "pipe.json" : role == "data" ? "pipe.csv" : role == "image" || role == "compare" ? "pipe.png" : "pipe.json"
        #expect(mkfifo(dir + "/" + fifo, 0o600) == 0)
        try write(#"{"data": {"rows": [["a"], ["x"]]}}"#, dir + "/ok.json")
        var arguments = ["render", "doc.json", "-o", "out.png"]
        switch role {
        case "document": arguments = ["render", fifo, "-o", "out.png"]
        case "data": try write(#"{"data": {"csv": "pipe.csv"}}"#, dir + "/doc.json")
        case "image": try write(#"{"data": {"rows": [["a"], [{"image": "pipe.png"}]]}}"#, dir + "/doc.json")
        case "theme": try write(#"{"theme": "pipe.json", "data": {"rows": [["a"]]}}"#, dir + "/doc.json")
        case "extends":
            try write(#"{"extends": "pipe.json"}"#, dir + "/theme.json")
            try write(#"{"theme": "theme.json", "data": {"rows": [["a"]]}}"#, dir + "/doc.json")
        case "--theme": arguments = ["render", "ok.json", "-o", "out.png", "--theme", "./pipe.json"]
        case "--font-dir": arguments = ["render", "ok.json", "-o", "out.png", "--font-dir", "pipe.json"]
        default:
            try write("x", dir + "/a.png")
            arguments = ["compare", fifo, "a.png"]
        }
        let run = try CLI.run(arguments, in: dir)
        CLI.expectOneErrorLine(run, containing: [fifo, role == "--font-dir" ? "named pipe (FIFO), not a directory" : "named pipe (FIFO)"])
        #expect(!CLI.listing(dir).contains("out.png"))
    }

    @Test func emptyFontDirectoryIsBadInput() throws {
        let dir = try CLI.scratch("fonts")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/empty", withIntermediateDirectories: true)
        try write(#"{"data": {"rows": [["a"]]}}"#, dir + "/ok.json")
        let run = try CLI.run(["render", "ok.json", "-o", "out.png", "--font-dir", "empty"], in: dir)
        CLI.expectOneErrorLine(run, containing: ["--font-dir empty", "no font files"])
    }

    // MARK: The output writer

    /// The output may not be a file the run reads: the document, its data file, an image, or
    /// `compare`'s images, whatever the spelling (`./cell.png`) or name (a hard link).
    @Test(arguments: ["document", "data", "image", "compare"])
    func outputThatIsAnInputIsRefused(_ target: String) throws {
        let dir = try CLI.scratch("clobber")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: CLI.packageRoot.appendingPathComponent("Fixtures/images/badge.png").path, toPath: dir + "/cell.png")
        try write("a\nx\n", dir + "/data.csv")
        try write(#"{"data": {"csv": "data.csv"}, "sections": [{"rows": [[{"image": "cell.png"}]]}]}"#, dir + "/doc.json")
        var arguments = ["render", "doc.json", "-o", "./cell.png"]
        var fragments = ["./cell.png", "cell.png, which this run reads", "refusing to overwrite"]
        switch target {
        case "document":
            try FileManager.default.linkItem(atPath: dir + "/doc.json", toPath: dir + "/doc.png")
            arguments = ["render", "doc.json", "-o", "doc.png"]
            fragments = ["doc.png", "same file as doc.json"]
        case "data":
            try FileManager.default.linkItem(atPath: dir + "/data.csv", toPath: dir + "/data.svg")
            arguments = ["render", "doc.json", "-o", "data.svg"]
            fragments = ["data.svg", "same file as data.csv"]
        case "compare":
            arguments = ["compare", "cell.png", "cell.png", "--diff", "./cell.png"]
        default: break
        }
        let before = try snapshot(dir)
        let run = try CLI.run(arguments, in: dir)
        CLI.expectOneErrorLine(run, containing: fragments)
        #expect(try snapshot(dir) == before)
    }

    /// A replaced file keeps its mode; a read-only one is refused unless `--force`.
    @Test func modesAndReadOnlyOutputs() throws {
        let dir = try RenderCommandErrorTests.fixtures()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/out.png"
        try Data("old".utf8).write(to: URL(fileURLWithPath: out))
        chmod(out, 0o600)
        var run = try CLI.run(["render", "ok.json", "-o", "out.png"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try mode(out) == 0o600)
        chmod(out, 0o444)
        let before = try Data(contentsOf: URL(fileURLWithPath: out))
        let listing = CLI.listing(dir)
        run = try CLI.run(["render", "ok.json", "-o", "out.png", "--scale", "2"], in: dir)
        CLI.expectOneErrorLine(run, code: 1, containing: ["out.png", "read-only", "--force"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == before)
        #expect(CLI.listing(dir) == listing)
        run = try CLI.run(["render", "ok.json", "-o", "out.png", "--scale", "2", "--force"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) != before)
        #expect(try mode(out) == 0o444)
    }

    /// Output names of 240–255 bytes: the temporary name is short, so they work.
    @Test(arguments: [240, 251, 255])
    func longOutputNames(_ length: Int) throws {
        let dir = try RenderCommandErrorTests.fixtures()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let name = String(repeating: "n", count: length - 4) + ".svg"
        let run = try CLI.run(["render", "ok.json", "-o", name], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/" + name))
    }

    /// SIGINT, SIGTERM and SIGHUP during a render leave no temporary file and the old output intact.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func signalLeavesNothingBehind(_ signal: Int32) throws {
        let binary = try #require(CLI.binary)
        let dir = try CLI.scratch("signal")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var text = "id,name,value,notes\n"
        for i in 0..<40_000 { text += "\(i),row \(i),\(i * 7 % 1000),some words to shape\n" }
        try write(text, dir + "/big.csv")
        let old = Data("the previous render".utf8)
        try old.write(to: URL(fileURLWithPath: dir + "/out.png"))
        let process = Process()
        process.executableURL = binary
        process.arguments = ["render", "big.csv", "-o", "out.png"]
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait for the temporary file to appear, then interrupt.
        let deadline = Date().addingTimeInterval(120)
        var sawTemporary = false
        while Date() < deadline, process.isRunning {
            if CLI.listing(dir).contains(where: { $0.hasSuffix(".tmp") }) { sawTemporary = true; break }
            usleep(2_000)
        }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(sawTemporary, "the render finished before a temporary file was seen")
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal)
        #expect(CLI.listing(dir) == ["big.csv", "out.png"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/out.png")) == old)
    }

    /// An `--out-dir` that cannot be made is one clear line, once for all inputs.
    @Test func outDirectoryFailureIsOneLine() throws {
        let dir = try RenderCommandErrorTests.fixtures()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["render", "ok.json", "one.csv", "--out-dir", "ok.json/sub", "--format", "png"], in: dir)
        CLI.expectOneErrorLine(run, code: 1, containing: ["--out-dir ok.json/sub", "ok.json is a file, not a folder"])
    }

    // MARK: Inputs accepted like the other formats

    /// Markdown with CR LF, a lone CR or a byte order mark reads like JSON, YAML and CSV do.
    @Test(arguments: ["\r\n", "\r", "\n"], [false, true])
    func markdownLineEndings(_ newline: String, bom: Bool) throws {
        let dir = try CLI.scratch("md")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = (bom ? "\u{FEFF}" : "") + ["| name | n |", "| --- | --: |", "| Ada | 36 |", ""].joined(separator: newline)
        try write(text, dir + "/t.md")
        let run = try CLI.run(["layout", "t.md"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let layout = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((layout["rows"] as? [Any])?.count == 2)
        #expect((layout["columns"] as? [Any])?.count == 2)
    }

    /// A chain of 8 theme files is accepted (the documented limit); 9 are refused.
    @Test(arguments: [8, 9])
    func extendsChains(_ files: Int) throws {
        let dir = try CLI.scratch("extends")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for i in 1...files {
            let parent = i == files ? "\"plain\"" : "\"t\(i + 1).json\""
            try write("{\"extends\": \(parent)}", dir + "/t\(i).json")
        }
        try write(#"{"theme": "t1.json", "data": {"rows": [["a"]]}}"#, dir + "/doc.json")
        let run = try CLI.run(["render", "doc.json", "-o", "out.png"], in: dir)
        if files <= 8 {
            #expect(run.status == 0, "\(run.stderr)")
        } else {
            CLI.expectOneErrorLine(run, containing: ["t9.json", "more than 8 levels"])
        }
    }

    /// A 100,000-character key is shortened in the message.
    @Test func longEchoesAreShortened() throws {
        let dir = try CLI.scratch("echo")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write("{\"" + String(repeating: "k", count: 100_000) + "\": 1}", dir + "/doc.json")
        let run = try CLI.run(["render", "doc.json", "-o", "out.png"], in: dir)
        CLI.expectOneErrorLine(run, containing: ["doc.json:1:", "unknown key", "(100,000 characters)"])
        #expect(run.stderr.count < 2_000)
    }

    // MARK: Helpers

    private func write(_ text: String, _ path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    private func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    private func snapshot(_ dir: String) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in CLI.listing(dir) { out[name] = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name)) }
        return out
    }

    /// Decoded bytes of a PNG (4 per pixel), from its header.
    private func imageBytes(_ path: String) throws -> Int {
        let header = Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(24))
        func be32(_ i: Int) -> Int { header[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        return be32(16) * be32(20) * 4
    }
}
