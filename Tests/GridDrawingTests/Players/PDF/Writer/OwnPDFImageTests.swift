import CCairo
import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// Cell images through the project's PDF writer (`PDFPlayer+Images` draws `/Im Do` where
/// Cairo clips them, `PDFDocumentJoin` numbers the sources with `PDFImageObjects`): written
/// by the writer, not refused to Cairo, qpdf-clean, each picture one XObject however often
/// drawn, the same bytes on any number of threads, and poppler's raster of them (72 and 144
/// dpi) equal to that of Cairo's route for the same tables.
@Suite struct OwnPDFImageTests {
    /// A table of images only (no text, whose glyph edges differ by design): generated sizes,
    /// fits, opacities and PNGs with and without alpha, some shown twice, some cells cut by
    /// their column, paginated or not. `used`: the pictures some cell shows.
    static func grid(seed: UInt64, dir: URL) throws -> (grid: PreparedGrid, used: Int) {
        var rng = WriterTestRandom(seed: seed)
        var files: [String] = []
        for k in 0..<3 {
            let width = 8 + Int(rng.next() % 60), height = 8 + Int(rng.next() % 60)
            let surface = try PDFImageObjectsTests.picture(width: width, height: height, alpha: k != 1)
            let path = try PDFImageObjectsTests.pngFile(surface, in: dir, format: k == 1 ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32)
            files.append((path as NSString).lastPathComponent)
        }
        let rows = 2 + Int(rng.next() % 12), columns = 1 + Int(rng.next() % 4)
        var used = Set<String>()
        let contents: [[CellContent]] = (0..<rows).map { _ in
            (0..<columns).map { _ in
                guard rng.next() % 5 != 0 else { return .empty }
                let file = files[Int(rng.next() % 3)]
                used.insert(file)
                return .image(path: file, fit: ImageFit.allCases[Int(rng.next() % UInt64(ImageFit.allCases.count))])
            }
        }
        let faded = rng.next() % 3 == 0
        let widths: [TrackSize?] = (0..<columns).map { _ in rng.next() % 2 == 0 ? .fixed(20 + Double(rng.next() % 80)) : nil }
        var grid = makeTable(contents, columnWidths: widths, rowHeight: 30 + Double(rng.next() % 40), styler: { row, column in
            var style = ResolvedStyle()
            if faded && (row + column) % 2 == 1 { style.opacity = 0.5 }
            return style
        }, configure: { grid in
            grid.gridLines.horizontal = LineStyle(width: 1, color: Color(hex: 0xd0d4dc))
        })
        grid.baseDirectory = dir.path
        if rng.next() % 2 == 0 { grid.page = PreparedGrid.Page(width: 300, height: 200) }
        return (grid, used.count)
    }

    /// poppler's pages of `pdf` at `dpi`, as PPM bytes.
    static func raster(_ pdf: [UInt8], dpi: Int) throws -> Data {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("t.pdf").path
        try Data(pdf).write(to: URL(fileURLWithPath: path))
        let result = try run(["pdftoppm", "-r", "\(dpi)", path])
        #expect(result.status == 0)
        return result.output
    }

    /// How many image XObjects `pdf` holds that are not another's soft mask.
    static func pictures(_ pdf: [UInt8]) -> Int {
        let text = String(decoding: pdf, as: UTF8.self)
        return text.components(separatedBy: "/Subtype /Image").count - text.components(separatedBy: "/SMask ").count
    }

    @Test(arguments: 0..<10)
    func imagesAreWrittenAsCairoPaintsThem(seed: Int) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (grid, used) = try Self.grid(seed: UInt64(seed) &+ 0x1A6E, dir: dir)
        let own = try OwnPDFDocumentTests.pdf(grid), cairo = try OwnPDFDocumentTests.pdf(grid, own: false)
        #expect(try OwnPDFDocumentTests.tool(["pdfinfo"], own).text.contains("Producer:        gridrender"), "refused to Cairo")
        let check = try OwnPDFDocumentTests.tool(["qpdf", "--check"], own)
        #expect(check.status == 0 && !check.text.uppercased().contains("WARNING"), "\(check.text)")
        #expect(Self.pictures(own) == used, "each picture once")
        for dpi in [72, 144] { #expect(try Self.raster(own, dpi: dpi) == Self.raster(cairo, dpi: dpi), "seed \(seed) at \(dpi) dpi") }
        for threads in [2, 7] { #expect(try OwnPDFDocumentTests.pdf(grid, threads: threads) == own, "\(threads) threads") }
    }

    /// Cairo's source extents (`_cairo_pattern_get_extents`) for placements whose answers were
    /// read from Cairo 1.16's code: exact (NEAREST, ±0.004), enlarged (half a pixel more) and
    /// reduced (±0.5 device unit), halves rounded up.
    @Test func sourceExtentsFollowCairosFilters() {
        // 1:1 on whole units: exactly the pixels.
        #expect(PDFImageExtents(width: 16, height: 55, x: 8, y: 4, sx: 1, sy: 1).rect == Rect(x: 8, y: 4, width: 16, height: 55))
        // 1:1 off the grid: GOOD, the span ±0.5 then rounded (7.75 → 8, 24.75 → 25; 3.5 → 4, 14.5 → 15).
        #expect(PDFImageExtents(width: 16, height: 10, x: 8.25, y: 4, sx: 1, sy: 1).rect == Rect(x: 8, y: 4, width: 17, height: 11))
        // Enlarged twice: half a pixel (one unit) each side.
        #expect(PDFImageExtents(width: 10, height: 10, x: 8, y: 4, sx: 2, sy: 2).rect == Rect(x: 7, y: 3, width: 22, height: 22))
        // Reduced: 0.3 × 10 = 3 units from 8.2: 7.7 → 8, 11.7 → 12.
        #expect(PDFImageExtents(width: 10, height: 10, x: 8.2, y: 0, sx: 0.3, sy: 0.3).rect.x == 8)
        #expect(PDFImageExtents(width: 10, height: 10, x: 8.2, y: 0, sx: 0.3, sy: 0.3).rect.maxX == 12)
    }
}
