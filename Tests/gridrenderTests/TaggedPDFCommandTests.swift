import Foundation
import Testing
import GridTestSupport

/// Tagged PDF by default (issue 30 item 1): a structure tree `Document` → `Table` → `THead`/
/// `TBody` → `TR` → `TH`/`TD` with every cell's text in reading order, header scopes and spans,
/// `/MarkInfo`, `/Lang` and `/DisplayDocTitle`; `--untagged` writes none. Read back with poppler
/// (`pdfinfo -struct-text`) and checked with `qpdf --check`, as a reader would.
@Suite(.enabled(if: hasPopplerAndQPDF)) struct TaggedPDFCommandTests {

    /// A table cell of the structure tree: its type, attribute lines and text.
    struct Element: Equatable {
        var kind: String
        var attributes: [String] = []
        var text = ""
    }

    /// The `TH`/`TD` elements and the number of `TR`s that `pdfinfo -struct-text` lists.
    static func cells(_ pdf: String, in dir: String) throws -> (cells: [Element], rows: Int, tree: String) {
        let run = try CLI.run(["-struct-text", pdf], in: dir, executable: "/usr/bin/pdfinfo")
        #expect(run.status == 0, "\(run.stderr)")
        var cells: [Element] = [], rows = 0
        for line in run.stdout.split(separator: "\n", omittingEmptySubsequences: true) {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t == "TR" { rows += 1 } else if t == "TH:" || t == "TH" || t == "TD:" || t == "TD" {
                cells.append(Element(kind: String(t.prefix(2))))
            } else if t.hasPrefix("/"), !cells.isEmpty, line.hasPrefix(String(repeating: " ", count: 11)) {
                cells[cells.count - 1].attributes.append(t)
            } else if t.hasPrefix("\""), t.hasSuffix("\""), t.count >= 2, !cells.isEmpty {
                cells[cells.count - 1].text += t.dropFirst().dropLast()
            }
        }
        return (cells, rows, run.stdout)
    }

    static func expectValid(_ pdf: String, in dir: String, tagged: Bool = true) throws {
        let check = try CLI.run(["--check", pdf], in: dir, executable: "/usr/bin/qpdf")
        #expect(check.status == 0 && !(check.stdout + check.stderr).uppercased().contains("WARNING"), "\(check.stdout)\(check.stderr)")
        let info = try CLI.run([pdf], in: dir, executable: "/usr/bin/pdfinfo")
        #expect(info.stdout.contains(tagged ? "Tagged:          yes" : "Tagged:          no"), "\(info.stdout)")
    }

    /// The spanners fixture: one TH per header cell with `/Scope /Column` and its spans, one TD
    /// per body cell, in order; the catalogue says the language and to show the title.
    @Test func publicationFixtureIsTaggedWithScopesAndSpans() throws {
        let dir = try CLI.scratch("tagged-pdf")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/gallery/publication/spanners.json").path
        let run = try CLI.run(["render", fixture, "-o", "t.pdf", "--title", "July weather"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        try Self.expectValid("t.pdf", in: dir)
        let (cells, _, tree) = try Self.cells("t.pdf", in: dir)
        let headers = cells.filter { $0.kind == "TH" }
        #expect(headers.first == Element(kind: "TH", attributes: ["/Scope /Column", "/RowSpan 3"], text: "City"))
        #expect(headers.dropFirst().first == Element(kind: "TH", attributes: ["/Scope /Column", "/ColSpan 4"], text: "July averages"))
        // The stub's cells label their rows (issue 30): TH with /Scope /Row; every other TH is a column's.
        #expect(headers.contains(Element(kind: "TH", attributes: ["/Scope /Row"], text: "Oslo")))
        #expect(headers.filter { $0.attributes.first != "/Scope /Row" }.allSatisfy { $0.attributes.first == "/Scope /Column" })
        #expect(cells.filter { $0.kind == "TD" }.allSatisfy { !$0.attributes.contains("/Scope /Column") })
        #expect(tree.hasPrefix("Document\n  Table"))
        let bytes = try String(decoding: Data(contentsOf: URL(fileURLWithPath: dir + "/t.pdf")), as: UTF8.self)
        #expect(bytes.contains("/Lang <FEFF0065006E>") && bytes.contains("/ViewerPreferences << /DisplayDocTitle true >>"))
        let info = try CLI.run(["t.pdf"], in: dir, executable: "/usr/bin/pdfinfo")
        #expect(info.stdout.contains("Title:           July weather"))
    }

    /// Generated tables of random sizes on pages of random heights: every header cell is one TH
    /// and every body cell one TD with its text, in reading order; each body row is one TR (a
    /// page's rows are its own), and the header repeated on later pages is not in the tree again.
    @Test(arguments: 0..<8)
    func generatedPaginatedTablesKeepEveryCellOnce(seed: Int) throws {
        var rng = SplitMix(seed: UInt64(seed) &+ 0x7A66)
        let rows = 1 + Int(rng.next() % 90), columns = 1 + Int(rng.next() % 6)
        let height = [160, 300, 842, 2000][Int(rng.next() % 4)]
        let dir = try CLI.scratch("tagged-pdf-\(seed)")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let header = (0..<columns).map { "h\($0)" }
        let body = (0..<rows).map { r in (0..<columns).map { c in "r\(r)c\(c)" } }
        try ([header] + body).map { $0.joined(separator: ",") }.joined(separator: "\n")
            .write(toFile: dir + "/t.csv", atomically: true, encoding: .utf8)
        let run = try CLI.run(["render", "t.csv", "-o", "t.pdf", "--page", "400x\(height)"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        try Self.expectValid("t.pdf", in: dir)
        let (cells, trs, _) = try Self.cells("t.pdf", in: dir)
        #expect(cells.filter { $0.kind == "TH" }.map(\.text) == header)
        #expect(cells.filter { $0.kind == "TD" }.map(\.text) == body.flatMap { $0 })
        #expect(trs == rows + 1)
    }

    /// The document's `lang` is the catalogue's `/Lang` (a UTF-16 text string), as written.
    @Test(arguments: ["de-CH", "zh-Hant-TW", "fr"])
    func languageFromTheDocument(tag: String) throws {
        let dir = try CLI.scratch("lang-pdf")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"lang": "\#(tag)", "data": {"rows": [["Stadt", "Tage"], ["Zürich", 12]]}}"#
            .write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        let run = try CLI.run(["render", "t.json", "-o", "t.pdf"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        try Self.expectValid("t.pdf", in: dir)
        let bytes = try String(decoding: Data(contentsOf: URL(fileURLWithPath: dir + "/t.pdf")), as: UTF8.self)
        let hex = "<FEFF" + tag.utf16.map { String(format: "%04X", $0) }.joined() + ">"
        #expect(bytes.contains("/Lang \(hex)"), "\(hex)")
        #expect(!bytes.contains("/Lang <FEFF0065006E>"))
    }

    /// `--untagged` writes no structure tree: today's PDF.
    @Test func untaggedWritesNoStructure() throws {
        let dir = try CLI.scratch("untagged-pdf")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "a,b\nx,y\n".write(toFile: dir + "/t.csv", atomically: true, encoding: .utf8)
        let run = try CLI.run(["render", "t.csv", "-o", "t.pdf", "--untagged"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        try Self.expectValid("t.pdf", in: dir, tagged: false)
        let bytes = try String(decoding: Data(contentsOf: URL(fileURLWithPath: dir + "/t.pdf")), as: UTF8.self)
        #expect(!bytes.contains("StructTreeRoot") && !bytes.contains("/Lang"))
    }
}

private let hasPopplerAndQPDF = ["/usr/bin/pdfinfo", "/usr/bin/qpdf"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
