import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// A slab's cell content is recorded and played in parts (`GridPainter.contentItems`, and
/// `ScratchLayouts.capacity` Pango texts): the glyphs pending at the end of a part wait for the
/// next, so the output is the bytes of one list per slab, in PDF (joined glyphs) and SVG.
@Suite struct ContentPartsTests {
    static func render(_ grid: PreparedGrid, _ format: OutputFormat, contentItems: Int?) throws -> [UInt8] {
        let job = try RenderJob(grid, options: RenderOptions(paintThreads: 1), format: format)
        if let contentItems { job.painter.contentItems = contentItems }
        return format == .pdf ? try job.pdf() : try job.svg()
    }

    @Test(arguments: [OutputFormat.pdf, .svg])
    func partsGiveTheBytesOfOneList(_ format: OutputFormat) throws {
        for name in ["mixed", "mixed-frozen"] {
            let grid = GlyphBatchTests.grid(name)
            let whole = try Self.render(grid, format, contentItems: nil)
            for items in [1, 3, 17] {
                let parts = try Self.render(grid, format, contentItems: items)
                let same = parts == whole   // not the arrays themselves: their description is long
                #expect(same, "\(name) in parts of \(items): \(parts.count) vs \(whole.count) bytes")
            }
        }
    }
}
