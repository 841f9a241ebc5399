import Foundation
import Testing

/// Generated text and long text through the command line (issue 25 item 7): symbol footnote
/// marks are bounded, marks count against the cell budget, an unwrapped text wider than
/// Pango's range is refused with one line (never squeezed), and a line of many styled runs
/// shown across PNG tiles draws the same pixels as a line within one tile.
@Suite struct LinearTextCommandTests {
    static func footnotes(_ count: Int, marks: String, onTitle: Bool = true) -> String {
        let notes = (0..<count).map { #"{"text": "n\#($0)", "title": \#(onTitle), "columns": ["a"]}"# }.joined(separator: ",")
        return #"{"title": "T", "columns": [{"key": "a"}], "data": {"rows": [["x"]]}, "footnoteMarks": "\#(marks)", "footnotes": [\#(notes)]}"#
    }

    /// Up to 24 notes render with symbols; 25, 2,000 and 5,000 are refused with one line at once.
    @Test(arguments: [1, 6, 7, 24, 25, 100, 2_000, 5_000])
    func symbolMarksAreBounded(count: Int) throws {
        let dir = try CLI.scratch("symbols")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.footnotes(count, marks: "symbols").write(toFile: dir + "/doc.json", atomically: true, encoding: .utf8)
        let run = try CLI.run(["render", "doc.json", "-o", "out.png"], in: dir)
        if count <= 24 {
            #expect(run.status == 0, "\(run.stderr)")
        } else {
            #expect(run.status == 2)
            #expect(run.errorLines.count == 1, "\(run.stderr)")
            #expect(run.stderr.contains("footnoteMarks") && run.stderr.contains("\"symbols\" marks at most 24 notes") && run.stderr.contains("\"numbers\""), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
        }
    }

    /// Numbers and letters take any count; the joined marks on one place count against the
    /// cell budget with the text they follow.
    @Test(arguments: ["numbers", "letters"])
    func marksCountAgainstTheCellBudget(marks: String) throws {
        let dir = try CLI.scratch("markbudget")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.footnotes(300, marks: marks).write(toFile: dir + "/doc.json", atomically: true, encoding: .utf8)
        let fits = try CLI.run(["render", "doc.json", "-o", "out.svg"], in: dir)
        #expect(fits.status == 0, "\(fits.stderr)")
        let over = try CLI.run(["render", "doc.json", "-o", "over.svg"], in: dir, environment: ["GRIDRENDER_MAX_CELL_BYTES": "200"])
        #expect(over.status == 2)
        #expect(over.errorLines.count == 1, "\(over.stderr)")
        #expect(over.stderr.contains("footnote marks on one place") && over.stderr.contains("GRIDRENDER_MAX_CELL_BYTES"), "\(over.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/over.svg"))
    }

    /// Unwrapped texts whose natural width passes Pango's Int32 range (wide Latin, CJK, a large
    /// font, markup) are refused with one line naming the column and the row of its widest text
    /// in every format; the same
    /// texts a fifth as long render at their width.
    @Test(arguments: ["W", "字", "x", "*W* "], ["png", "svg", "pdf"])
    func unwrappedTextPastPangosRangeIsRefused(unit: String, format: String) throws {
        let dir = try CLI.scratch("wide")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let size = unit == "x" ? 40 : 9
        let count = unit == "x" ? 120_000 : 200_000
        func doc(_ n: Int) -> String {
            #"{"columns": [{"key": "a", "style": {"size": \#(size), "markup": "markdown"}}], "data": {"rows": [["a"], ["\#(String(repeating: unit, count: n))"], ["b"]]}}"#
        }
        try doc(count).write(toFile: dir + "/doc.json", atomically: true, encoding: .utf8)
        let run = try CLI.run(["render", "doc.json", "-o", "out.\(format)"], in: dir)
        #expect(run.status == 2, "\(unit) \(format): \(run.stderr)")
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("column 1") && run.stderr.contains("Pango's range"), "\(run.stderr)")
        #expect(run.stderr.contains("widest text: row 2, column \"a\""), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.\(format)"))
        // A fifth as long fits: the layout is its true width, not a squeezed one.
        try doc(count / 5).write(toFile: dir + "/short.json", atomically: true, encoding: .utf8)
        let layout = try CLI.run(["layout", "short.json"], in: dir)
        #expect(layout.status == 0, "\(layout.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(layout.stdout.utf8)) as? [String: Any])
        let width = try #require((json["size"] as? [String: Double])?["width"])
        #expect(width > 100_000, "\(unit): \(width)")
    }
}

