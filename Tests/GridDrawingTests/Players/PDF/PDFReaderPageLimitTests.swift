import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// A PDF page past 14,400 pt (Acrobat's limit) is cut into A4 pages with one warning, unless the
/// grid has a size the user chose (`page`, canvas width or height); the rule is the renderer's,
/// so the library and the CLI paginate alike.
@Suite struct PDFReaderPageLimitTests {
    /// A one-column table of `rows` rows of 20 pt (plus a header row).
    static func table(rows: Int, configure: (inout PreparedGrid) -> Void = { _ in }) -> PreparedGrid {
        var cells: [[CellContent]] = [[.text("Header")]]
        cells += (1...rows).map { [.text("Row \($0)")] }
        return makeTable(cells, columnWidths: [.fixed(150)], rowHeight: 20, configure: { grid in
            grid.repeatedRowCount = 1
            configure(&grid)
        })
    }

    /// The PDF in memory, its page sizes (from pdfinfo) and the warnings the render gave.
    static func render(_ grid: PreparedGrid) throws -> (pages: [String], warnings: [String]) {
        let warnings = WarningLog()
        var options = RenderOptions()
        options.warningHandler = { warnings.add($0) }
        let bytes = try GridRenderer.render(grid, format: .pdf, options: options)
        let dir = try temporaryDirectory()
        let path = dir.appendingPathComponent("t.pdf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let info = String(decoding: try run(["pdfinfo", "-f", "1", "-l", "100000", path]).output, as: UTF8.self)
        let sizes = info.split(separator: "\n").filter { $0.hasPrefix("Page") && $0.contains("size:") }
            .map { String($0.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: .whitespaces) }
        return (sizes, warnings.all)
    }

    @Test func aTallCanvasIsPaginatedToA4WithOneWarning() throws {
        // 800 rows of 20 pt: 16,020 pt, past the limit; 719 rows: 14,400 pt, at it.
        let (pages, warnings) = try Self.render(Self.table(rows: 800))
        #expect(pages.count == 20 && pages.allSatisfy { $0.hasPrefix("595.28 x 841.89") }, "\(pages.prefix(2))")
        #expect(warnings.filter { $0.contains("paginated to A4") }.count == 1, "\(warnings)")
        #expect(warnings.first { $0.contains("paginated") }?.contains("16,020 pt tall") == true, "\(warnings)")
        let (atLimit, none) = try Self.render(Self.table(rows: 719))
        #expect(atLimit == ["150 x 14400 pts"] && none.isEmpty, "\(atLimit)")
    }

    @Test func aSizeTheUserChoseIsKept() throws {
        let letter = PreparedGrid.Page(width: 612, height: 792)
        let paged = try Self.render(Self.table(rows: 800) { $0.page = letter })
        #expect(paged.pages.allSatisfy { $0.hasPrefix("612 x 792") } && paged.warnings.isEmpty)
        // A fixed canvas width or height: one page, as the document says.
        let wide = try Self.render(Self.table(rows: 800) { $0.canvasWidth = 300 })
        #expect(wide.pages.count == 1 && wide.warnings.isEmpty, "\(wide)")
        let tall = try Self.render(Self.table(rows: 800) { $0.canvasHeight = 20_000 })
        #expect(tall.pages == ["150 x 20000 pts"] && tall.warnings.isEmpty, "\(tall)")
    }

    @Test func theRuleIsPDFsOnly() throws {
        // The same grid to PNG and SVG is one canvas, no warning.
        for format in [OutputFormat.png, .svg] {
            let warnings = WarningLog()
            var options = RenderOptions()
            options.warningHandler = { warnings.add($0) }
            _ = try GridRenderer.render(Self.table(rows: 800), format: format, options: options)
            #expect(warnings.all.isEmpty, "\(format)")
        }
    }
}
