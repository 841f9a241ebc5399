import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// Pages of a paginated SVG written by the SVG player (`RenderJob.svgPage`): a page shrunk to
/// fit has its body in a group scaled by the fit, a split-column page none; each page is well
/// formed, its references resolve in it, and librsvg shows the PNG page's picture.
@Suite struct SVGPagesTests {
    static let shrunk = #"{"width": 300, "height": 400}"#
    static let split = #"{"width": 600, "height": 800, "split": "columns"}"#

    /// The SVG and PNG pages of the 30-column table (`PDFColumnSplitTests.wide`) on `page`, and the fit.
    static func pages(_ page: String, in dir: URL) throws -> (svg: [String], png: [String], fit: Double) {
        let grid = try PDFColumnSplitTests.wide(rows: 12, page: page)
        let job = try RenderJob(grid, options: RenderOptions(paintThreads: 2))
        let fit = PDFPagination(job: job, page: try #require(grid.page)).fit
        let svg = try job.writePages(.svg, to: dir.appendingPathComponent("t.svg").path, options: RenderOptions())
        let png = try RenderJob(grid, options: RenderOptions()).writePages(.png, to: dir.appendingPathComponent("t.png").path,
                                                                         options: RenderOptions())
        return (svg, png, fit)
    }

    @Test(arguments: [shrunk, split])
    func pagesAreThePNGPagesPictures(page: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (svgs, pngs, fit) = try Self.pages(page, in: dir)
        #expect(svgs.count == pngs.count && !svgs.isEmpty)
        #expect(page == Self.split ? fit == 1 && svgs.count > 1 : fit < 0.5, "fit \(fit), \(svgs.count) pages")
        for (k, (svgPath, pngPath)) in zip(svgs, pngs).enumerated() {
            let text = try String(contentsOfFile: svgPath, encoding: .utf8)
            #expect(text.contains("<g transform=\"matrix(\(fit),0,0,\(fit),0,0)\">") == (fit != 1), "page \(k + 1)")
            #expect(try run(["xmllint", "--noout", svgPath]).status == 0)
            let ids = SVGDocumentIDsTests.defined(text)
            #expect(Set(ids).count == ids.count && SVGDocumentIDsTests.referenced(text).isSubset(of: Set(ids)), "page \(k + 1)")
            let raster = dir.appendingPathComponent("r\(k).png").path
            #expect(try run(["rsvg-convert", svgPath, "-o", raster]).status == 0)
            let a = try PNGImage(decoding: Array(Data(contentsOf: URL(fileURLWithPath: raster))))
            let b = try PNGImage(decoding: Array(Data(contentsOf: URL(fileURLWithPath: pngPath))))
            #expect(a.width == b.width && a.height == b.height, "page \(k + 1)")
            guard a.width == b.width, a.height == b.height else { continue }
            // Glyph edges anti-alias differently in librsvg; fills, lines and text must not move.
            var differing = 0
            for y in 0..<a.height {
                for x in 0..<a.width {
                    let p = a[x, y], q = b[x, y]
                    if max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b))) > 96 { differing += 1 }
                }
            }
            #expect(Double(differing) / Double(a.width * a.height) < 0.01, "page \(k + 1): \(differing) pixels differ")
        }
    }
}