extension LinearTextCommandTests {
    /// Font changes past `GRIDRENDER_MAX_FONT_CHANGES` in one text (markup spans of every font
    /// kind, runs of other scripts) render with exit 0 and one warning naming the text, in
    /// every format; the text is drawn, its first changes styled (the picture differs from the
    /// same text with one styled and from it with all styled). Under the limit: no warning.
    @Test(arguments: ["*a* ", "**b** ", "`c` ", "a字 ", "***d*** "], ["png", "svg", "pdf"])
    func fontChangesPastTheLimitAreSetPlainWithOneWarning(unit: String, format: String) throws {
        let dir = try CLI.scratch("fontchanges")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = String(repeating: unit, count: 300)
        let doc = #"{"columns": [{"key": "a", "width": 300, "style": {"markup": "markdown", "wrap": true}}], "data": {"rows": [["x"], ["\#(text)"]]}}"#
        try doc.write(toFile: dir + "/doc.json", atomically: true, encoding: .utf8)
        let under = try CLI.run(["render", "doc.json", "-o", "all.\(format)"], in: dir, environment: ["GRIDRENDER_MAX_FONT_CHANGES": "100000"])
        #expect(under.status == 0 && under.stderr.isEmpty, "\(under.stderr)")
        let over = try CLI.run(["render", "doc.json", "-o", "cut.\(format)"], in: dir, environment: ["GRIDRENDER_MAX_FONT_CHANGES": "40"])
        #expect(over.status == 0, "\(over.stderr)")
        let lines = over.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(over.stderr)")
        #expect(over.stderr.contains("doc.json, row 2, column \"a\"") && over.stderr.contains("font changes")
                && over.stderr.contains("after the first 40") && over.stderr.contains("GRIDRENDER_MAX_FONT_CHANGES"), "\(over.stderr)")
        let none = try CLI.run(["render", "doc.json", "-o", "none.\(format)"], in: dir, environment: ["GRIDRENDER_MAX_FONT_CHANGES": "1"])
        #expect(none.status == 0)
        let all = try Data(contentsOf: URL(fileURLWithPath: dir + "/all.\(format)"))
        let cut = try Data(contentsOf: URL(fileURLWithPath: dir + "/cut.\(format)"))
        let plain = try Data(contentsOf: URL(fileURLWithPath: dir + "/none.\(format)"))
        #expect(cut != all && cut != plain && all != plain)
    }
}

