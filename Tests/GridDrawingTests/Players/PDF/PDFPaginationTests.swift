import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

@Suite struct PDFPaginationTests {
    /// A header row and 100 data rows of 20 pt on 200×300 pt pages: 14 body rows fit under the
    /// repeated header on each page, so 100 rows take 8 pages.
    static func paged() -> PreparedGrid {
        var rows: [[CellContent]] = [[.text("Header")]]
        rows += (1...100).map { [.text("Row \($0)")] }
        return makeTable(rows, columnWidths: [.fixed(150)], rowHeight: 20, configure: { grid in
            grid.page = .init(width: 200, height: 300)
            grid.repeatedRowCount = 1
            grid.gridLines.horizontal = LineStyle(width: 1, color: .black)
        })
    }

    @Test func pagesByRowsRepeatingTheHeader() throws {
        let job = try RenderJob(Self.paged(), options: RenderOptions())
        let pagination = PDFPagination(job: job, page: .init(width: 200, height: 300))
        #expect(pagination.pages.count == 8)
        #expect(pagination.pages[0].regions.map(\.rows) == [0..<1, 1..<15])
        #expect(pagination.pages[1].regions.map(\.rows) == [0..<1, 15..<29])
        #expect(pagination.pages[7].regions.map(\.rows) == [0..<1, 99..<101])
        // Body rows of a later page sit right under the header.
        #expect(pagination.pages[1].regions[1].offset.y == 20 - 15 * 20)
    }

    @Test func pdfHasThePagesAndTheHeaderOnEach() throws {
        let dir = try temporaryDirectory()
        let path = dir.appendingPathComponent("paged.pdf").path
        try GridRenderer.render(Self.paged(), to: path)
        let info = String(decoding: try run(["pdfinfo", path]).output, as: UTF8.self)
        #expect(info.contains("Pages:           8"))
        for page in [1, 3, 8] {
            let text = String(decoding: try run(["pdftotext", "-f", "\(page)", "-l", "\(page)", path, "-"]).output, as: UTF8.self)
            #expect(text.contains("Header"), "page \(page)")
        }
        let third = String(decoding: try run(["pdftotext", "-f", "3", "-l", "3", path, "-"]).output, as: UTF8.self)
        #expect(third.contains("Row 29") && third.contains("Row 42") && !third.contains("Row 28") && !third.contains("Row 43"))
    }

    @Test func pdfBytesAreIdenticalAcrossRuns() throws {
        let a = try GridRenderer.render(Self.paged(), format: .pdf)
        let b = try GridRenderer.render(Self.paged(), format: .pdf)
        #expect(a == b)
        #expect(String(decoding: a.prefix(8), as: UTF8.self).hasPrefix("%PDF-"))
    }
}

extension PDFPaginationTests {
    @Test func everyPageIsClosedByALineUnderItsLastRow() throws {
        let dir = try temporaryDirectory()
        let path = dir.appendingPathComponent("paged.pdf").path
        try GridRenderer.render(Self.paged(), to: path)
        let prefix = dir.appendingPathComponent("page").path
        #expect(try run(["pdftoppm", "-png", "-r", "72", "-f", "2", "-l", "2", "-singlefile", path, prefix]).status == 0)
        let page = try PNGImage(decoding: Array(Data(contentsOf: URL(fileURLWithPath: prefix + ".png"))))
        #expect(page.width == 200 && page.height == 300)
        // Header line on top, one line under the header, and one closing the page's last row.
        for y in [0, 20, 299] { #expect(page[75, y].r < 64, "line at y \(y)") }
        for y in [10, 19, 21, 30, 290, 298] { #expect(page[75, y].r > 200, "no line at y \(y)") }
    }
}
