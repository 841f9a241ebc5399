import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// The selection glow (`shadow`) is a Gaussian blur (σ = radius / 2) of the selected cell,
/// painted over its neighbours and into the padding, the same picture at every scale and in
/// every band (`SelectionGlow.swift`).
@Suite struct SelectionGlowTests {
    static let blue = Color(hex: 0x0000ff)

    /// One 40 pt column of five 20 pt white rows without lines, 30 pt of padding; `row` glows.
    static func grid(row: Int = 0, radius: Double = 8, scale: Double = 1, rows: Int = 5) -> PreparedGrid {
        makeTable(Array(repeating: [CellContent.empty], count: rows), columnWidths: [.fixed(40)], rowHeight: 20,
                  header: false, scale: scale, styler: { r, _ in
            var style = ResolvedStyle()
            if r == row { style.shadow = Shadow(radius: radius, color: Self.blue) }
            return style
        }) { grid in
            grid.padding = Insets(all: 30)
        }
    }

    /// The glow of the grid's first row reaches above the grid (into the padding) exactly as it
    /// reaches over the row below: not cut flat at the grid's top edge.
    @Test func notClippedAtTheGridEdge() throws {
        let image = try PNGImage(decoding: GridRenderer.render(Self.grid(), format: .png))
        let x = 50, top = 30, bottom = 50
        for k in 1...12 { #expect(image[x, top - k] == image[x, bottom - 1 + k], "k \(k)") }
        #expect(image[x, top - 1].r < 200)
        // Left and right too, into the padding on both sides.
        for k in 1...12 { #expect(image[30 - k, 40] == image[70 - 1 + k, 40], "k \(k)") }
    }

    /// A Gaussian: strongest at the cell, fading smoothly (many levels, not three bands), gone
    /// beyond 1.5 × radius.
    @Test func fadesAsAGaussian() throws {
        let image = try PNGImage(decoding: GridRenderer.render(Self.grid(row: 2), format: .png))
        let x = 50, bottom = 90
        let reds = (0..<14).map { Int(image[x, bottom + $0].r) }
        #expect(zip(reds, reds.dropFirst()).allSatisfy { $0 <= $1 }, "\(reds)")
        #expect(Set(reds).count >= 10, "\(reds)")
        // At the edge the blur of the box is half its strength: 255 · (1 − 0.5) ≈ 128.
        #expect(abs(reds[0] - 128) <= 24, "\(reds)")
        #expect(image[x, bottom + 13] == PNGImage.Pixel(255, 255, 255))
        // The cell itself is not tinted.
        #expect(image[x, 80] == PNGImage.Pixel(255, 255, 255))
    }

    /// Pixel centres at 1x and 3x that are the same point show the same glow (±1 for rounding).
    @Test func samePictureAtEveryScale() throws {
        let one = try PNGImage(decoding: GridRenderer.render(Self.grid(row: 2, scale: 1), format: .png))
        let three = try PNGImage(decoding: GridRenderer.render(Self.grid(row: 2, scale: 3), format: .png))
        #expect(three.width == 3 * one.width && three.height == 3 * one.height)
        for y in 91..<104 {
            for x in [25, 50, 74] {
                let a = one[x, y], b = three[3 * x + 1, 3 * y + 1]
                #expect(abs(Int(a.r) - Int(b.r)) <= 1 && abs(Int(a.g) - Int(b.g)) <= 1, "(\(x), \(y)): \(a) vs \(b)")
            }
        }
    }

    /// Bands of 7 pixel rows cut through the glow: the pixels equal one band's, and the bytes do
    /// not depend on the thread count.
    @Test func bandsAndThreadsDoNotChangeIt() throws {
        let grid = Self.grid(row: 3, radius: 12, scale: 2, rows: 8)
        let whole = try PNGImage(decoding: PNGPieceEncoderTests.render(grid, threads: 1))
        let banded = try PNGPieceEncoderTests.render(grid, threads: 1, maxBandRows: 7)
        let pixels = try PNGImage(decoding: banded)
        #expect(pixels.width == whole.width && pixels.height == whole.height)
        var differing = 0
        for y in 0..<whole.height { for x in 0..<whole.width where whole[x, y] != pixels[x, y] { differing += 1 } }
        #expect(differing == 0)
        #expect(try PNGPieceEncoderTests.render(grid, threads: 4, maxBandRows: 7) == banded)
    }

    /// SVG and PDF embed the blur as an image; neither depends on the scale.
    @Test func vectorOutputsEmbedTheBlurIndependentOfTheScale() throws {
        let svg = try GridRenderer.render(Self.grid(row: 2), format: .svg)
        #expect(String(decoding: svg, as: UTF8.self).contains("<image"))
        #expect(try GridRenderer.render(Self.grid(row: 2, scale: 3), format: .svg) == svg)
        #expect(try GridRenderer.render(Self.grid(row: 2, scale: 3), format: .pdf) == GridRenderer.render(Self.grid(row: 2), format: .pdf))
    }
    // MARK: - The glow lies alike over the lines on all four sides

    static let grey = Color(hex: 0x808080)

    /// Four items in 41 × 31 pt slots (2 × 2), each 20 × 16 pt centred in its slot, so every
    /// box edge is on a half point; grey 1-pt lines; item 3 glows. `flow: columns` puts the same
    /// slots in two rows of a 62 pt tall canvas.
    static func items(glow: Bool, flow: Flow, scale: Double) -> PreparedGrid {
        let limit: LineLimit = flow == .rows ? .maxColumns(2) : .maxRows(2)
        var items = GridSpec.Items(sections: [.init(count: 4)], flow: flow, limit: limit, itemHeight: .lineSize(31))
        items.itemSize = ItemSize(width: 20, height: 16)
        if flow == .columns { items.itemWidth = .lineSize(41) }
        var spec = GridSpec(content: .items(items), height: flow == .columns ? 62 : nil, scale: scale)
        spec.defaultColumnWidth = .fixed(41)
        var grid = PreparedGrid(spec: spec, scale: scale, cells: TestCells(contents: [], styler: { _, _ in ResolvedStyle() }))
        grid.cells = ItemStyles(glowing: glow ? 3 : nil)
        grid.padding = Insets(all: 20)
        grid.gridLines.horizontal = LineStyle(width: 1, color: Self.grey)
        grid.gridLines.vertical = LineStyle(width: 1, color: Self.grey)
        return grid
    }

    /// White cells; item `glowing` (by flow index) glows blue.
    struct ItemStyles: CellSource {
        var glowing: Int?
        func content(row: Int, column: Int, item: Int?) -> CellContent { .empty }
        func style(row: Int, column: Int, item: Int?) -> ResolvedStyle {
            var style = ResolvedStyle()
            if let item, item == glowing { style.shadow = Shadow(radius: 6, color: SelectionGlowTests.blue) }
            return style
        }
    }

    /// The device box of the lines around the cell whose frame holds `point` (in points), found
    /// in `plain` (the same grid without a glow) from the grey line pixels through its middle.
    static func lineBox(_ plain: PNGImage, around point: (x: Int, y: Int), scale: Int) -> (x0: Int, x1: Int, y0: Int, y1: Int) {
        let grey = PNGImage.Pixel(0x80, 0x80, 0x80)
        let cx = point.x * scale, cy = point.y * scale
        var x0 = cx, x1 = cx, y0 = cy, y1 = cy
        while plain[x0, cy] != grey { x0 -= 1 }
        while plain[x1, cy] != grey { x1 += 1 }
        while plain[cx, y0] != grey { y0 -= 1 }
        while plain[cx, y1] != grey { y1 += 1 }
        return (x0, x1, y0, y1)
    }

    /// Mirror pixels across the box are equal (the lines themselves, and the glow outside them
    /// up to its reach), and the glow tints the lines on all four sides.
    static func expectSymmetricGlow(_ plain: PNGImage, _ glowing: PNGImage, around point: (x: Int, y: Int), scale: Int,
                                    _ what: String) {
        let box = lineBox(plain, around: point, scale: scale)
        let my = (box.y0 + box.y1) / 2, mx = (box.x0 + box.x1) / 2
        for k in 0...(9 * scale) {
            #expect(glowing[box.x0 - k, my] == glowing[box.x1 + k, my], "\(what): left/right at \(k) of \(box)")
            #expect(glowing[mx, box.y0 - k] == glowing[mx, box.y1 + k], "\(what): top/bottom at \(k) of \(box)")
        }
        for (x, y) in [(box.x0, my), (box.x1, my), (mx, box.y0), (mx, box.y1)] {
            #expect(glowing[x, y] != plain[x, y] && glowing[x, y].b > glowing[x, y].r, "\(what): line at (\(x), \(y)) not glowing")
        }
    }

    /// An item whose centred size puts its box edges on half points glows alike over its left
    /// and right box lines, and its top and bottom, at 1x, 2x and 3x, in either flow.
    @Test(arguments: [Flow.rows, .columns])
    func itemGlowIsSymmetricOnHalfPointEdges(flow: Flow) throws {
        for scale in 1...3 {
            let plain = try PNGImage(decoding: GridRenderer.render(Self.items(glow: false, flow: flow, scale: Double(scale)), format: .png))
            let glowing = try PNGImage(decoding: GridRenderer.render(Self.items(glow: true, flow: flow, scale: Double(scale)), format: .png))
            // Item 3 is in slot (1, 1) in both flows: its centre is at (20 + 41 + 20.5, 20 + 31 + 15.5).
            Self.expectSymmetricGlow(plain, glowing, around: (81, 66), scale: scale, "\(flow) @\(scale)x")
        }
    }

    /// Three 41 × 31 pt columns and rows, grey 1-pt lines and outer line, 20 pt of padding;
    /// cell `glowing` (row, column) glows.
    static func table(glowing: (Int, Int)?, scale: Int) -> PreparedGrid {
        makeTable(Array(repeating: Array(repeating: CellContent.empty, count: 3), count: 3), columnWidths: [.fixed(41), .fixed(41), .fixed(41)],
                  rowHeight: 31, header: false, scale: Double(scale), styler: { r, c in
            var style = ResolvedStyle()
            if let glowing, (r, c) == glowing { style.shadow = Shadow(radius: 6, color: Self.blue) }
            return style
        }) { grid in
            grid.padding = Insets(all: 20)
            grid.gridLines.horizontal = LineStyle(width: 1, color: Self.grey)
            grid.gridLines.vertical = LineStyle(width: 1, color: Self.grey)
            grid.gridLines.outer = LineStyle(width: 1, color: Self.grey)
        }
    }

    /// A table cell glows alike over its lines too: an inner cell (centred lines) and a corner
    /// cell at the grid's right and bottom edges, whose outer line is drawn last, over
    /// everything, yet lies under the glow like any other line. At 1x, 2x and 3x.
    @Test func tableCellGlowIsSymmetric() throws {
        for scale in 1...3 {
            let plain = try PNGImage(decoding: GridRenderer.render(Self.table(glowing: nil, scale: scale), format: .png))
            for (cell, centre) in [((1, 1), (81, 66)), ((2, 2), (122, 97))] {
                let glowing = try PNGImage(decoding: GridRenderer.render(Self.table(glowing: cell, scale: scale), format: .png))
                Self.expectSymmetricGlow(plain, glowing, around: centre, scale: scale, "cell \(cell) @\(scale)x")
            }
        }
    }

    /// Unsnapped tracks 40.5 × 31.5 pt put a table cell's edges on half points: its glow is
    /// still the same on both sides of it, inner and corner cells, at 1x–3x.
    @Test func tableCellOnHalfPointEdgesGlowsSymmetrically() throws {
        func halfPoints(_ grid: PreparedGrid) -> PreparedGrid {
            var grid = grid
            grid.spec.snapping = .none
            grid.spec.columnWidths = [.fixed(40.5), .fixed(40.5), .fixed(40.5)]
            grid.spec.defaultRowHeight = .fixed(31.5)
            return grid
        }
        for scale in 1...3 {
            let plain = try PNGImage(decoding: GridRenderer.render(halfPoints(Self.table(glowing: nil, scale: scale)), format: .png))
            // Cell (1, 1) spans 60.5…101 × 51.5…83; cell (2, 2) 101…141.5 × 83…114.5.
            for (cell, centre) in [((1, 1), (80, 67)), ((2, 2), (121, 98))] {
                let grid = halfPoints(Self.table(glowing: cell, scale: scale))
                let frame = try #require(GridRenderer.layout(grid).cell(row: cell.0, column: cell.1)?.frame)
                #expect([frame.x, frame.y, frame.maxX, frame.maxY].contains { $0 != $0.rounded() }, "\(frame): half points")
                let glowing = try PNGImage(decoding: GridRenderer.render(grid, format: .png))
                Self.expectSymmetricGlow(plain, glowing, around: centre, scale: scale, "half-point cell \(cell) @\(scale)x")
            }
        }
    }

    /// The glow on the outer line is painted with the overlay, after the bands' cells: bands
    /// and threads still give the one picture, and SVG embeds that part as images of its own.
    @Test func glowOnTheOuterLineInBandsAndVectorOutputs() throws {
        let grid = Self.table(glowing: (2, 2), scale: 2)
        let whole = try PNGImage(decoding: PNGPieceEncoderTests.render(grid, threads: 1))
        let banded = try PNGPieceEncoderTests.render(grid, threads: 1, maxBandRows: 7)
        let pixels = try PNGImage(decoding: banded)
        var differing = 0
        for y in 0..<whole.height { for x in 0..<whole.width where whole[x, y] != pixels[x, y] { differing += 1 } }
        #expect(differing == 0)
        #expect(try PNGPieceEncoderTests.render(grid, threads: 4, maxBandRows: 7) == banded)
        // The whole glow, then its parts on the right and bottom sides of the outer line.
        let svg = String(decoding: try GridRenderer.render(grid, format: .svg), as: UTF8.self)
        #expect(svg.components(separatedBy: "<image").count - 1 == 3)
        let inner = String(decoding: try GridRenderer.render(Self.table(glowing: (1, 1), scale: 2), format: .svg), as: UTF8.self)
        #expect(inner.components(separatedBy: "<image").count - 1 == 1)
    }
    /// An outer line in the grid lines' own style draws the pixels the lines draw on the
    /// grid's edges without it, so the glowing picture is the same: the overlay's glow on the
    /// outer line matches the cells pass's glow over those lines, corners painted once.
    @Test func outerLineUnderTheGlowAsTheEdgeLines() throws {
        for scale in 1...2 {
            var framed = Self.table(glowing: (0, 0), scale: scale)
            framed.spec.columnWidths = [.fixed(41)]
            framed.cells = TestCells(contents: [[.empty]], styler: { _, _ in
                var style = ResolvedStyle()
                style.shadow = Shadow(radius: 6, color: Self.blue)
                return style
            })
            framed.spec.content = .table(.init(columnCount: 1, rows: [.data]))
            var open = framed
            open.gridLines.outer = nil
            let a = try PNGImage(decoding: GridRenderer.render(framed, format: .png))
            let b = try PNGImage(decoding: GridRenderer.render(open, format: .png))
            var differing = 0
            for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { differing += 1 } }
            #expect(differing == 0, "@\(scale)x")
            #expect(a[20 * scale, 20 * scale] != PNGImage.Pixel(0x80, 0x80, 0x80), "the corner is under the glow")
        }
    }
}