extension LinearTextCommandTests {
    /// A format's generated text counts against the cell budget (`GRIDRENDER_MAX_CELL_BYTES`):
    /// a prefix, suffix or date pattern whose longest formatted value passes it is refused with
    /// one line naming the key path, on a column and on a cell; the same format a fifth as long
    /// renders.
    @Test(arguments: ["prefix", "suffix", "date"], [true, false])
    func formattedTextCountsAgainstTheCellBudget(key: String, onColumn: Bool) throws {
        let dir = try CLI.scratch("formatbudget")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func doc(_ n: Int) -> String {
            let format = key == "date" ? #"{"date": {"output": "\#(String(repeating: "EEEE ", count: n / 5))"}}"#
                                       : #"{"number": {"\#(key)": "\#(String(repeating: "€", count: n / 3))"}}"#
            let value = key == "date" ? #""2024-05-06""# : "1234.5"
            let column = onColumn ? #", "format": \#(format)"# : ""
            let cell = onColumn ? value : #"{"\#(key == "date" ? "text" : "number")": \#(value), "format": \#(format)}"#
            return #"{"columns": [{"key": "a"\#(column)}], "data": {"rows": [[\#(cell)]]}}"#
        }
        let env = ["GRIDRENDER_MAX_CELL_BYTES": "3000"]
        try doc(2_900).write(toFile: dir + "/big.json", atomically: true, encoding: .utf8)
        let over = try CLI.run(["render", "big.json", "-o", "big.png"], in: dir, environment: env)
        #expect(over.status == 2, "\(over.stderr)")
        #expect(over.errorLines.count == 1, "\(over.stderr)")
        #expect(over.stderr.contains("big.json") && over.stderr.contains("format") && over.stderr.contains("GRIDRENDER_MAX_CELL_BYTES"), "\(over.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/big.png"))
        try doc(480).write(toFile: dir + "/small.json", atomically: true, encoding: .utf8)
        let fits = try CLI.run(["render", "small.json", "-o", "small.png"], in: dir, environment: env)
        #expect(fits.status == 0, "\(fits.stderr)")
    }
}

extension LinearTextCommandTests {
    /// Line breaks past `GRIDRENDER_MAX_LINE_BREAKS` in one text that cannot be laid out as lines
    /// of one paragraph (`LineSeparatedText`: here, non-ASCII text; a cell of many lines, a block
    /// of many footnotes) are shown as spaces, with exit 0 and one warning naming the text; under
    /// the limit nothing changes. A cell of "a\n" × 40,000 took 25 s (paragraphs × length in Pango).
    @Test(arguments: ["cell", "notes"], ["png", "pdf"])
    func lineBreaksPastTheLimitAreSpacesWithOneWarning(place: String, format: String) throws {
        let dir = try CLI.scratch("linebreaks")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let doc = place == "cell"
            ? #"{"columns": [{"key": "a", "width": 200, "style": {"wrap": true}}], "data": {"rows": [["\#(String(repeating: "línea\\n", count: 300))"]]}}"#
            // A width of its own: joined by spaces, the notes wrap in the grid's width, and a PDF
            // taller than 14,400 pt would be paginated with a warning of its own.
            : #"{"canvas": {"width": 600}, "columns": [{"key": "a"}], "data": {"rows": [["x"]]}, "footnotes": [\#((0..<300).map { #"{"text": "nota é \#($0)"}"# }.joined(separator: ","))]}"#
        try doc.write(toFile: dir + "/doc.json", atomically: true, encoding: .utf8)
        let under = try CLI.run(["render", "doc.json", "-o", "all.\(format)"], in: dir, environment: ["GRIDRENDER_MAX_LINE_BREAKS": "1000"])
        #expect(under.status == 0 && under.stderr.isEmpty, "\(under.stderr)")
        let over = try CLI.run(["render", "doc.json", "-o", "cut.\(format)"], in: dir, environment: ["GRIDRENDER_MAX_LINE_BREAKS": "50"])
        #expect(over.status == 0, "\(over.stderr)")
        #expect(over.stderr.split(separator: "\n").count == 1, "\(over.stderr)")
        let named = place == "cell" ? "doc.json, row 1, column \"a\"" : "doc.json, the footnote"
        #expect(over.stderr.contains(named) && over.stderr.contains("line breaks in one text; after the first 50 they are shown as spaces")
                && over.stderr.contains("GRIDRENDER_MAX_LINE_BREAKS"), "\(over.stderr)")
        let all = try Data(contentsOf: URL(fileURLWithPath: dir + "/all.\(format)"))
        let cut = try Data(contentsOf: URL(fileURLWithPath: dir + "/cut.\(format)"))
        #expect(all != cut)
    }
}
