import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// `canvas.page.split: "columns"`, `continued` and `continues` in real PDFs, read back with
/// poppler (`pdftotext -bbox`, `pdfinfo`) and checked with `qpdf --check`.
@Suite struct PDFColumnSplitTests {
    /// A word of a page as `pdftotext -bbox` places it, in points.
    struct Word { var text: String; var xMin, yMin, xMax, yMax: Double }
    struct Page { var width, height: Double; var words: [Word] }

    /// A stub column `R01`… and 29 columns `C01`…`C29` (30 in all), whose cells say `rNNcMM`.
    static func wide(rows: Int = 45, page: String? = #"{"size": "a4", "split": "columns"}"#, title: String? = "Wide") throws -> PreparedGrid {
        let columns = [#"{"key": "label", "title": "Label"}"#] + (1...29).map { #"{"key": "c\#($0)", "title": "C\#(two($0))"}"# }
        let data = (1...rows).map { r in "[" + (["\"R\(two(r))\""] + (1...29).map { "\"r\(two(r))c\(two($0))\"" }).joined(separator: ", ") + "]" }
        let json = """
        {\(title.map { "\"title\": \"\($0)\", " } ?? "")"canvas": {"padding": 20\(page.map { ", \"page\": \($0)" } ?? "")},
         "stub": "label", "columns": [\(columns.joined(separator: ", "))], "data": {"rows": [\(data.joined(separator: ",\n"))]}}
        """
        return try Document.decode(json: Array(json.utf8), file: "wide.json").prepare()
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// The pages of `pdf` with their words.
    static func pages(_ path: String) throws -> [Page] {
        let xhtml = String(decoding: try run(["pdftotext", "-bbox", path, "-"]).output, as: UTF8.self)
        var pages: [Page] = []
        for line in xhtml.split(separator: "\n") {
            if line.contains("<page ") {
                let n = numbers(line)
                pages.append(Page(width: n[0], height: n[1], words: []))
            } else if line.contains("<word "), let open = line.firstIndex(of: ">"), let close = line.range(of: "</word>") {
                let n = numbers(line[..<open])
                pages[pages.count - 1].words.append(Word(text: String(line[line.index(after: open)..<close.lowerBound]),
                                                         xMin: n[0], yMin: n[1], xMax: n[2], yMax: n[3]))
            }
        }
        return pages
    }

    private static func numbers(_ s: Substring) -> [Double] {
        s.split(separator: "\"").compactMap { Double($0) }
    }

    static func render(_ grid: PreparedGrid, _ name: String) throws -> String {
        let path = try temporaryDirectory().appendingPathComponent(name).path
        try GridRenderer.render(grid, to: path)
        return path
    }

    /// The ticket's table: 30 columns to A4, split. Every cell is on exactly one page, inside the
    /// page and unscaled; every page shows the stub's title, its rows' labels and its columns' titles.
    @Test func thirtyColumnsToA4() throws {
        let path = try Self.render(try Self.wide(), "wide.pdf")
        let pages = try Self.pages(path)
        // Unpaginated, one page as wide as the table, for the words' natural widths.
        let natural = try Self.pages(try Self.render(try Self.wide(page: nil), "natural.pdf"))
        #expect(natural.count == 1)
        let naturalWidth = Dictionary(natural[0].words.map { ($0.text, $0.xMax - $0.xMin) }, uniquingKeysWith: { a, _ in a })

        #expect(pages.count == 8)   // 2 row groups × 4 column groups
        var seen: [String: Int] = [:]
        for (index, page) in pages.enumerated() {
            #expect(page.width == 595.28 && page.height == 841.89)
            let texts = Set(page.words.map(\.text))
            #expect(texts.contains("Label"), "page \(index + 1) has the stub's title")
            let cells = page.words.filter { $0.text.hasPrefix("r") }
            #expect(!cells.isEmpty)
            for w in cells {
                seen[w.text, default: 0] += 1
                let row = String(w.text.dropFirst().prefix(2)), column = String(w.text.suffix(2))
                #expect(texts.contains("R" + row), "page \(index + 1) labels row \(row)")
                #expect(texts.contains("C" + column), "page \(index + 1) has the title of column \(column)")
                // Fully visible: inside the page's padding, and as wide as unsplit (not squeezed).
                #expect(w.xMin >= 20 && w.xMax <= page.width - 20 && w.yMax <= page.height - 20, "\(w.text) on page \(index + 1)")
                #expect(abs((w.xMax - w.xMin) - (naturalWidth[w.text] ?? 0)) < 0.01, "\(w.text) is not scaled")
            }
            // No two columns overlap: the cells of a row are apart.
            for row in Dictionary(grouping: cells, by: { $0.text.prefix(3) }).values {
                let sorted = row.sorted { $0.xMin < $1.xMin }
                for (a, b) in zip(sorted, sorted.dropFirst()) { #expect(a.xMax < b.xMin) }
            }
        }
        let expected = (1...45).flatMap { r in (1...29).map { "r\(Self.two(r))c\(Self.two($0))" } }
        #expect(seen.count == expected.count && expected.allSatisfy { seen[$0] == 1 }, "every cell exactly once")
        // Down then across: page 2 has the rest of the rows of page 1's columns.
        let columns = { (p: Page) in Set(p.words.filter { $0.text.hasPrefix("C") }.map(\.text)) }
        #expect(columns(pages[0]) == columns(pages[1]))
        #expect(columns(pages[0]).isDisjoint(with: columns(pages[2])))
        #expect(String(decoding: try run(["qpdf", "--check", path]).output, as: UTF8.self).contains("No syntax or stream encoding errors found"))
        #expect(!String(decoding: try run(["qpdf", "--check", path]).output, as: UTF8.self).contains("WARNING"))
    }

    @Test func acrossFirst() throws {
        let grid = try Self.wide(page: #"{"size": "a4", "split": "columns", "order": "across"}"#)
        let job = try RenderJob(grid, options: RenderOptions())
        let pagination = PDFPagination(job: job, page: grid.page!)
        #expect(pagination.fit == 1)
        // Eight columns fit beside the stub in A4's 555 pt between the paddings; 34 rows under the title.
        #expect(pagination.pages.map(\.columns) == [1..<9, 9..<17, 17..<25, 25..<30, 1..<9, 9..<17, 17..<25, 25..<30])
        #expect(pagination.pages.map(\.rows) == [1..<35, 1..<35, 1..<35, 1..<35, 35..<46, 35..<46, 35..<46, 35..<46])
        // Each page: the stub and the header for its columns and rows, the body under the header.
        let p = pagination.pages[5]
        #expect(p.regions.map(\.columns) == [0..<1, 9..<17, 0..<1, 9..<17])
        #expect(p.regions.map(\.rows) == [0..<1, 0..<1, 35..<46, 35..<46])
        #expect(p.regions[1].clip.x == p.regions[0].clip.width)
        #expect(p.regions[1].offset.x == job.layout.columns[1].offset - job.layout.columns[9].offset)
        #expect(p.regions[3].offset.y == job.layout.rows[1].offset - job.layout.rows[35].offset)
    }

    /// `continued` opens every page after the first with the title and its line; `continues`
    /// closes every page but the last; both in PDF and in the pages of a PNG or SVG.
    @Test func continuedAndContinuesOnTheRightPages() throws {
        let page = #"{"size": "a4", "split": "columns", "continued": true, "continues": "Turn over"}"#
        let grid = try Self.wide(page: page, title: "Wide table")
        let pages = try Self.pages(try Self.render(grid, "flow.pdf"))
        #expect(pages.count == 8)
        for (i, p) in pages.enumerated() {
            let line = p.words.map(\.text).joined(separator: " ")
            #expect(line.hasPrefix(i == 0 ? "Wide table Label" : "Wide table (continued) Label"), "page \(i + 1): \(line.prefix(40))")
            #expect(line.hasSuffix("Turn over") == (i < pages.count - 1), "page \(i + 1)")
            // The note is under the rows, above the bottom padding.
            if let note = p.words.last(where: { $0.text == "over" }) {
                #expect(p.words.filter { $0.text.hasPrefix("r") }.allSatisfy { $0.yMax <= note.yMin })
                #expect(note.yMax <= p.height - 20)
            }
        }
        // Paginated PNG and SVG are the same pages.
        let dir = try temporaryDirectory()
        for ext in ["png", "svg"] {
            try GridRenderer.render(grid, to: dir.appendingPathComponent("flow.\(ext)").path)
            let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(ext) }.sorted()
            #expect(files == (1...8).map { "flow-\($0).\(ext)" })
        }
        let job = try RenderJob(grid, options: RenderOptions())
        let blocks = PDFPagination(job: job, page: grid.page!).pages.map { $0.blocks.map(\.block.text) }
        #expect(blocks.first == ["Wide table", "Turn over"])
        #expect(blocks.dropFirst().dropLast().allSatisfy { $0 == ["Wide table", "(continued)", "Turn over"] })
        #expect(blocks.last == ["Wide table", "(continued)"])
    }

    /// Without split, `continued` and `continues` on a long table paginated by rows only.
    @Test func continuedWithoutSplit() throws {
        var rows: [[CellContent]] = [[.text("Header")]]
        rows += (1...100).map { [.text("Row \($0)")] }
        let grid = makeTable(rows, columnWidths: [.fixed(150)], rowHeight: 20, configure: { grid in
            grid.page = .init(width: 200, height: 300)
            grid.repeatedRowCount = 1
            grid.title = PreparedGrid.TextBlock(text: "T", style: ResolvedStyle())
            grid.footnote = PreparedGrid.TextBlock(text: "F", style: ResolvedStyle())
            grid.pageFlow = PreparedGrid.PageFlow(continued: "(continued)", continues: "more")
            grid.pageFlow.continuedLine = PreparedGrid.TextBlock(text: "(continued)", style: ResolvedStyle())
            grid.pageFlow.continuesNote = PreparedGrid.TextBlock(text: "more", style: ResolvedStyle())
        })
        let job = try RenderJob(grid, options: RenderOptions())
        let pagination = PDFPagination(job: job, page: grid.page!)
        let pages = pagination.pages
        #expect(pages.count > 1)
        #expect(pages[0].blocks.map(\.block.text) == ["T", "more"])
        #expect(pages.last!.blocks.map(\.block.text) == ["T", "(continued)", "F"])
        for p in pages {
            // Every block and every row is on the page; the rows follow on without a gap.
            #expect(p.blocks.allSatisfy { $0.rect.y + $0.rect.height <= 300 })
            let body = p.regions[1]
            #expect(p.gridOrigin.y + body.clip.y + body.clip.height <= 300 - (p.blocks.last?.block.text == "more" ? p.blocks.last!.rect.height : 0))
        }
        #expect(pages.map(\.rows).flatMap { Array($0) } == Array(1..<101))
    }

    /// A column wider than the page beside the stub: one error, bad input, and no file.
    @Test func aColumnTooWideForThePageIsAnError() throws {
        let json = #"""
        {"canvas": {"page": {"width": 300, "height": 400, "split": "columns"}},
         "columns": [{"key": "a"}, {"key": "b", "width": 400}], "data": {"rows": [["x", "y"]]}}
        """#
        let grid = try Document.decode(json: Array(json.utf8), file: "too-wide.json").prepare()
        let dir = try temporaryDirectory()
        for ext in ["pdf", "png"] {
            let path = dir.appendingPathComponent("out.\(ext)").path
            #expect {
                try GridRenderer.render(grid, to: path)
            } throws: { error in
                guard let e = error as? RenderError else { return false }
                return e.isBadInput && !e.message.contains("\n")
                    && e.message.hasPrefix("canvas.page.split: column \"b\" needs a page")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
