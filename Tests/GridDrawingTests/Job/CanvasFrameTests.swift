import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

@Suite struct CanvasFrameTests {
    static func block(_ text: String) -> PreparedGrid.TextBlock {
        var style = ResolvedStyle()
        style.padding = Insets(all: 2)
        return .init(text: text, style: style)
    }

    @Test func fixedCanvasGivesTheGridWhatTheBlocksAndPaddingLeave() throws {
        var grid = makeTable(text([["a", "b"]]), columnWidths: [.fill(), .fill()], rowHeight: nil, header: false, configure: { grid in
            grid.canvasWidth = 300
            grid.canvasHeight = 200
            grid.padding = Insets(top: 10, right: 20, bottom: 30, left: 40)
            grid.title = Self.block("Title")
            grid.footnote = Self.block("Footnote")
        })
        grid.spec.defaultRowHeight = .fill()
        let job = try RenderJob(grid, options: RenderOptions())
        let frame = job.frame
        #expect(frame.size == Size(width: 300, height: 200))
        #expect(frame.gridSize.width == 240)
        let title = frame.blocks[0].rect, foot = frame.blocks[1].rect
        #expect(title.x == 40 && title.y == 10 && title.width == 240 && title.height > 10)
        #expect(frame.gridOrigin == Point(x: 40, y: title.maxY))
        #expect(foot.y == frame.gridOrigin.y + frame.gridSize.height)
        #expect(foot.maxY == 170)
        // The fill row takes exactly what is left.
        #expect(job.layout.rows[0].size == frame.gridSize.height)
        #expect(job.layout.columns.map(\.size) == [120, 120])
    }

    @Test func fittedCanvasWrapsAroundGridAndBlocks() throws {
        let grid = makeTable(text([["a"]]), columnWidths: [.fixed(30)], rowHeight: 20, header: false, configure: { grid in
            grid.padding = Insets(all: 5)
            grid.title = Self.block("A title wider than the grid")
        })
        let frame = try RenderJob(grid, options: RenderOptions()).frame
        #expect(frame.size.width > 30 + 10)
        #expect(frame.size.width == frame.blocks[0].rect.width + 10)
        #expect(frame.size.height == 5 + frame.blocks[0].rect.height + 20 + 5)
    }

    @Test func paginationPutsTitleFirstAndFootnoteLast() throws {
        var grid = PDFPaginationTests.paged()
        grid.title = Self.block("Title")
        grid.footnote = Self.block("Footnote")
        let job = try RenderJob(grid, options: RenderOptions())
        let pages = PDFPagination(job: job, page: grid.page!).pages
        #expect(pages[0].blocks.map(\.block.text) == ["Title"])
        #expect(pages.dropFirst().dropLast().allSatisfy { $0.blocks.isEmpty })
        #expect(pages.last!.blocks.map(\.block.text) == ["Footnote"])
        #expect(pages[1].gridOrigin.y == 0)
        #expect(pages[0].gridOrigin.y > 0)
    }
}
