import Foundation
import Testing

/// Every bad input of DESIGN.md §8 through `gridrender render`: exit code 2, one `error:` line
/// naming the file, the line where known and the key path, no crash report, no output file, and
/// an existing output file left byte for byte as it was. Inputs live in Fixtures/bad.
@Suite struct RenderCommandErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var input: String
        /// Fragments the error line must contain (file, `file:line`, key path, message).
        var fragments: [String]
        var extra: [String] = []
        var testDescription: String { input + (extra.isEmpty ? "" : " " + extra.joined(separator: " ")) }
    }

    static let cases: [Case] = [
        // Malformed JSON and YAML.
        Case(input: "truncated.json", fragments: ["truncated.json:4:", "unexpected end of input"]),
        Case(input: "missing-comma.json", fragments: ["missing-comma.json:2:", "expected ','"]),
        Case(input: "trailing-garbage.json", fragments: ["trailing-garbage.json:1:", "after the JSON value"]),
        Case(input: "empty.json", fragments: ["empty.json:1:", "empty"]),
        Case(input: "duplicate-key.json", fragments: ["duplicate-key.json:3:", "duplicate key `title`"]),
        Case(input: "malformed.yaml", fragments: ["malformed.yaml:2:", "invalid YAML"]),
        Case(input: "tab-indent.yaml", fragments: ["tab-indent.yaml:2:", "invalid YAML"]),
        // Unknown keys and wrong types.
        Case(input: "unknown-key.json", fragments: ["unknown-key.json:3:", "canvas", "unknown key `widht`", "`width`"]),
        Case(input: "unknown-key.yaml", fragments: ["unknown-key.yaml:2:", "unknown key `colums`"]),
        Case(input: "wrong-type.json", fragments: ["wrong-type.json:5: columns[2].width: expected a number"]),
        Case(input: "wrong-type-title.yaml", fragments: ["wrong-type-title.yaml:2: title: expected a string"]),
        // Negative, NaN and infinite lengths.
        Case(input: "negative-width.json", fragments: ["negative-width.json:2: canvas.width:", "-5"]),
        Case(input: "negative-column.json", fragments: ["negative-column.json:2: columns[0].width:", "-1"]),
        Case(input: "nan-width.yaml", fragments: ["nan-width.yaml:2: canvas.width:", "finite"]),
        Case(input: "infinite-width.json", fragments: ["infinite-width.json:2: canvas.width:", "finite"]),
        Case(input: "infinite-height.yaml", fragments: ["infinite-height.yaml:2: canvas.height:", "finite"]),
        // Scale out of range, in the document and on the command line.
        Case(input: "scale-zero.json", fragments: ["scale-zero.json:2: canvas.scale:", "at most 16"]),
        Case(input: "scale-negative.yaml", fragments: ["scale-negative.yaml:2: canvas.scale:", "-2"]),
        Case(input: "scale-too-big.json", fragments: ["scale-too-big.json:2: canvas.scale:", "17"]),
        Case(input: "ok.json", fragments: ["--scale", "17"], extra: ["--scale", "17"]),
        Case(input: "ok.json", fragments: ["--scale", "0"], extra: ["--scale", "0"]),
        Case(input: "ok.json", fragments: ["--scale", "-1"], extra: ["--scale=-1"]),
        Case(input: "ok.json", fragments: ["--scale", "nan"], extra: ["--scale", "nan"]),
        Case(input: "ok.json", fragments: ["--scale", "inf"], extra: ["--scale", "inf"]),
        Case(input: "ok.json", fragments: ["--width"], extra: ["--width=-3"]),
        // Canvas limits, refused before allocating.
        Case(input: "canvas-too-wide.json", fragments: ["canvas-too-wide.json:2: canvas:", "2,147,483,647 px per side"]),
        Case(input: "canvas-too-many-pixels.json", fragments: ["canvas-too-many-pixels.json:2: canvas:", "4,000,000,000"]),
        Case(input: "ok.json", fragments: ["ok.json", "2,147,483,647"], extra: ["--width", "200000000", "--scale", "16"]),
        // Missing files.
        Case(input: "missing-csv.json", fragments: ["missing-csv.json:2: data.csv:", "no-such-file.csv"]),
        Case(input: "missing-image.json", fragments: ["missing-image.json:4: data.rows[1][0].image:", "no-such-image.png"]),
        Case(input: "missing-theme.json", fragments: ["missing-theme.json:2: theme:", "no-such-theme.json"]),
        Case(input: "no-such-input.json", fragments: ["no-such-input.json", "no such file"]),
        Case(input: "ok.json", fragments: ["missing-theme-file.json", "no such file"], extra: ["--theme", "missing-theme-file.json"]),
        // Images in cells that cannot be used.
        Case(input: "not-a-png-image.json", fragments: ["not-a-png-image.json:4: data.rows[1][0].image:", "not a PNG"]),
        Case(input: "giant-image.json", fragments: ["giant-image.json:4: data.rows[1][0].image:", "30000×30000", "too large"]),
        Case(input: "truncated-image.json", fragments: ["truncated-image.json:4: data.rows[1][0].image:", "truncated"]),
        Case(input: "corrupt-image.json", fragments: ["corrupt-image.json:4: data.rows[1][0].image:", "corrupt"]),
        // Invalid UTF-8.
        Case(input: "invalid-utf8.json", fragments: ["invalid-utf8.json:2:", "invalid UTF-8"]),
        Case(input: "invalid-utf8.yaml", fragments: ["invalid-utf8.yaml:2:", "invalid UTF-8"]),
        Case(input: "invalid-utf8.csv", fragments: ["invalid-utf8.csv:3:", "invalid UTF-8"]),
        // CSV and TSV.
        Case(input: "ragged.csv", fragments: ["ragged.csv:3:", "expected 2 fields, found 3"]),
        Case(input: "ragged.tsv", fragments: ["ragged.tsv:2:", "expected 2 fields, found 1"]),
        Case(input: "unterminated-quote.csv", fragments: ["unterminated-quote.csv:3:", "unterminated quoted field"]),
        Case(input: "quote-in-field.csv", fragments: ["quote-in-field.csv:2:", "quote"]),
        Case(input: "text-after-quote.csv", fragments: ["text-after-quote.csv:2:", "closing quote"]),
        Case(input: "empty.csv", fragments: ["empty.csv:1:", "header"]),
        // Colours.
        Case(input: "invalid-colour.json", fragments: ["invalid-colour.json:2: canvas.background:", "#ggg"]),
        Case(input: "invalid-colour-style.yaml", fragments: ["invalid-colour-style.yaml:3: styles.header.color:", "not-a-colour"]),
        Case(input: "unquoted-hash-colour.yaml", fragments: ["unquoted-hash-colour.yaml:2: canvas.background:", "quote colours"]),
        // Themes: unknown names list the known ones.
        Case(input: "unknown-theme.json", fragments: ["unknown-theme.json:2: theme:", "\"neon\"", "striped", "plain", "dark"]),
        Case(input: "ok.json", fragments: ["ok.json", "--theme", "\"neon\"", "striped"], extra: ["--theme", "neon"]),
        // Hostile input: alias expansion (10^8 values), size limit.
        Case(input: "alias-bomb.yaml", fragments: ["alias-bomb.yaml:1:", "expands to more than 5000000 values"]),
        Case(input: "ok.json", fragments: ["ok.json", "input size limit of 10 bytes", "--max-input-size"], extra: ["--max-input-size", "10"]),
        Case(input: "csv-quoting.csv", fragments: ["csv-quoting.csv", "input size limit"], extra: ["--max-input-size", "20"]),
        // Files that are not documents.
        Case(input: "not-a-png.png", fragments: ["not-a-png.png", "unsupported input type"]),
        Case(input: ".", fragments: ["unsupported input type"]),
    ]

    /// A scratch copy of Fixtures/bad.
    static func fixtures() throws -> String {
        let dir = try CLI.scratch("bad")
        let source = CLI.packageRoot.appendingPathComponent("Fixtures/bad").path
        for name in try FileManager.default.contentsOfDirectory(atPath: source) {
            try FileManager.default.copyItem(atPath: source + "/" + name, toPath: dir + "/" + name)
        }
        return dir
    }

    /// Each case with one output format, taken in turn, so PNG, SVG and PDF are all covered.
    static let casesWithFormats: [(Case, String)] = cases.enumerated().map { ($1, ["png", "svg", "pdf"][$0 % 3]) }

    @Test(arguments: casesWithFormats)
    func badInputExitsTwoAndWritesNothing(_ c: Case, format: String) throws {
        let dir = try Self.fixtures()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let before = CLI.listing(dir)
        let run = try CLI.run(["render", c.input, "-o", "out.\(format)"] + c.extra, in: dir)
        CLI.expectOneErrorLine(run, containing: c.fragments)
        #expect(CLI.listing(dir) == before, "files were left behind")
    }

    @Test(arguments: cases)
    func existingOutputIsUntouched(_ c: Case) throws {
        let dir = try Self.fixtures()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let sentinel = Data("an earlier render, not to be overwritten".utf8)
        try sentinel.write(to: URL(fileURLWithPath: dir + "/out.png"))
        let before = CLI.listing(dir)
        let run = try CLI.run(["render", c.input, "-o", "out.png"] + c.extra, in: dir)
        CLI.expectOneErrorLine(run, containing: c.fragments)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/out.png")) == sentinel)
        #expect(CLI.listing(dir) == before)
    }

    /// 200,000 levels of nesting are an error, not a stack overflow, in JSON and YAML (flow and
    /// block style), also on standard input.
    @Test(arguments: [
        ("deep.json", String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)),
        ("deep-object.json", String(repeating: "{\"a\":", count: 200_000) + "1" + String(repeating: "}", count: 200_000)),
        ("deep.yaml", String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)),
        ("deep-map.yaml", String(repeating: "{a: ", count: 200_000) + "1" + String(repeating: "}", count: 200_000)),
        ("deep-block.yaml", String(repeating: "- ", count: 200_000) + "x\n"),
    ])
    func deepNestingIsAnError(name: String, text: String) throws {
        let dir = try CLI.scratch("deep")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
        let run = try CLI.run(["render", name, "-o", "out.png"], in: dir)
        CLI.expectOneErrorLine(run, containing: ["\(name):1:", "nesting deeper than"])
        #expect(CLI.listing(dir) == [name])
    }

    /// A fit-to-content canvas over the PNG limits is found after layout, still before any pixel
    /// memory (SVG and PDF are vector output and have no pixel limit).
    @Test func contentTooLargeForPNG() throws {
        let dir = try Self.fixtures()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/out.png"))
        let before = CLI.listing(dir)
        let run = try CLI.run(["render", "content-too-wide.json", "-o", "out.png"], in: dir)
        CLI.expectOneErrorLine(run, containing: ["content-too-wide.json", "14400000", "too large"])
        #expect(CLI.listing(dir) == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/out.png")) == Data("old".utf8))
    }

    @Test func deepNestingOnStandardInput() throws {
        let dir = try CLI.scratch("stdin")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        let run = try CLI.run(["render", "-", "-o", "out.png"], in: dir, stdin: Data(text.utf8))
        CLI.expectOneErrorLine(run, containing: ["-:1:", "nesting deeper than"])
        #expect(CLI.listing(dir).isEmpty)
    }

    @Test func malformedStandardInput() throws {
        let dir = try CLI.scratch("stdin")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["render", "-", "-o", "out.svg"], in: dir, stdin: Data("{\n\"title\": tru}".utf8))
        CLI.expectOneErrorLine(run, containing: ["-:2:", "literal"])
        #expect(CLI.listing(dir).isEmpty)
    }

    /// Standard input larger than the limit is cut off as soon as the limit is passed.
    @Test func standardInputOverTheSizeLimit() throws {
        let dir = try CLI.scratch("stdin")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = "{\"title\": \"" + String(repeating: "x", count: 300_000) + "\"}"
        let run = try CLI.run(["render", "-", "-o", "out.png", "--max-input-size", "100000"], in: dir, stdin: Data(text.utf8))
        CLI.expectOneErrorLine(run, containing: ["-:", "more than 100,000 bytes"])
        #expect(CLI.listing(dir).isEmpty)
    }

    @Test func sizeLimitFromTheEnvironment() throws {
        let dir = try Self.fixtures()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["render", "ok.json", "-o", "out.png"], in: dir, environment: ["GRIDRENDER_MAX_INPUT_BYTES": "12"])
        CLI.expectOneErrorLine(run, containing: ["ok.json", "input size limit of 12 bytes"])
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
    }

    /// A data file over the limit is refused too (the limit covers files a document names).
    @Test func dataFileOverTheSizeLimit() throws {
        let dir = try CLI.scratch("datasize")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("{\"data\": {\"csv\": \"big.csv\"}}".utf8).write(to: URL(fileURLWithPath: dir + "/doc.json"))
        try Data(("a,b\n" + String(repeating: "1,2\n", count: 1000)).utf8).write(to: URL(fileURLWithPath: dir + "/big.csv"))
        let run = try CLI.run(["render", "doc.json", "-o", "out.png", "--max-input-size", "1000"], in: dir)
        CLI.expectOneErrorLine(run, containing: ["big.csv", "input size limit of 1,000 bytes"])
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
    }

    /// Usage errors: exit 2 and one line too.
    @Test(arguments: [
        (["render"], "input"),
        (["render", "ok.json"], "-o"),
        (["render", "ok.json", "-o", "out.bmp"], "out.bmp"),
        (["render", "ok.json", "-o", "a.png", "--out-dir", "d"], "either"),
        (["render", "ok.json", "--out-dir", "d"], "--format"),
        (["render", "ok.json", "--out-dir", "d", "--format", "gif"], "gif"),
        (["render", "ok.json", "--out-dir", "d", "--format", "png", "--jobs", "0"], "--jobs"),
        (["render", "ok.json", "-o", "out.png", "--fonts", "fancy"], "fancy"),
        (["render", "ok.json", "-o", "out.png", "--max-input-size", "0"], "--max-input-size"),
        (["render", "ok.json", "-o", "out.png", "--bogus"], "--bogus"),
        (["frobnicate"], "frobnicate"),
    ])
    func usageErrors(arguments: [String], fragment: String) throws {
        let dir = try Self.fixtures()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let before = CLI.listing(dir)
        let run = try CLI.run(arguments, in: dir)
        CLI.expectOneErrorLine(run, containing: [fragment])
        #expect(CLI.listing(dir) == before)
    }

    /// A font that does not exist is a warning and a fallback, not an error.
    @Test func unknownFontWarnsAndFallsBack() throws {
        let dir = try Self.fixtures()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["render", "unknown-font.json", "-o", "out.png"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.errorLines.count == 1)
        #expect(run.stderr.hasPrefix("warning: "))
        #expect(run.stderr.contains("No Such Font Family"))
        #expect(FileManager.default.fileExists(atPath: dir + "/out.png"))
    }

    /// RFC 4180 quoting (commas, doubled quotes, line breaks inside quotes) renders.
    @Test func csvQuotingRenders() throws {
        let dir = try Self.fixtures()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["render", "csv-quoting.csv", "-o", "out.svg"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let svg = try String(contentsOfFile: dir + "/out.svg", encoding: .utf8)
        #expect(svg.contains("<svg"))
    }

    /// In a batch, a bad input fails (exit 2) without stopping the good ones, and leaves no file.
    @Test func batchWithOneBadInput() throws {
        let dir = try Self.fixtures()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["render", "ok.json", "ragged.csv", "--out-dir", "out", "--format", "png", "--jobs", "2"], in: dir)
        CLI.expectOneErrorLine(run, containing: ["ragged.csv:3:"])
        #expect(CLI.listing(dir + "/out") == ["ok.png"])
    }

    /// An output folder that does not exist is a failure to write (exit 1), with nothing left.
    @Test func unwritableOutput() throws {
        let dir = try Self.fixtures()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try CLI.run(["render", "ok.json", "-o", "no/such/dir/out.png"], in: dir)
        CLI.expectOneErrorLine(run, code: 1, containing: ["out.png"])
    }
}
