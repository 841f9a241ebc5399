import Foundation
import Testing
@testable import GridDocument
import GridTestSupport

/// Missing-value tokens in CSV, TSV and Markdown cells (`MissingValues`, `DataReading`): every
/// default token in a numeric and in a text column, sorted both ways, formatted, summarized.
@Suite struct MissingValuesTests {
    /// Prepared texts of data rows (`rows` layout rows from `first`), column `column`.
    static func texts(_ g: PreparedGrid, column: Int, rows: Range<Int>) -> [String] {
        rows.map { r in
            switch g.cells.content(row: r, column: column, item: nil) {
            case .text(let s): return s
            default: return ""
            }
        }
    }

    /// A CSV read as standard input would be (`--input-format csv`), with `reading`.
    static func csv(_ text: String, reading: DataReading = DataReading()) throws(DocumentError) -> Document {
        try Document.decode(Array(text.utf8), as: .csv, path: "t.csv", maxInputBytes: 1 << 20, reading: reading)
    }

    static let tokens = MissingValues.defaultTokens

    @Test(arguments: tokens)
    func tokenInNumericColumnKeepsItNumericAndSortsLast(token: String) throws {
        // "x" rows hold numbers; one row holds the token (quoted, so the empty token is a field).
        let text = "name,mass\na,3\nb,\"\(token)\"\nc,10\nd,2\n"
        for descending in [false, true] {
            let d = try Self.csv(text).applying(DocumentOverrides(sort: .init(key: "mass", descending: descending)))
            let g = try d.prepare()
            #expect(Self.texts(g, column: 1, rows: 1..<5) == (descending ? ["10", "3", "2", ""] : ["2", "3", "10", ""]),
                    "token \(token), descending \(descending)")
            #expect(Self.texts(g, column: 0, rows: 4..<5) == ["b"])
            #expect(g.cells.style(row: 1, column: 1, item: nil).align == .right, "token \(token)")
            #expect(g.warnings.isEmpty, "\(g.warnings)")
        }
    }

    @Test(arguments: tokens)
    func tokenInTextColumnIsMissingAndSortsLast(token: String) throws {
        let text = "name,sex\na,male\nb,\"\(token)\"\nc,female\n"
        for descending in [false, true] {
            let g = try Self.csv(text).applying(DocumentOverrides(sort: .init(key: "sex", descending: descending))).prepare()
            #expect(Self.texts(g, column: 1, rows: 1..<4) == (descending ? ["male", "female", ""] : ["female", "male", ""]),
                    "token \(token), descending \(descending)")
            #expect(g.cells.style(row: 1, column: 1, item: nil).align == .left)
        }
    }

    @Test func tokensMatchTrimmedAndExactlyOnly() {
        let m = MissingValues.standard
        for token in Self.tokens { #expect(m.contains(token)); #expect(m.contains(" \(token)\t")) }
        for text in ["na", "n/a", "NAN", "Null", "none", "NA2", "#N/A!", "0", "-", "N A"] { #expect(!m.contains(text), "\(text)") }
        let onlyEmpty = MissingValues([""])
        #expect(onlyEmpty.contains("") && onlyEmpty.contains("  "))
        #expect(!onlyEmpty.contains("NA"))
    }

    @Test func naOnlyEmptyKeepsTokensAsText() throws {
        // `--na ''`: NA is text again, so the column is text and a warning names it.
        let g = try Self.csv("name,mass\na,3\nb,NA\nc,10\nd,2\n", reading: DataReading(missingTokens: [""])).prepare()
        #expect(Self.texts(g, column: 1, rows: 1..<5) == ["3", "NA", "10", "2"])
        #expect(g.cells.style(row: 1, column: 1, item: nil).align == .left)
        #expect(g.warnings == ["t.csv: column \"mass\" is numeric except 1 value (\"NA\"): add them to data.na or --na to treat them as missing"])
    }

    @Test func customTokensReplaceTheDefaultList() throws {
        let g = try Self.csv("name,mass\na,3\nb,n/d\nc,NA\n", reading: DataReading(missingTokens: ["n/d"])).prepare()
        #expect(Self.texts(g, column: 1, rows: 1..<4) == ["3", "", "NA"])
        #expect(g.cells.style(row: 1, column: 1, item: nil).align == .left)   // NA is text now
    }

    @Test func missingCellsAreNotFormattedAndShowTheColumnsMissingText() throws {
        let dir = try scratch()
        try "k,v\na,1234.5\nb,NA\nc,#N/A\nd,2\n".write(toFile: dir + "/d.csv", atomically: true, encoding: .utf8)
        var d = try json("""
        {"columns": [{"key": "k"}, {"key": "v", "format": {"number": {"decimals": 2, "grouping": true}, "missing": "—"}}],
         "data": {"csv": "d.csv"},
         "summary": [{"label": "Sum", "values": {"v": "sum"}}, {"label": "Mean", "values": {"v": "mean"}},
                     {"label": "Min", "values": {"v": "min"}}, {"label": "N", "values": {"v": "count"}}]}
        """)
        d.baseDirectory = dir
        let g = try d.prepare()
        #expect(Self.texts(g, column: 1, rows: 1..<5) == ["1,234.50", "—", "—", "2.00"])
        // Summaries ignore missing values: sum, mean and min of 1234.5 and 2; count of 2.
        #expect(Self.texts(g, column: 1, rows: 5..<9) == ["1,236.50", "618.25", "2.00", "2"])
    }

    @Test func dataNaInADocumentReplacesTheList() throws {
        let dir = try scratch()
        try "k,v\na,1\nb,n/d\nc,NA\n".write(toFile: dir + "/d.csv", atomically: true, encoding: .utf8)
        var d = try json(#"{"data": {"csv": "d.csv", "na": ["n/d", ""]}}"#)
        d.baseDirectory = dir
        #expect(d.dataReading.missingTokens == ["n/d", ""])
        let g = try d.prepare()
        #expect(Self.texts(g, column: 1, rows: 1..<4) == ["1", "", "NA"])
        // The CLI's --na replaces the document's list.
        var cli = d
        cli.dataReading = d.dataReading.overridden(by: DataReading(missingTokens: ["NA"]))
        #expect(Self.texts(try cli.prepare(), column: 1, rows: 1..<4) == ["1", "n/d", ""])
    }

    @Test func markdownCellsHonourTokensAndJSONStringsDoNot() throws {
        var md = try Document.decode(markdown: "| k | v |\n|---|---|\n| a | 2 |\n| b | N/A |\n| c | 10 |\n", file: "t.md")
        md.blankMissingMarkdownCells(DataReading())
        let g = try md.applying(DocumentOverrides(sort: .init(key: "v", descending: true))).prepare()
        #expect(Self.texts(g, column: 1, rows: 1..<4) == ["10", "2", ""])
        #expect(g.cells.style(row: 1, column: 1, item: nil).align == .right)
        // A JSON string is text as written: only null is missing there.
        let j = try json(#"{"data": {"rows": [["k", "v"], ["a", 2], ["b", "NA"]]}}"#).prepare()
        #expect(Self.texts(j, column: 1, rows: 1..<3) == ["2", "NA"])
        #expect(j.cells.style(row: 1, column: 1, item: nil).align == .left)
    }

    func scratch() throws -> String {
        try TestScratch.directory("na")
    }
}
