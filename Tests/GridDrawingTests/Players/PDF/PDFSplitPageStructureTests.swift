import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing
import GridTestSupport

/// The tagged PDF of a table split across pages by columns (`canvas.page.split: "columns"`,
/// issue 30 items 1 and 5). A split page is painted in regions (the stub, then the page's
/// columns), each of which begins its rows and sections: the tree still has one `THead`, one
/// `TBody` (and one `TFoot`), and on each page one `TR` per row holding that page's cells of
/// the row, the stub's label first. Generated wide tables, down and across, with and without
/// summary rows; read back with poppler (`pdfinfo -struct-text`), checked with qpdf.
@Suite struct PDFSplitPageStructureTests {
    /// A `TR` of the tree: its section and its cells' texts in order.
    struct Row { var section: String; var texts: [String] }

    static func tree(_ pdf: [UInt8]) throws -> (sections: [String], rows: [Row]) {
        let text = try OwnPDFDocumentTests.tool(["pdfinfo", "-struct-text"], pdf).text
        var sections: [String] = [], rows: [Row] = []
        for line in text.split(separator: "\n") {
            let t = line.trimmingCharacters(in: .whitespaces)
            if ["THead", "TBody", "TFoot"].contains(t) { sections.append(t) }
            else if t == "TR" { rows.append(Row(section: sections.last ?? "", texts: [])) }
            else if t.hasPrefix("\""), t.hasSuffix("\""), t.count >= 2, !rows.isEmpty { rows[rows.count - 1].texts.append(String(t.dropFirst().dropLast())) }
        }
        return (sections, rows)
    }

    /// A stub column `Rnn` and `columns` columns `Cmm` whose cells say `rNNcMM`; with
    /// `summary`, a "Total" row that counts every column (`Tnn` texts are not generated:
    /// the total's label is "Total").
    static func wide(rows: Int, columns: Int, order: String, summary: Bool) throws -> PreparedGrid {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let keys = (1...columns).map { "c\($0)" }
        let head = [#"{"key": "label", "title": "Label"}"#] + keys.enumerated().map { #"{"key": "\#($1)", "title": "C\#(two($0 + 1))"}"# }
        let data = (1...rows).map { r in "[" + (["\"R\(two(r))\""] + (1...columns).map { "\"r\(two(r))c\(two($0))\"" }).joined(separator: ", ") + "]" }
        let total = summary ? #", "summary": [{"label": "Total", "values": {\#(keys.map { "\"\($0)\": \"count\"" }.joined(separator: ", "))}}]"# : ""
        let json = """
        {"title": "Wide", "canvas": {"padding": 20, "page": {"size": "a4", "split": "columns", "order": "\(order)"}},
         "stub": "label", "columns": [\(head.joined(separator: ", "))], "data": {"rows": [\(data.joined(separator: ",\n"))]}\(total)}
        """
        return try Document.decode(json: Array(json.utf8), file: "wide.json").prepare()
    }

    /// The layout row a body cell's text names (`Rnn`, `rNNc…`), nil for other texts.
    static func row(of text: String) -> Int? {
        if text.hasPrefix("R"), let n = Int(text.dropFirst()) { return n }
        if text.hasPrefix("r"), let c = text.firstIndex(of: "c") { return Int(text[text.index(after: text.startIndex)..<c]) }
        return nil
    }

    @Test(arguments: 0..<6)
    func oneRowOneTRPerPage(seed: Int) throws {
        var random = SplitMix(seed: UInt64(seed) &+ 0x5117)
        let rows = 8 + random.below(50), columns = 14 + random.below(20)
        let order = seed % 2 == 0 ? "down" : "across", summary = seed % 3 != 2
        let grid = try Self.wide(rows: rows, columns: columns, order: order, summary: summary)
        let pdf = try OwnPDFDocumentTests.pdf(grid, threads: 1 + seed % 2, own: true, tagged: true)
        let check = try OwnPDFDocumentTests.tool(["qpdf", "--check"], pdf)
        #expect(check.status == 0 && !check.text.uppercased().contains("WARNING"), "\(check.text)")

        let (sections, trs) = try Self.tree(pdf)
        #expect(sections == (summary ? ["THead", "TBody", "TFoot"] : ["THead", "TBody"]), "rows \(rows) columns \(columns) \(order)")
        let body = trs.filter { $0.section == "TBody" }
        // Every body cell once, each TR one row's cells, a row's first TR led by its label.
        var seen: [String: Int] = [:]
        var trsOfRow: [Int: Int] = [:]
        for tr in body {
            #expect(!tr.texts.isEmpty)
            let named = Set(tr.texts.compactMap(Self.row(of:)))
            #expect(named.count == 1 && named.count == Set(tr.texts.map { Self.row(of: $0) }).count, "a TR holds one row: \(tr.texts)")
            for text in tr.texts { seen[text, default: 0] += 1 }
            if let r = named.first {
                if trsOfRow[r] == nil { #expect(tr.texts.first == "R\(r < 10 ? "0" : "")\(r)", "row \(r)'s first TR starts with its label: \(tr.texts)") }
                trsOfRow[r, default: 0] += 1
            }
        }
        #expect(seen.count == rows * (columns + 1) && seen.values.allSatisfy { $0 == 1 })
        // One TR per row and page of the row: as many as there are column groups, for every row.
        let groups = Set(trsOfRow.values)
        #expect(groups.count == 1 && (groups.first ?? 0) >= 2, "TRs per row: \(groups)")
        // The header: its cells once, in TRs of the head; the total in the foot, one TR per group.
        let head = trs.filter { $0.section == "THead" }.flatMap(\.texts)
        #expect(head.count == columns + 1 && Set(head).count == columns + 1)
        if summary {
            let foot = trs.filter { $0.section == "TFoot" }
            #expect(foot.count == groups.first && foot.first?.texts.first == "Total")
            #expect(foot.flatMap(\.texts).count == columns + 1)
        }
    }
}
