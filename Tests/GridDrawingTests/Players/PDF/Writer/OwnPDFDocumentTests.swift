import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// Whole documents through the project's PDF writer (`RenderJob.ownPDF`) against Cairo's route
/// for the same tables: qpdf-clean, the same text and structure tree as poppler reads them, the
/// same page count, the same bytes on any number of threads.
@Suite struct OwnPDFDocumentTests {
    /// A generated table: `rows` body rows of `columns` columns, some cells long, numbers right.
    static func table(rows: Int, columns: Int, seed: UInt64, page: PreparedGrid.Page?) -> PreparedGrid {
        var rng = WriterTestRandom(seed: seed)
        let words = ["alpha", "fine", "über", "café", "flow", "Zürich", "ﬁve", "1,234.5", "—", "x"]
        var contents: [[CellContent]] = [(0..<columns).map { .text("Head \($0)") }]
        for _ in 0..<rows {
            contents.append((0..<columns).map { _ in .text((0..<(1 + Int(rng.next() % 3))).map { _ in words[Int(rng.next() % UInt64(words.count))] }.joined(separator: " ")) })
        }
        return makeTable(contents, rowHeight: 20, styler: { row, column in
            var style = ResolvedStyle()
            if row == 0 { style.background = Color(hex: 0x384a66); style.color = .white; style.font.weight = 700 }
            else if row % 2 == 0 { style.background = Color(hex: 0xf2f4f8) }
            if column == 1 { style.align = .right }
            return style
        }, configure: { grid in
            grid.padding = Insets(all: 8)
            grid.title = PreparedGrid.TextBlock(text: "Generated \(seed)", style: ResolvedStyle())
            grid.gridLines.horizontal = LineStyle(width: 1, color: Color(hex: 0xd0d4dc))
            grid.gridLines.outer = LineStyle(width: 1, color: Color(hex: 0x555555))
            grid.page = page
            grid.repeatedRowCount = 1
        })
    }

    static func pdf(_ grid: PreparedGrid, threads: Int = 1, own: Bool = true, tagged: Bool = true) throws -> [UInt8] {
        var options = RenderOptions(paintThreads: threads)
        options.taggedPDF = tagged
        let job = try RenderJob(grid, options: options, format: .pdf)
        job.ownsPDF = own
        return try job.pdf()
    }

    /// Runs `tool` on `bytes` written to a file; its standard output.
    static func tool(_ arguments: [String], _ bytes: [UInt8]) throws -> (status: Int32, text: String) {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("t.pdf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let result = try run(arguments + [path] + (arguments.first == "pdftotext" ? ["-"] : []))
        return (result.status, String(decoding: result.output, as: UTF8.self))
    }

    @Test(arguments: 0..<6)
    func generatedTablesReadAsCairosDo(seed: Int) throws {
        var rng = WriterTestRandom(seed: UInt64(seed) &+ 0x50DF)
        let rows = 1 + Int(rng.next() % 120), columns = 1 + Int(rng.next() % 5)
        let page = [nil, PreparedGrid.Page(width: 400, height: 300), PreparedGrid.Page(width: 595.28, height: 841.89)][Int(rng.next() % 3)]
        let grid = Self.table(rows: rows, columns: columns, seed: UInt64(seed), page: page)
        let own = try Self.pdf(grid), cairo = try Self.pdf(grid, own: false)
        #expect(String(decoding: own.prefix(9), as: UTF8.self) == "%PDF-1.5\n")
        #expect(own != cairo, "written by the project's writer")
        let check = try Self.tool(["qpdf", "--check"], own)
        #expect(check.status == 0 && !check.text.uppercased().contains("WARNING"), "\(check.text)")
        #expect(try Self.tool(["pdftotext"], own).text == Self.tool(["pdftotext"], cairo).text)
        let pages = { (bytes: [UInt8]) throws -> String? in try Self.tool(["pdfinfo"], bytes).text.split(separator: "\n").first { $0.hasPrefix("Pages:") }.map(String.init) }
        #expect(try pages(own) == pages(cairo))
        // The tree is Cairo's with the title as the table's caption.
        let tree = try Self.tool(["pdfinfo", "-struct-text"], own).text
        var expected = try Self.tool(["pdfinfo", "-struct-text"], cairo).text
        expected = expected.replacingOccurrences(of: "  Table (block)\n", with: "  Table (block)\n    Caption\n      \"Generated \(seed)\"\n")
        #expect(tree == expected)
        #expect(tree.components(separatedBy: "TH:").count - 1 == columns)
    }

    @Test func sameBytesOnAnyThreadCount() throws {
        let grid = Self.table(rows: 900, columns: 4, seed: 11, page: PreparedGrid.Page(width: 595.28, height: 841.89))
        let one = try Self.pdf(grid, threads: 1)
        for threads in [2, 7] { #expect(try Self.pdf(grid, threads: threads) == one, "\(threads) threads") }
        let untagged = try Self.pdf(grid, threads: 1, tagged: false)
        #expect(try Self.pdf(grid, threads: 2, tagged: false) == untagged)
        #expect(try !Self.tool(["pdfinfo"], untagged).text.contains("Tagged:          yes"))
        #expect(untagged.count < one.count)
    }
}
