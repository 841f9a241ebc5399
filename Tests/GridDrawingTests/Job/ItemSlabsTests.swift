import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// Painting a region a slab of rows at a time (`ItemSlabs`, `GridPainter.forEachSlab`) draws
/// exactly what one pass over every cell draws: the same SVG and PDF bytes and PNG pixels, with
/// spans across slab edges, borders, glow, bars, swatches, frozen panes, sections and items.
@Suite struct ItemSlabsTests {
    /// `LayeredSVGTests.big` with borders, glow and bars on some cells and spans crossing rows.
    static func decorated() -> PreparedGrid {
        var grid = LayeredSVGTests.big()
        let base = grid.cells
        struct Decorated: CellSource {
            let base: CellSource
            func content(row: Int, column: Int, item: Int?) -> CellContent { base.content(row: row, column: column, item: item) }
            func style(row: Int, column: Int, item: Int?) -> ResolvedStyle {
                var style = base.style(row: row, column: column, item: item)
                if row % 7 == 3 { style.borders.bottom = LineStyle(width: 1, color: Color(hex: 0xcc3300), dash: row % 2 == 0 ? [3, 2] : []) }
                if row % 11 == 5 && column == 4 { style.shadow = Shadow(radius: 6, color: Color(hex: 0x3366ff)) }
                if column == 2 && row > 0 { style.bar = CellBar(start: 0, end: Double(row % 10) / 10, color: Color(hex: 0x99cc99)) }
                return style
            }
        }
        grid.cells = Decorated(base: base)
        grid.gridLines.horizontal = LineStyle(width: 1, color: Color(hex: 0xdddddd))
        grid.gridLines.vertical = LineStyle(width: 1, color: Color(hex: 0xbbbbbb), dash: [2, 2])
        grid.spec.spans = [CellSpan(row: 9, column: 0, rows: 3), CellSpan(row: 40, column: 2, rows: 5, columns: 2)]
        return grid
    }

    static func grids() -> [(String, PreparedGrid)] {
        [("decorated", decorated())] + ["plain", "frozen", "sections", "items"].map { ($0, LayeredSVGTests.variant($0)) }
    }

    static func job(_ grid: PreparedGrid, slabCells: Int) throws -> RenderJob {
        let job = try RenderJob(grid, options: RenderOptions(paintThreads: 1))
        job.slabCells = slabCells
        job.chunksText = false
        return job
    }

    @Test func slabsCoverTheQueryOnceInRowOrder() {
        let rows = (0..<100).map { Track(offset: Double($0) * 20, size: 20) }
        let region = ViewportRegion(clip: Rect(x: 0, y: 0, width: 100, height: 2000), offset: Point(x: 0, y: 0), rows: 0..<100, columns: 0..<4)
        let slabs = ItemSlabs(query: Rect(x: 0, y: 105, width: 100, height: 1000), region: region, limit: nil, rows: rows,
                              columnCount: 4, cellsPerSlab: 40)
        #expect(slabs.count == 6)   // rows 5..<56, 10 rows a slab
        #expect(slabs.rect(ofSlab: 0).y == 105 && slabs.rect(ofSlab: 5).maxY == 1105)
        #expect(slabs.rect(ofSlab: 1).y == 300)
        #expect(slabs.rows(ofSlab: 0).contains(2) && !slabs.rows(ofSlab: 0).contains(15))
        #expect(slabs.rows(ofSlab: 1) == 15..<25)
        let one = ItemSlabs(query: Rect(x: 0, y: 0, width: 100, height: 2000), region: region, limit: nil, rows: rows,
                            columnCount: 4, cellsPerSlab: 400)
        #expect(one.count == 1 && one.rect(ofSlab: 0).height == 2000)
    }

    @Test(arguments: ["decorated", "plain", "frozen", "sections", "items"])
    func sameVectorBytesInSlabs(_ name: String) throws {
        let grid = Self.grids().first { $0.0 == name }!.1
        let svg = try Self.job(grid, slabCells: ItemSlabs.defaultCellsPerSlab).svg()
        let pdf = try Self.job(grid, slabCells: ItemSlabs.defaultCellsPerSlab).pdf()
        for cells in [1, 12, 40] {
            #expect(try Self.job(grid, slabCells: cells).svg() == svg)
            #expect(try Self.job(grid, slabCells: cells).pdf() == pdf)
        }
    }

    @Test(arguments: ["decorated", "frozen", "items"])
    func samePixelsInSlabs(_ name: String) throws {
        let grid = Self.grids().first { $0.0 == name }!.1
        let png = try Self.job(grid, slabCells: ItemSlabs.defaultCellsPerSlab).png(path: nil, options: RenderOptions(paintThreads: 1))
        let slabbed = try Self.job(grid, slabCells: 12).png(path: nil, options: RenderOptions(paintThreads: 1))
        #expect(try PNGImage(decoding: slabbed).rgba == PNGImage(decoding: png).rgba)
    }
}
