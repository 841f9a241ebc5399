import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// A fixed canvas that cuts content: a warning naming what is cut, and a dashed outer line there.
@Suite struct OverflowReportTests {
    /// 3 columns × 50 pt, 4 rows × 20 pt in a 120 × 50 pt canvas, outer line black.
    static func cut() -> PreparedGrid {
        GridPainterTests.plain(configure: { grid in
            grid.spec.width = 120; grid.spec.height = 50
            grid.canvasWidth = 120; grid.canvasHeight = 50
            grid.gridLines.outer = LineStyle(width: 1, color: GridPainterTests.lineColor)
        })
    }

    @Test func namesTheRowsAndColumnsCut() throws {
        let layout = try GridRenderer.layout(Self.cut())
        let report = try #require(OverflowReport(layout, viewport: nil))
        #expect(report.rows == 2..<4 && report.columns == 2..<3)
        #expect(report.message.hasPrefix("the 120×50 pt grid area cuts rows 3–4 of 4 and column 3 of 3 (content 150×80 pt)"))
        // Content that fits, or a viewport (a deliberate window), is not reported.
        #expect(OverflowReport(try GridRenderer.layout(GridPainterTests.plain()), viewport: nil)?.rows == nil)
        #expect(OverflowReport(layout, viewport: Rect(x: 0, y: 0, width: 120, height: 50))?.rows == nil)
    }

    @Test func warnsAndDashesTheOuterLineWhereTheCanvasCuts() throws {
        let warnings = WarningBox()
        var options = RenderOptions()
        options.warningHandler = { warnings.append($0) }
        let image = try PNGImage(decoding: GridRenderer.render(Self.cut(), format: .png, options: options))
        #expect(warnings.all.contains { $0.contains("cuts rows 3–4 of 4 and column 3 of 3") })
        // Left and top: a solid outer line. Right and bottom (the cut): dashed.
        let left = (0..<50).map { image[0, $0] == GridPainterTests.black }
        let right = (0..<50).map { image[119, $0] == GridPainterTests.black }
        let bottom = (0..<120).map { image[$0, 49] == GridPainterTests.black }
        #expect(left.allSatisfy { $0 })
        #expect(right.contains(true) && right.contains(false), "right edge dashed")
        #expect(bottom.contains(true) && bottom.contains(false), "bottom edge dashed")
    }
}

/// Collects warnings from the render's handler.
final class WarningBox: @unchecked Sendable {
    private var items: [String] = []
    private let lock = NSLock()
    func append(_ s: String) { lock.lock(); items.append(s); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
}
