import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// Faces fontconfig synthesizes (a family without a bold or italic face, with system fonts:
/// DejaVu Math TeX Gyre has only its regular face) through the project's PDF writer
/// (`PDFPlayer+Glyphs`: the file's outlines, slanted by the text matrix, emboldened with a
/// stroke): written by the writer, not refused to Cairo, qpdf-clean, the same bytes on 1 and 2
/// threads, the same text as Cairo's route, and at 144 dpi the picture Cairo's route draws: the
/// same ink within 5 %, the same inked box, and glyph edges within a pixel (a stroke is not
/// FreeType's emboldened outline to the last anti-aliased pixel).
@Suite struct PDFSyntheticFacesTests {
    static let family = "DejaVu Math TeX Gyre"

    /// A seeded table in `family`: each cell bold, italic, both or neither, at one of five sizes.
    static func table(seed: UInt64) -> PreparedGrid {
        var rng = WriterTestRandom(seed: seed)
        let words = ["Hamburg", "Zürich", "fifty", "Ölberg", "0.125", "wave", "AVATAR", "jiffy", "Québec"]
        let rows = 2 + Int(rng.next() % 6), columns = 1 + Int(rng.next() % 4)
        let contents: [[CellContent]] = (0..<rows).map { _ in
            (0..<columns).map { _ in .text((0..<(1 + Int(rng.next() % 3))).map { _ in words[Int(rng.next() % UInt64(words.count))] }.joined(separator: " ")) }
        }
        let faces = (0..<rows * columns).map { _ in Int(rng.next() % 4) }
        let sizes = (0..<rows * columns).map { _ in [7.0, 9, 12, 16, 24][Int(rng.next() % 5)] }
        let page = rng.next() % 3 == 0 ? PreparedGrid.Page(width: 300, height: 200) : nil
        return makeTable(contents, rowHeight: 44, styler: { row, column in
            var style = ResolvedStyle()
            style.font.family = family
            style.font.size = sizes[row * columns + column]
            let face = faces[row * columns + column]
            if face & 1 != 0 { style.font.weight = 700 }
            if face & 2 != 0 { style.font.italic = true }
            return style
        }, configure: { grid in
            grid.fonts = .system
            grid.gridLines.horizontal = LineStyle(width: 1, color: Color(hex: 0xd0d4dc))
            grid.page = page
        })
    }

    /// Ink (darkness summed over the channels), the inked box, and the far pixels of two
    /// pictures of one size: dark (over half) in one with no dark pixel within one pixel of
    /// it in the other; and the dark pixels of the second. Edges drawn a fraction of a pixel apart are not far; a glyph not slanted
    /// (its top moved by pixels) or missing is.
    static func compare(_ a: PNGImage, _ b: PNGImage) -> (ink: (Double, Double), box: ([Int], [Int]), far: Int, dark: Int) {
        func darkness(_ p: PNGImage) -> [Int] {
            (0..<p.width * p.height).map { 765 - Int(p.rgba[4 * $0]) - Int(p.rgba[4 * $0 + 1]) - Int(p.rgba[4 * $0 + 2]) }
        }
        let da = darkness(a), db = darkness(b), w = a.width, h = a.height
        func box(_ d: [Int]) -> [Int] {
            var box = [Int.max, Int.max, -1, -1]
            for i in d.indices where d[i] > 96 { box = [min(box[0], i % w), min(box[1], i / w), max(box[2], i % w), max(box[3], i / w)] }
            return box
        }
        func far(_ d: [Int], from other: [Int]) -> Int {
            var count = 0
            for y in 0..<h {
                for x in 0..<w where d[y * w + x] > 382 {
                    let near = (max(0, y - 1)...min(h - 1, y + 1)).contains { yy in
                        (max(0, x - 1)...min(w - 1, x + 1)).contains { other[yy * w + $0] > 382 }
                    }
                    if !near { count += 1 }
                }
            }
            return count
        }
        return ((Double(da.reduce(0, +)), Double(db.reduce(0, +))), (box(da), box(db)), far(da, from: db) + far(db, from: da), db.filter { $0 > 382 }.count)
    }

    /// Checks `grid`'s pages (own against Cairo's route) at `dpi`: ink within 5 %, the inked
    /// box within a pixel, at most one far pixel in 200 dark ones: a stroke is not FreeType's
    /// grown outline at the tips (descender tails, slanted serifs: FreeType moves each point
    /// along its corner's bisector), where they part by a pixel at 144 dpi (0.1-0.2 % of the
    /// dark pixels of 24 pt bold italic; without the stroke the ink is 13-34 % short, and
    /// without the slant thousands of pixels are far).
    static func expectCairosPicture(_ grid: PreparedGrid, dpi: Int, _ name: String) throws {
        let own = try OwnPDFGlowTests.pages(OwnPDFDocumentTests.pdf(grid), dpi: dpi)
        let cairo = try OwnPDFGlowTests.pages(OwnPDFDocumentTests.pdf(grid, own: false), dpi: dpi)
        #expect(own.count == cairo.count, "\(name): \(own.count) pages against \(cairo.count)")
        for (a, b) in zip(own, cairo) {
            guard a.width == b.width, a.height == b.height else { Issue.record("\(name): page sizes differ"); continue }
            let c = compare(a, b)
            #expect(abs(c.ink.0 / c.ink.1 - 1) < 0.05, "\(name): ink \(c.ink.0) against Cairo's \(c.ink.1)")
            #expect(zip(c.box.0, c.box.1).allSatisfy { abs($0 - $1) <= 1 }, "\(name): inked box \(c.box.0) against Cairo's \(c.box.1)")
            #expect(c.far * 200 <= c.dark, "\(name): \(c.far) pixels far from Cairo's, of \(c.dark) dark")
        }
    }

    @Test(arguments: 0..<8)
    func synthesizedFacesAreTheWritersAndCairosPicture(seed: Int) throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuMathTeXGyre.ttf") else {
            Issue.record("fonts-dejavu-extra is not installed (scripts/setup.sh installs it)")
            return
        }
        let grid = Self.table(seed: UInt64(seed) &+ 0x5F1A)
        let own = try OwnPDFDocumentTests.pdf(grid)
        #expect(try OwnPDFDocumentTests.tool(["pdfinfo"], own).text.contains("Producer:        gridrender"), "refused to Cairo")
        let check = try OwnPDFDocumentTests.tool(["qpdf", "--check"], own)
        #expect(check.status == 0 && !check.text.uppercased().contains("WARNING"), "\(check.text)")
        #expect(try OwnPDFDocumentTests.pdf(grid, threads: 2) == own)
        #expect(try OwnPDFDocumentTests.tool(["pdftotext"], own).text
                == OwnPDFDocumentTests.tool(["pdftotext"], OwnPDFDocumentTests.pdf(grid, own: false)).text)
        // Only the regular face is embedded: the bold and the slant are drawn.
        #expect(try OwnPDFDocumentTests.tool(["pdffonts"], own).text.components(separatedBy: "DejaVuMathTeXGyre-Regular").count == 2)
        try Self.expectCairosPicture(grid, dpi: 144, "seed \(seed)")
    }
}
