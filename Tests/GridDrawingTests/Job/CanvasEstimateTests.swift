import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// The PNG limits checked from the row count and fixed lengths before any text is measured.
@Suite struct CanvasEstimateTests {
    /// Counts the cells whose content is read (measuring reads every text cell).
    final class CountingCells: CellSource, @unchecked Sendable {
        private let lock = NSLock()
        private var reads = 0
        var count: Int { lock.withLock { reads } }
        func content(row: Int, column: Int, item: Int?) -> CellContent {
            lock.withLock { reads += 1 }
            return .text("row \(row)")
        }
        func style(row: Int, column: Int, item: Int?) -> ResolvedStyle { ResolvedStyle() }
    }

    static func table(rows: Int, rowHeight: TrackSize?, cells: CellSource, canvasHeight: Double? = nil) -> PreparedGrid {
        var spec = GridSpec(content: .table(.init(columnCount: 2, rows: Array(repeating: .data, count: rows))))
        spec.defaultRowHeight = rowHeight
        spec.columnWidths = [.auto(), .fixed(50)]
        return PreparedGrid(spec: spec, canvasHeight: canvasHeight, cells: cells)
    }

    @Test func tooTallATableIsRefusedBeforeItsTextIsRead() throws {
        // 300,000 rows of 10,000 points: 3 × 10^9 px, over PNG's 2^31 − 1 px per side.
        let cells = CountingCells()
        let grid = Self.table(rows: 300_000, rowHeight: .fixed(10_000), cells: cells)
        do {
            _ = try GridRenderer.render(grid, format: .png)
            Issue.record("rendered")
        } catch let error as RenderError {
            #expect(error.isBadInput)
            #expect(error.message.contains("too large"))
        }
        #expect(cells.count == 0)
        // Cut into pages, rows are pages of the page size, not one canvas: not refused early.
        var paged = Self.table(rows: 3, rowHeight: .fixed(1e9), cells: CountingCells())
        #expect(throws: RenderError.self) { _ = try RenderJob(paged, options: RenderOptions(), format: .png) }
        paged.page = .init(width: 200, height: 300)
        #expect(throws: Never.self) { _ = try RenderJob(paged, options: RenderOptions(), format: .png) }
    }

    @Test func autoRowsCountTheirMinimum() {
        let grid = Self.table(rows: 1000, rowHeight: .auto(min: 30), cells: CountingCells())
        #expect(CanvasEstimate.minimumPixels(grid).height == 1000 * 30 - 1001 * 2)
        #expect(CanvasEstimate.minimumPixels(Self.table(rows: 1000, rowHeight: nil, cells: CountingCells())).height == 0)
        // A fixed canvas height is the image's height, whatever the rows.
        #expect(CanvasEstimate.minimumPixels(Self.table(rows: 1000, rowHeight: .fixed(40), cells: CountingCells(), canvasHeight: 500)).height == 0)
    }

    /// The bound never exceeds the laid-out canvas, so no table that fits is refused.
    @Test(arguments: [1.0, 1.5, 3.0])
    func boundIsBelowTheLaidOutSize(scale: Double) throws {
        for rowHeight in [TrackSize.fixed(13.3), .auto(min: 7.7), .fixed(0.4)] {
            var grid = Self.table(rows: 200, rowHeight: rowHeight, cells: CountingCells())
            grid.scale = scale
            grid.spec.scale = scale
            let size = try RenderJob(grid, options: RenderOptions()).pixelSize()
            let bound = CanvasEstimate.minimumPixels(grid)
            #expect(bound.height <= Double(size.height), "\(rowHeight) at \(scale)")
            #expect(bound.width <= Double(size.width))
            if case .fixed(0.4) = rowHeight.kind { continue }   // a pixel of slack per row outweighs rows this thin
            #expect(bound.height > 0)
        }
    }
}
