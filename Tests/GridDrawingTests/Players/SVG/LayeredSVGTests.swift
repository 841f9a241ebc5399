import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// SVG painted in parts on several threads (`RenderJob.ownSVG`, `TextLanes`, `SVGPlayer`): the
/// same picture as one piece, the same bytes for any thread count.
@Suite struct LayeredSVGTests {
    /// 150 rows × 6 columns (900 cells, so two or more chunks) with what layers must keep in
    /// order: a title, a frozen header row and column scrolled, right-aligned numbers, a glowing
    /// selected row, swatches, a dashed border, text clipped in a narrow column, an outer line.
    static func big(rows: Int = 150) -> PreparedGrid {
        var contents: [[CellContent]] = [[.text("Name"), .text("Amount"), .text("Ratio"), .text("Colour"), .text("Note"), .text("Narrow")]]
        for r in 1..<rows {
            contents.append([.text("Row \(r)"), .text("\(r * 137 % 9973).\(r % 100)"), .text("0.\(r * 7 % 1000)"),
                             .swatch(Color(hex: UInt32(r * 0x10305 % 0xffffff))), .text(r % 3 == 0 ? "über ñ café" : "note \(r)"),
                             .text("much too long for this column")])
        }
        return makeTable(contents, columnWidths: [.auto(), .auto(), .auto(), .fixed(50), .auto(), .fixed(40)], rowHeight: 20, styler: { row, column in
            var style = ResolvedStyle()
            if row == 0 { style.background = Color(hex: 0x384a66); style.color = .white; style.font.weight = 700 }
            else if row % 2 == 0 { style.background = Color(hex: 0xf2f4f8) }
            if column == 1 || column == 2 { style.align = .right }
            if column == 5 { style.ellipsize = .none }
            if row == 7 { style.shadow = Shadow(radius: 4, color: Color(red: 0.2, green: 0.5, blue: 1, alpha: 0.6)) }
            if row == 9 && column == 4 { style.borders.bottom = LineStyle(width: 1, color: Color(hex: 0xe4572e), dash: [3, 2]) }
            return style
        }, configure: { grid in
            grid.padding = Insets(all: 8)
            var title = ResolvedStyle()
            title.font.size = 14
            grid.title = PreparedGrid.TextBlock(text: "Layered", style: title)
            grid.gridLines.horizontal = LineStyle(width: 1, color: Color(hex: 0xd0d4dc))
            grid.gridLines.vertical = LineStyle(width: 1, color: Color(hex: 0xd0d4dc))
            grid.gridLines.outer = LineStyle(width: 1, color: Color(hex: 0x555555))
        })
    }

    static func svg(_ grid: PreparedGrid, threads: Int, chunked: Bool = true) throws -> [UInt8] {
        let job = try RenderJob(grid, options: RenderOptions(paintThreads: threads))
        job.chunksText = chunked
        return try job.svg()
    }

    @Test func bigTablesAreChunked() throws {
        #expect(RowChunks.partition(rows: 150, columns: 6).count > 1)
        let items = try RenderJob(Self.variant("items"), options: RenderOptions())
        #expect(RowChunks.partition(rows: items.layout.rows.count, columns: items.layout.columns.count).count > 1)
    }

    @Test func sameBytesForAnyThreadCount() throws {
        let grid = Self.big()
        let one = try Self.svg(grid, threads: 1)
        for threads in [2, 3, 5] { #expect(try Self.svg(grid, threads: threads) == one) }
    }

    @Test func wellFormedWithEachGlyphDefinedOnce() throws {
        let dir = try temporaryDirectory()
        let path = dir.appendingPathComponent("layered.svg").path
        try Data(Self.svg(Self.big(), threads: 2)).write(to: URL(fileURLWithPath: path))
        #expect(try run(["xmllint", "--noout", path]).status == 0)
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        // Written by the SVG player: glyph outlines defined once each, the background once.
        let outlines = svg.components(separatedBy: "<path id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(!outlines.isEmpty)
        #expect(Set(outlines).count == outlines.count)
        #expect(!svg.contains("<g id=\"surface"))
        #expect(svg.components(separatedBy: "<rect width=").count == 2)   // the background only
    }

    /// `big()` scrolled to its middle with one frozen row and column (four clipped regions), and
    /// with section rows every 25 rows.
    static func variant(_ name: String) -> PreparedGrid {
        var grid = big()
        switch name {
        case "frozen":
            grid.spec.frozenRows = 1
            grid.spec.frozenColumns = 1
            grid.spec.viewport = Rect(x: 40, y: 600, width: 300, height: 1200)
        case "items":
            // 800 text items, 8 a row: item mode cut into row chunks too.
            struct Items: CellSource {
                func content(row: Int, column: Int, item: Int?) -> CellContent { item.map { .text("Item \($0)") } ?? .empty }
                func style(row: Int, column: Int, item: Int?) -> ResolvedStyle {
                    var style = ResolvedStyle()
                    style.background = (item ?? 0) % 3 == 0 ? Color(hex: 0xe8ecf3) : .white
                    return style
                }
            }
            var spec = GridSpec(content: .items(.init(sections: [.init(count: 800)], limit: .maxColumns(8), itemHeight: .lineSize(0))),
                                width: 640)
            spec.columnSpacing = Spacing(4)
            grid = PreparedGrid(spec: spec, cells: Items())
        case "sections":
            let kinds: [RowKind] = (0..<150).map { $0 == 0 ? .header : $0 % 25 == 0 ? .section : .data }
            grid.spec.content = .table(.init(columnCount: 6, rows: kinds))
        default: break
        }
        return grid
    }

    /// Rasterized by librsvg, the layered document and the one-piece document are the same picture.
    @Test(arguments: [(1.0, "plain"), (1.5, "plain"), (1.0, "frozen"), (1.0, "sections"), (1.0, "items")])
    func samePictureAsOnePiece(scale: Double, variant: String) throws {
        var grid = Self.variant(variant)
        grid.scale = scale
        #expect(try Self.differingPixels(Self.svg(grid, threads: 2), Self.svg(grid, threads: 2, chunked: false), scale: scale) == 0)
    }

    /// The pixels in which two SVG documents rasterized by librsvg at `scale` differ (a size
    /// mismatch counts as every pixel).
    static func differingPixels(_ a: [UInt8], _ b: [UInt8], scale: Double) throws -> Int {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var rasters: [PNGImage] = []
        for (k, svg) in [a, b].enumerated() {
            let svgPath = dir.appendingPathComponent("\(k).svg").path, png = dir.appendingPathComponent("\(k).png").path
            try Data(svg).write(to: URL(fileURLWithPath: svgPath))
            guard try run(["rsvg-convert", "-z", "\(scale)", svgPath, "-o", png]).status == 0 else { return Int.max }
            rasters.append(try PNGImage(decoding: Array(Data(contentsOf: URL(fileURLWithPath: png)))))
        }
        guard rasters[0].width == rasters[1].width && rasters[0].height == rasters[1].height else { return rasters[0].width * rasters[0].height }
        var differing = 0
        for y in 0..<rasters[0].height {
            for x in 0..<rasters[0].width where rasters[0][x, y] != rasters[1][x, y] { differing += 1 }
        }
        return differing
    }

    /// The PDF shows layouts other lanes shaped: the same bytes whichever lane shaped them.
    @Test func pdfSameBytesForAnyThreadCount() throws {
        let grid = Self.big()
        let one = try RenderJob(grid, options: RenderOptions(paintThreads: 1)).pdf()
        for threads in [2, 4] { #expect(try RenderJob(grid, options: RenderOptions(paintThreads: threads)).pdf() == one) }
    }
}
