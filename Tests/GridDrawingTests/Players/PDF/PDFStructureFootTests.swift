import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// Summary rows that end the table are the tagged PDF's `TFoot` (issue 30 items 1 and 4): after
/// the `TBody`, their cells in order, on whichever page they fall; section subtotals stay in the
/// body by their section. Read back with poppler (`pdfinfo -struct-text`), checked with qpdf.
@Suite struct PDFStructureFootTests {
    /// A `TH`/`TD` of the tree: the table section it is under and its text.
    struct Cell: Equatable, CustomStringConvertible {
        var section: String
        var kind: String
        var text = ""
        var description: String { "\(section)/\(kind) \(text)" }
    }

    /// The tree's table sections in order (`THead`, `TBody`, `TFoot`), its cells and its `TR`s
    /// per section, as `pdfinfo -struct-text` lists them.
    static func tree(_ pdf: [UInt8]) throws -> (sections: [String], cells: [Cell], rows: [String: Int]) {
        let text = try OwnPDFDocumentTests.tool(["pdfinfo", "-struct-text"], pdf).text
        var sections: [String] = [], cells: [Cell] = [], rows: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let t = line.trimmingCharacters(in: .whitespaces)
            if ["THead", "TBody", "TFoot"].contains(t) { sections.append(t) }
            else if t == "TR" { rows[sections.last ?? "", default: 0] += 1 }
            else if ["TH", "TH:", "TD", "TD:"].contains(t) { cells.append(Cell(section: sections.last ?? "", kind: String(t.prefix(2)))) }
            else if t.hasPrefix("\""), t.hasSuffix("\""), t.count >= 2, !cells.isEmpty { cells[cells.count - 1].text += t.dropFirst().dropLast() }
        }
        return (sections, cells, rows)
    }

    static func pdf(_ grid: PreparedGrid, threads: Int = 1, own: Bool = true, tagged: Bool = true) throws -> [UInt8] {
        try OwnPDFDocumentTests.pdf(grid, threads: threads, own: own, tagged: tagged)
    }

    static func expectClean(_ pdf: [UInt8]) throws {
        let check = try OwnPDFDocumentTests.tool(["qpdf", "--check"], pdf)
        #expect(check.status == 0 && !check.text.uppercased().contains("WARNING"), "\(check.text)")
    }

    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/gallery/publication/summary.json")

    /// The summary fixture: sections with subtotals, then "Total" and "Dearest" once at the end.
    /// The subtotals are body rows; the two grand rows are the foot, after the body, in order,
    /// through the project's writer and through Cairo's route alike.
    @Test(arguments: [true, false])
    func grandSummariesAreTheFoot(own: Bool) throws {
        let document = try Document.decode(json: Array(try Data(contentsOf: Self.fixture)), file: "summary.json")
        let grid = try document.prepare()
        #expect(grid.accessibility.footRows.count == 2)
        let pdf = try Self.pdf(grid, own: own)
        try Self.expectClean(pdf)
        let (sections, cells, rows) = try Self.tree(pdf)
        #expect(sections == ["THead", "TBody", "TFoot"])
        #expect(rows["TFoot"] == 2)
        let foot = cells.filter { $0.section == "TFoot" }
        // The stub's label is the row's header; the empty cell of "Dearest"'s qty has no text.
        #expect(foot.map(\.text) == ["Total", "8", "$9.90", "Dearest", "", "$4.25"], "\(foot)")
        #expect(foot.map(\.kind) == ["TH", "TD", "TD", "TH", "TD", "TD"])
        let body = cells.filter { $0.section == "TBody" }.map(\.text)
        #expect(body.filter { $0 == "Subtotal" }.count == 2)
        #expect(!body.contains("Total") && !body.contains("Dearest"))
    }

    /// A table without summaries has no foot; a document whose only summaries are subtotals
    /// neither.
    @Test func noFootWithoutGrandSummaries() throws {
        let plain = try Document.decode(json: Array(#"{"data": {"rows": [["a", "b"], ["x", 1], ["y", 2]]}}"#.utf8)).prepare()
        #expect(plain.accessibility.footRows.isEmpty)
        #expect(try Self.tree(Self.pdf(plain)).sections == ["THead", "TBody"])
        let subtotals = try Document.decode(json: Array(#"""
            {"columns": [{"key": "k"}, {"key": "v"}],
             "sections": [{"title": "S", "rows": [["x", 1], ["y", 2]]}],
             "summary": [{"label": "Sub", "values": {"v": "sum"}, "sections": true}]}
            """#.utf8)).prepare()
        #expect(subtotals.accessibility.footRows.isEmpty)
        #expect(try Self.tree(Self.pdf(subtotals)).sections == ["THead", "TBody"])
    }

    /// Generated tables of random lengths with 1–3 grand summary rows, on pages of random
    /// heights: the foot is one `TFoot` after the one `TBody`, holding exactly the summary rows'
    /// cells in order (whether they share the last body rows' page or not); every body cell is
    /// in the body once; qpdf is clean; the bytes are the same on 1 and 2 threads.
    @Test(arguments: 0..<6)
    func generatedPaginatedTablesEndWithTheirFoot(seed: Int) throws {
        var rng = WriterTestRandom(seed: UInt64(seed) &+ 0xF007)
        let rows = 1 + Int(rng.next() % 80), summaries = 1 + Int(rng.next() % 3)
        let height = [160, 260, 400, 842][Int(rng.next() % 4)]
        let labels = ["Total", "Mean", "Most", "Least"].prefix(summaries)
        let aggregates = ["sum", "mean", "max"]
        let summary = labels.enumerated().map { k, label in #"{"label": "\#(label)", "values": {"v": "\#(aggregates[k % 3])"}}"# }
        let data = (0..<rows).map { r in #"["r\#(r)", \#(r + 1), "w\#(r)"]"# }
        let json = """
            {"canvas": {"page": {"width": 300, "height": \(height)}},
             "columns": [{"key": "k", "title": "K"}, {"key": "v", "title": "V"}, {"key": "w", "title": "W"}],
             "data": {"rows": [\(data.joined(separator: ", "))]}, "summary": [\(summary.joined(separator: ", "))]}
            """
        let grid = try Document.decode(json: Array(json.utf8)).prepare()
        #expect(grid.accessibility.footRows.count == summaries)
        let pdf = try Self.pdf(grid)
        try Self.expectClean(pdf)
        #expect(try Self.pdf(grid, threads: 2) == pdf)
        let (sections, cells, trs) = try Self.tree(pdf)
        #expect(sections == ["THead", "TBody", "TFoot"])
        #expect(trs["TFoot"] == summaries && trs["TBody"] == rows)
        let foot = cells.filter { $0.section == "TFoot" }
        #expect(foot.count == 3 * summaries)
        #expect(foot.enumerated().filter { $0.offset % 3 == 0 }.map(\.element.text) == Array(labels))
        #expect(foot.allSatisfy { $0.kind == "TD" })
        #expect(cells.filter { $0.section == "TBody" }.map(\.text) == (0..<rows).flatMap { r in ["r\(r)", "\(r + 1)", "w\(r)"] })
    }

    /// An untagged PDF does not see the foot: the same bytes with the foot rows forgotten.
    @Test func untaggedIsUnaffected() throws {
        let document = try Document.decode(json: Array(try Data(contentsOf: Self.fixture)), file: "summary.json")
        var grid = try document.prepare()
        let untagged = try Self.pdf(grid, tagged: false)
        grid.accessibility.footRows = 0..<0
        #expect(try Self.pdf(grid, tagged: false) == untagged)
        #expect(try Self.pdf(grid) != Self.pdf(document.prepare()), "the tagged PDF has its foot")
        #expect(!String(decoding: untagged, as: UTF8.self).contains("TFoot"))
    }
}
