import Foundation
import GridSnapshot
import Testing

/// The adoption conveniences of the CLI, run through the built binary: `schema`, `--version`,
/// completion scripts, `-` for standard input, Markdown input, `--columns`, `--sort`, `--limit`,
/// `--title` and theme files.
@Suite struct ConvenienceCommandTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let root: String = {
        var root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while root.path != "/" && !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root = root.deletingLastPathComponent()
        }
        return root.path
    }()

    /// The `gridrender` executable next to the test bundle, else in the package's `.build/debug`.
    static let binary: URL? = {
        var candidates: [URL] = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        candidates.append(URL(fileURLWithPath: root).appendingPathComponent(".build/debug"))
        return candidates.map { $0.appendingPathComponent("gridrender") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    func run(_ arguments: [String], stdin: String? = nil, in directory: String = ConvenienceCommandTests.root) throws -> Run {
        let binary = try #require(Self.binary, "gridrender binary not built")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }

    func temporaryDirectory() throws -> String {
        let dir = NSTemporaryDirectory() + "gridrender-conv-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Data-row texts of `gridrender layout` are not printed, so row counts and column counts are
    /// what the CLI tests compare; content checks live in GridDocumentTests.
    func layoutShape(_ r: Run) throws -> (columns: Int, rows: [String]) {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let columns = try #require(object["columns"] as? [Any])
        let rows = try #require(object["rows"] as? [[String: Any]])
        return (columns.count, rows.compactMap { $0["kind"] as? String })
    }

    @Test func schemaPrintsDraft2020_12() throws {
        let r = try run(["schema"])
        #expect(r.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(object["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect((object["properties"] as? [String: Any])?["columns"] != nil)
    }

    @Test func version() throws {
        let r = try run(["--version"])
        #expect(r.status == 0)
        #expect(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScripts(shell: String) throws {
        let r = try run(["--generate-completion-script", shell])
        #expect(r.status == 0)
        #expect(r.stdout.contains("gridrender"))
        #expect(r.stdout.contains("render"))
        #expect(r.stdout.contains("schema"))
    }

    @Test func standardInput() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let doc = #"{"columns": [{"key": "a"}], "data": {"rows": [["x"], ["y"]]}}"#
        let r = try run(["layout", "-"], stdin: doc)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try layoutShape(r).rows == ["header", "data", "data"])
        let out = dir + "/stdin.png"
        let rendered = try run(["render", "-", "-o", out], stdin: doc)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test func markdownInput() throws {
        let r = try run(["layout", "Fixtures/markdown/scores.md"])
        #expect(r.status == 0, "\(r.stderr)")
        let shape = try layoutShape(r)
        #expect(shape.columns == 3)
        #expect(shape.rows == ["header", "data", "data", "data", "data"])
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let noTable = dir + "/empty.md"
        try "# nothing here\n".write(toFile: noTable, atomically: true, encoding: .utf8)
        let bad = try run(["render", noTable, "-o", dir + "/x.png"])
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("error: \(noTable): no Markdown pipe table found"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    }

    @Test func columnsSortLimitTitle() throws {
        let plain = try layoutShape(try run(["layout", "Fixtures/decoding/people.csv"]))
        let r = try run(["layout", "Fixtures/decoding/people.csv", "--columns", "name,balance", "--sort", "-balance",
                         "--limit", "2", "--title", "Richest"])
        #expect(r.status == 0, "\(r.stderr)")
        let shape = try layoutShape(r)
        #expect(shape.columns == 2)
        #expect(shape.rows == ["header", "data", "data"])
        #expect(plain.rows.count > 3)
        // The title takes room above the grid: the first row starts lower.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(object["rows"] != nil)
        let descending = try run(["layout", "Fixtures/decoding/people.csv", "--sort", "balance", "--descending"])
        #expect(descending.status == 0, "\(descending.stderr)")
    }

    @Test func overrideErrors() throws {
        let unknown = try run(["layout", "Fixtures/decoding/people.csv", "--sort", "balanse"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "error: Fixtures/decoding/people.csv: --sort: no column \"balanse\"; did you mean \"balance\"?\n")
        let lonely = try run(["layout", "Fixtures/decoding/people.csv", "--descending"])
        #expect(lonely.status == 2)
        #expect(lonely.stderr.hasPrefix("error: --descending goes with --sort KEY"))
        let items = try run(["layout", "Fixtures/demo/items.json", "--columns", "a"])
        #expect(items.status == 2)
        #expect(items.stderr.contains("--columns: applies to tables"))
    }

    @Test func itemLimit() throws {
        let r = try run(["layout", "Fixtures/demo/items.json", "--limit", "5"])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let cells = try #require(object["cells"] as? [[String: Any]])
        #expect(cells.compactMap { $0["item"] as? Int }.max() == 4)
    }

    @Test func themeFile() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let theme = dir + "/brand.json"
        try ##"{"extends": "minimal", "styles": {"header": {"background": "#102030", "color": "#ffffff"}}}"##
            .write(toFile: theme, atomically: true, encoding: .utf8)
        let r = try run(["render", "Fixtures/markdown/scores.md", "--theme", theme, "-o", dir + "/t.png"])
        #expect(r.status == 0, "\(r.stderr)")
        let image = try RGBAImage(contentsOfPNGFile: dir + "/t.png")
        // Inside the header row, past the 12 pt padding a Markdown table gets at scale 1 or 2.
        #expect(image[30, 30] == RGBA(0x10, 0x20, 0x30))
    }
}

extension ConvenienceCommandTests {
    @Test(arguments: [
        ("yaml", "columns:\n  - key: a\ndata:\n  rows: [[x], [y]]\n"),
        ("csv", "a,b\n1,x\n2,y\n"),
        ("tsv", "a\tb\n1\tx\n2\ty\n"),
        ("md", "| a | b |\n|---|--:|\n| 1 | x |\n| 2 | y |\n"),
    ])
    func standardInputInOtherFormats(format: String, text: String) throws {
        let r = try run(["layout", "-", "--input-format", format], stdin: text)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try layoutShape(r).rows == ["header", "data", "data"])
    }

    @Test func inputFormatErrors() throws {
        let r = try run(["layout", "-", "--input-format", "csv"], stdin: "a,b\n1\n")
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("error: -:2"))
        let bad = try run(["layout", "-", "--input-format", "xls"], stdin: "")
        #expect(bad.status == 2)
    }
}

extension ConvenienceCommandTests {
    /// `themes --show` output is a theme file: `--theme` takes it back and renders like the preset.
    @Test(arguments: ["striped", "plain", "dark", "minimal", "ledger"])
    func themesShowWritesAThemeFile(name: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let shown = try run(["themes", "--show", name])
        #expect(shown.status == 0)
        try shown.stdout.write(toFile: dir + "/copy.json", atomically: true, encoding: .utf8)
        let a = try run(["render", "Fixtures/gallery/spans.json", "--theme", name, "-o", dir + "/a.png"])
        let b = try run(["render", "Fixtures/gallery/spans.json", "--theme", dir + "/copy.json", "-o", dir + "/b.png"])
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        #expect(try RGBAImage(contentsOfPNGFile: dir + "/a.png") == RGBAImage(contentsOfPNGFile: dir + "/b.png"))
    }

    @Test func themesShowUnknown() throws {
        let unknown = try run(["themes", "--show", "fancy"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("error: --show: unknown theme \"fancy\"; known themes: striped"))
    }
}
