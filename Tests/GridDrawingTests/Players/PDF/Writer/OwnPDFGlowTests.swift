import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// Selection glows through the project's PDF writer (`PDFPlayer+Glow`: the glow's pixels as an
/// image with an `/SMask`, placed on the glow's pixel grid): documents with glows are written by
/// the writer, not refused to Cairo, qpdf-clean, the same bytes on 1, 2 and 7 threads, and
/// poppler's raster of them (72 and 144 dpi) is that of Cairo's route: equal for generated
/// tables without text, and for the fixtures equal except at glyph edges (where the two
/// routes differ without glows too: the fonts are embedded differently).
@Suite struct OwnPDFGlowTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The fixtures that went to Cairo's PDF surface for their glows alone.
    static let fixtures = [
        "demo/table.json", "fuzz/document/table.json", "gallery/contact-sheet.json", "gallery/spans.json",
        "snapshots/items-columns.json", "snapshots/items-contact-sheet.json", "snapshots/items-horizontal.json",
        "snapshots/selection-glow.json", "snapshots/theme-dark.json", "snapshots/theme-striped.json",
    ]

    /// A grid's cells with every shadow taken off: the same picture without its glows.
    struct UnlitCells: CellSource {
        var cells: CellSource
        func content(row: Int, column: Int, item: Int?) -> CellContent { cells.content(row: row, column: column, item: item) }
        func style(row: Int, column: Int, item: Int?) -> ResolvedStyle {
            var style = cells.style(row: row, column: column, item: item)
            style.shadow = nil
            return style
        }
        func decimalSeparator(column: Int) -> String { cells.decimalSeparator(column: column) }
        func link(row: Int, column: Int, item: Int?) -> String? { cells.link(row: row, column: column, item: item) }
        func cellDescription(row: Int, column: Int, item: Int?) -> String { cells.cellDescription(row: row, column: column, item: item) }
    }

    /// Every page of `pdf` at `dpi`, by poppler's pdftoppm.
    static func pages(_ pdf: [UInt8], dpi: Int) throws -> [PNGImage] {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("doc.pdf").path
        try Data(pdf).write(to: URL(fileURLWithPath: path))
        _ = try run(["pdftoppm", "-png", "-r", "\(dpi)", path, dir.appendingPathComponent("page").path])
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".png") }.sorted()
        return try names.map { try PNGImage(decoding: Array(try Data(contentsOf: dir.appendingPathComponent($0)))) }
    }

    /// The pixels where `a` and `b` differ (row-major), nil when their sizes differ.
    static func differing(_ a: PNGImage, _ b: PNGImage) -> [Bool]? {
        guard a.width == b.width, a.height == b.height else { return nil }
        return (0..<a.width * a.height).map { i in a.rgba[4 * i..<4 * i + 4] != b.rgba[4 * i..<4 * i + 4] }
    }

    /// Checks the writer wrote `grid` with its glows as Cairo's route draws them.
    /// `edges`: pixels may differ only within one pixel of where they differ without glows.
    static func expectCairosGlows(_ grid: PreparedGrid, edges: Bool, _ name: String) throws {
        let own = try OwnPDFDocumentTests.pdf(grid), cairo = try OwnPDFDocumentTests.pdf(grid, own: false)
        #expect(try OwnPDFDocumentTests.tool(["pdfinfo"], own).text.contains("Producer:        gridrender"), "\(name): refused to Cairo")
        let check = try OwnPDFDocumentTests.tool(["qpdf", "--check"], own)
        #expect(check.status == 0 && !check.text.uppercased().contains("WARNING"), "\(name): \(check.text)")
        var unlit = grid
        unlit.cells = UnlitCells(cells: grid.cells)
        let ownUnlit = try OwnPDFDocumentTests.pdf(unlit), cairoUnlit = try OwnPDFDocumentTests.pdf(unlit, own: false)
        #expect(ownUnlit != own, "\(name): no glow drawn")
        for dpi in [72, 144] {
            let a = try pages(own, dpi: dpi), b = try pages(cairo, dpi: dpi)
            #expect(a.count == b.count && !a.isEmpty, "\(name): \(a.count) pages vs Cairo's \(b.count)")
            if !edges {
                for (k, (p, q)) in zip(a, b).enumerated() {
                    let count = differing(p, q).map { $0.filter { $0 }.count }
                    #expect(count == 0, "\(name) page \(k + 1) at \(dpi) dpi: \(count.map { "\($0) pixels differ" } ?? "sizes differ")")
                }
                continue
            }
            let ua = try pages(ownUnlit, dpi: dpi), ub = try pages(cairoUnlit, dpi: dpi)
            for k in 0..<min(a.count, b.count, ua.count, ub.count) {
                guard let lit = differing(a[k], b[k]), let plain = differing(ua[k], ub[k]) else {
                    Issue.record("\(name) page \(k + 1) at \(dpi) dpi: sizes differ")
                    continue
                }
                let w = a[k].width, h = a[k].height
                var outside = 0, first: (Int, Int)?
                for y in 0..<h {
                    for x in 0..<w where lit[y * w + x] {
                        // Near a pixel that differs without glows: a glyph edge.
                        let near = (max(0, y - 1)...min(h - 1, y + 1)).contains { yy in
                            (max(0, x - 1)...min(w - 1, x + 1)).contains { xx in plain[yy * w + xx] }
                        }
                        if !near { outside += 1; if first == nil { first = (x, y) } }
                    }
                }
                #expect(outside == 0, "\(name) page \(k + 1) at \(dpi) dpi: \(outside) pixels differ away from glyph edges, first at \(String(describing: first))")
            }
        }
        for threads in [2, 7] { #expect(try OwnPDFDocumentTests.pdf(grid, threads: threads) == own, "\(name): \(threads) threads") }
    }

    @Test(arguments: fixtures)
    func fixtureGlowsAreWrittenAsCairoPaintsThem(fixture: String) throws {
        let document = try Document.load(path: Self.root.appendingPathComponent("Fixtures/\(fixture)").path)
        try Self.expectCairosGlows(try document.prepare(), edges: true, fixture)
    }

    /// A table without text: generated sizes, spans of selected cells (one cell, a row run, a
    /// column), glow radii (under one point to past the cap of 16), colours and opacities,
    /// scales, paginated or not.
    static func grid(seed: UInt64) -> PreparedGrid {
        var rng = WriterTestRandom(seed: seed)
        let rows = 3 + Int(rng.next() % 30), columns = 1 + Int(rng.next() % 5)
        let radius = [0.6, 2, 3.5, 6, 11, 20][Int(rng.next() % 6)]
        let colors = [Color(red: 0.91, green: 0.35, blue: 0.05, alpha: 0.8), Color(red: 0.18, green: 0.44, blue: 0.93, alpha: 0.6), Color.black]
        let color = colors[Int(rng.next() % 3)]
        let lit = Set((0..<(1 + Int(rng.next() % 6))).map { _ in Int(rng.next() % UInt64(rows)) })
        let litColumn = rng.next() % 3 == 0 ? Int(rng.next() % UInt64(columns)) : nil
        let scale = [1.0, 1.5, 2, 3][Int(rng.next() % 4)]
        let widths: [TrackSize?] = (0..<columns).map { _ in rng.next() % 2 == 0 ? .fixed(20 + Double(rng.next() % 80)) : nil }
        let contents: [[CellContent]] = (0..<rows).map { _ in (0..<columns).map { _ in .empty } }
        let background = rng.next() % 2 == 0 ? Color(red: 0.91, green: 0.35, blue: 0.05, alpha: 0.2) : nil
        return makeTable(contents, columnWidths: widths, rowHeight: 14 + Double(rng.next() % 30), scale: scale, styler: { row, column in
            var style = ResolvedStyle()
            if lit.contains(row) || litColumn == column {
                style.shadow = Shadow(radius: radius, color: color)
                if let background { style.background = background }
            }
            return style
        }, configure: { grid in
            grid.padding = Insets(all: Double(rng.next() % 20))
            grid.gridLines.horizontal = LineStyle(width: 1, color: Color(hex: 0xd0d4dc))
            grid.gridLines.outer = LineStyle(width: 1, color: Color(hex: 0x555555))
            if rng.next() % 2 == 0 { grid.page = PreparedGrid.Page(width: 200 + Double(rng.next() % 200), height: 150 + Double(rng.next() % 150)) }
            grid.repeatedRowCount = Int(rng.next() % 2)
        })
    }

    @Test(arguments: 0..<8)
    func generatedGlowsAreWrittenAsCairoPaintsThem(seed: Int) throws {
        try Self.expectCairosGlows(Self.grid(seed: UInt64(seed) &+ 0x6170), edges: false, "seed \(seed)")
    }
}
