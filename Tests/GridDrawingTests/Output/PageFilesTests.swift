import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// PNG and SVG with `page`: one numbered file per page, split as PDF pages are.
@Suite struct PageFilesTests {
    @Test func pagePathsAreNumberedBeforeTheExtension() {
        #expect(PageFiles.path("out.png", page: 1) == "out-1.png")
        #expect(PageFiles.path("/tmp/a.b/table.svg", page: 12) == "/tmp/a.b/table-12.svg")
        #expect(PageFiles.path("dir.x/noext", page: 2) == "dir.x/noext-2")
    }

    @Test(arguments: [1.0, 2.0])
    func pngPagesRepeatTheHeader(scale: Double) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var grid = PDFPaginationTests.paged()
        grid.scale = scale
        grid.spec.scale = scale
        try GridRenderer.render(grid, to: dir.appendingPathComponent("out.png").path)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(names == (1...8).map { "out-\($0).png" }.sorted())
        let pages = try (1...8).map { try PNGImage(decoding: Array(Data(contentsOf: dir.appendingPathComponent("out-\($0).png")))) }
        let s = Int(scale)
        for (k, page) in pages.enumerated() {
            #expect(page.width == 200 * s && page.height == 300 * s, "page \(k + 1)")
            // The header row (20 pt, its line on top) is the same on every page.
            for y in 0..<(20 * s) { for x in Swift.stride(from: 0, to: page.width, by: 7) where page[x, y] != pages[0][x, y] {
                Issue.record("page \(k + 1) differs from page 1 in the header at (\(x), \(y))"); return
            } }
        }
        // Page 2: lines under the header and closing its last row (14 rows of 20 pt below it).
        for y in [0, 20, 299] { #expect(pages[1][75 * s, y * s].r < 64, "line at y \(y)") }
        for y in [10, 30, 298] { #expect(pages[1][75 * s, y * s].r > 200, "no line at y \(y)") }
        // The body differs from page to page (other rows' text).
        #expect(pages[1].rgba != pages[2].rgba)
    }

    @Test func svgPagesRasterizeLikeThePNGPages() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try GridRenderer.render(PDFPaginationTests.paged(), to: dir.appendingPathComponent("out.svg").path)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(names == (1...8).map { "out-\($0).svg" }.sorted())
        let svg = dir.appendingPathComponent("out-2.svg").path, png = dir.appendingPathComponent("page.png").path
        #expect(try run(["rsvg-convert", "-o", png, svg]).status == 0)
        let page = try PNGImage(decoding: Array(Data(contentsOf: URL(fileURLWithPath: png))))
        #expect(page.width == 200 && page.height == 300)
        for y in [0, 20, 299] { #expect(page[75, y].r < 64, "line at y \(y)") }
        for y in [10, 30, 298] { #expect(page[75, y].r > 200, "no line at y \(y)") }
    }

    @Test func aFailedPageLeavesNoFiles() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var grid = PDFPaginationTests.paged()
        grid.page = .init(width: 200, height: 3_000_000_000)   // a page over PNG's side limit
        #expect(throws: RenderError.self) { try GridRenderer.render(grid, to: dir.appendingPathComponent("out.png").path) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
