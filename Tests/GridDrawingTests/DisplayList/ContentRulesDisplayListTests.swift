import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// The content rules record display lists (`GridPainter.recordContent`), asserted here node by
/// node with no Cairo surface or context (issue 26 item 1): where a text's glyphs start for each
/// alignment, the clip of a text that does not fit, the rectangle, scale and clip of an image
/// for each fit, the rectangles of a link cut to its cell and to the region. Columns 100 pt wide,
/// rows 20 pt high, the default padding (4 pt top and bottom, 8 pt left and right).
@Suite struct ContentRulesDisplayListTests {
    /// A cell source with a link on some cells.
    struct LinkedCells: CellSource {
        var cells: TestCells
        var links: [String: String]
        func content(row: Int, column: Int, item: Int?) -> CellContent { cells.content(row: row, column: column, item: item) }
        func style(row: Int, column: Int, item: Int?) -> ResolvedStyle { cells.style(row: row, column: column, item: item) }
        func link(row: Int, column: Int, item: Int?) -> String? { links["\(row),\(column)"] }
    }

    /// The target of a context at scale 1 whose clip is `clip` (default: far beyond the table).
    static func target(clip: Rect = Rect(x: -1000, y: -1000, width: 10_000, height: 10_000)) -> PaintTarget {
        PaintTarget(transform: DeviceTransform(sx: 1, sy: 1, tx: 0, ty: 0), clip: clip, deviceClip: clip)
    }

    static func grid(_ rows: [[CellContent]], width: Double = 100, rowHeight: Double = 20, links: [String: String] = [:],
                     styler: @escaping @Sendable (Int, Int) -> ResolvedStyle = { _, _ in ResolvedStyle() }) -> PreparedGrid {
        let columns = rows.map(\.count).max() ?? 0
        return makeTable(rows, columnWidths: Array(repeating: .fixed(width), count: columns), rowHeight: rowHeight, header: false,
                         styler: styler, configure: { grid in
            grid.cells = LinkedCells(cells: TestCells(contents: rows, styler: styler), links: links)
        })
    }

    /// The content of every cell, in row order, as `paint` records it for `format` (PDF joins
    /// glyphs, SVG shows every text through Pango).
    static func record(_ grid: PreparedGrid, format: OutputFormat, target: PaintTarget = target()) throws -> (DisplayList, GridPainter) {
        let job = try RenderJob(grid, options: RenderOptions(paintThreads: 1), format: format)
        let painter = job.painter
        if format == .pdf { painter.glyphBatch = GlyphBatch() }
        let size = painter.geometry.size
        var list = DisplayList()
        for cell in painter.geometry.cells(in: Rect(x: 0, y: 0, width: size.width, height: size.height)) {
            let style = grid.cells.style(row: cell.row, column: cell.column, item: cell.item)
            try painter.recordContent(into: &list, target, target.transform, cell, style,
                                      grid.cells.content(row: cell.row, column: cell.column, item: cell.item))
        }
        return (list, painter)
    }

    /// `string`'s logical box laid out as the painter lays out an unwrapped, unellipsized text.
    static func logical(_ string: String, _ style: ResolvedStyle = unaligned(.left)) throws -> Rect {
        let layout = TextLayout(context: try TextContext(mode: .pinned))
        layout.prepare(string, style: style, width: nil)
        return layout.logicalRect
    }

    static func unaligned(_ align: TextAlign) -> ResolvedStyle {
        var style = ResolvedStyle()
        style.align = align
        style.ellipsize = .none
        return style
    }

    /// Left, centre and right: the painter places the text (Pango gets no width) so that its
    /// logical box starts at the padding, is centred, or ends at the padding; vertically centred
    /// in the row. In PDF the text is glyphs from that origin, the first at the run's start and
    /// each after the advances before it; in SVG the same origin is Pango's.
    @Test(arguments: [TextAlign.left, .center, .right])
    func alignmentPlacesTheOrigin(_ align: TextAlign) throws {
        let string = "Row 17"
        let grid = Self.grid(text([[string]]), styler: { _, _ in Self.unaligned(align) })
        let box = try Self.logical(string)
        let x: Double = switch align {
        case .left: 8
        case .center: 8 + (84 - box.width) / 2
        default: 92 - box.width
        }
        let y = 4 + (12 - box.height) / 2 - box.y
        let (pdf, _) = try Self.record(grid, format: .pdf)
        #expect(pdf.pangoTexts.isEmpty)
        try #require(pdf.glyphs.count == 1)
        let glyphs = pdf.glyphs[0]
        #expect(glyphs.x == x && glyphs.y == y)
        #expect(glyphs.color == ResolvedStyle().color)
        try #require(glyphs.runs.count == 1)
        let run = glyphs.runs[0], runGlyphs = glyphs.glyphs(of: run)
        #expect(run.x == 0 && run.baseline > 0)
        #expect(runGlyphs.count == string.count && run.range == glyphs.glyphs.indices)
        #expect(runGlyphs.first?.x == 0)
        #expect(runGlyphs.allSatisfy { $0.y == 0 })
        #expect(zip(runGlyphs, runGlyphs.dropFirst()).allSatisfy { $0.x < $1.x })
        let (svg, _) = try Self.record(grid, format: .svg)
        #expect(svg.glyphs.isEmpty)
        #expect(svg.pangoTexts.map { [$0.x, $0.y] } == [[x, y]])
        #expect(svg.pangoTexts.allSatisfy { $0.clip == nil })
    }

    /// Where the painter puts the origin of a one-line text vertically centred in a 20-pt row.
    static func logicalY(_ string: String) -> Double {
        let box = try! logical(string)
        return 4 + (12 - box.height) / 2 - box.y
    }

    /// Decimal alignment: the points of a column line up where the widest tail (".25") ends at
    /// the padding; a number without a point ends there.
    @Test func decimalAlignmentLinesUpThePoints() throws {
        let numbers = ["1.5", "12.25", "100"]
        let grid = Self.grid(numbers.map { [.text($0)] }, styler: { _, _ in Self.unaligned(.decimal) })
        let (list, _) = try Self.record(grid, format: .pdf)
        try #require(list.glyphs.count == 3)
        // Where each point is in its text, and the widest part after it.
        let layout = TextLayout(context: try TextContext(mode: .pinned))
        let points = numbers.map { number -> (point: Double, width: Double) in
            layout.prepare(number, style: Self.unaligned(.decimal), width: nil)
            let width = layout.logicalRect.width
            return (DecimalColumns.pointX(number, width: width, in: layout), width)
        }
        let tail = points.map { $0.width - $0.point }.max() ?? 0
        #expect(tail > 0)
        for (node, (number, point)) in zip(list.glyphs, zip(numbers, points)) {
            #expect(node.x == 92 - tail - point.point, "\(number)")
        }
        // The glyph of each point is where the point goes.
        let drawn = zip(list.glyphs, numbers).compactMap { node, number in
            number.firstIndex(of: ".").map { node.x + node.glyphs(of: node.runs[0]).dropFirst(number.distance(from: number.startIndex, to: $0)).first!.x }
        }
        #expect(drawn == [92 - tail, 92 - tail])
    }

    /// A text wider than its cell is clipped to the cell's frame (not its padding), and shown by
    /// Pango even in PDF (its ink reaches the clip); a text that fits gets no clip.
    @Test func textThatDoesNotFitIsClippedToItsFrame() throws {
        let grid = Self.grid(text([["short", "a text much wider than the forty points of its cell"]]), width: 40,
                             styler: { _, _ in Self.unaligned(.left) })
        let frame = Rect(x: 40, y: 0, width: 40, height: 20)
        let (pdf, _) = try Self.record(grid, format: .pdf)
        #expect(pdf.glyphs.count == 1)
        #expect(pdf.pangoTexts.map(\.clip) == [frame])
        let (svg, _) = try Self.record(grid, format: .svg)
        #expect(svg.pangoTexts.map(\.clip) == [nil, frame])
    }

    /// An image of 200 × 100 pixels in an inner box of 100 × 80 points: `contain` scales by 0.5
    /// and centres it vertically, `cover` by 0.8 and centres it across, `fill` stretches it; each
    /// clipped to the inner box, faded by the cell's opacity. Vector output keeps the file's
    /// pixels (the scale is the fit's); PNG paints a reduced copy stretched over the same place.
    @Test(arguments: ImageFit.allCases)
    func imageGetsItsFitRectScaleAndClip(_ fit: ImageFit) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try ImageCacheTests.twoColourPNG(in: dir, width: 200, height: 100)
        var grid = Self.grid([[.image(path: "photo.png", fit: fit)]], width: 116, rowHeight: 88, styler: { _, _ in
            var style = ResolvedStyle()
            style.opacity = 0.75
            return style
        })
        grid.baseDirectory = dir.path
        let (rect, scale): (Rect, (Double, Double)) = switch fit {
        case .contain: (Rect(x: 8, y: 19, width: 100, height: 50), (0.5, 0.5))
        case .cover: (Rect(x: -22, y: 4, width: 160, height: 80), (0.8, 0.8))
        case .fill: (Rect(x: 8, y: 4, width: 100, height: 80), (0.5, 0.8))
        }
        let (pdf, _) = try Self.record(grid, format: .pdf)
        try #require(pdf.images.count == 1 && pdf.items.count == 1)
        let image = pdf.images[0]
        #expect(image.rect == rect)
        #expect(image.scale == scale)
        #expect(image.alpha == 0.75)
        #expect(image.clip == Rect(x: 8, y: 4, width: 100, height: 80))
        #expect(image.source.width == 200 && image.source.height == 100)
        let (png, _) = try Self.record(grid, format: .png)
        let reduced = try #require(png.images.first)
        #expect(reduced.rect == rect && reduced.clip == image.clip)
        #expect(reduced.source.width < 200)
        #expect(reduced.scale == (rect.width / Double(reduced.source.width), rect.height / Double(reduced.source.height)))
    }

    /// A link is recorded right after its text (shown by Pango, also in PDF): one rectangle over
    /// the linked text's logical box, cut to the cell's frame and to the region's clip; none
    /// when the clip leaves the cell out.
    @Test func linkRectsAreCutToTheCellAndTheRegion() throws {
        let string = "a link wider than its cell"
        let grid = Self.grid(text([["plain", string]]), width: 60, links: ["0,1": "https://example.org/a"],
                             styler: { _, _ in Self.unaligned(.left) })
        let box = try Self.logical(string)
        let top = Self.logicalY(string) + box.y
        for format in [OutputFormat.pdf, .svg] {
            let (list, _) = try Self.record(grid, format: format)
            guard case .pangoText(let text) = list.items[list.items.count - 2], case .link(let link) = list.items.last else {
                Issue.record("\(format): expected the text, then its link: \(list.items)")
                continue
            }
            #expect(text.x == 68)
            #expect(link.url == "https://example.org/a" && link.rects == [Rect(x: 68, y: top, width: 52, height: box.height)], "\(format)")
        }
        let half = Self.target(clip: Rect(x: 0, y: 0, width: 90, height: 20))
        #expect(try Self.record(grid, format: .pdf, target: half).0.links.map(\.rects) == [[Rect(x: 68, y: top, width: 22, height: box.height)]])
        let none = Self.target(clip: Rect(x: 0, y: 0, width: 60, height: 20))
        #expect(try Self.record(grid, format: .pdf, target: none).0.links.isEmpty)
    }

    /// Texts Pango shows wait in the list for the player: each holds a layout of its own (a
    /// shared scratch layout would show the last cell's text for every one), taken from the
    /// painter's scratch layouts until the list is played.
    @Test func pangoTextsHoldLayoutsOfTheirOwn() throws {
        // Right-aligned in its width: no natural layout the measurer kept stands in for it.
        let strings = ["one", "two", "three", "four"]
        let (list, painter) = try Self.record(Self.grid(text([strings]), styler: { _, _ in
            var style = ResolvedStyle()
            style.align = .right
            return style
        }), format: .svg)
        let layouts = list.pangoTexts.map(\.layout)
        #expect(layouts.count == 4)
        #expect(Set(layouts.map(ObjectIdentifier.init)).count == 4)
        #expect(painter.scratch.taken == 4)
        #expect(layouts.map { $0.logicalRect.width } == strings.map { try! Self.logical($0, ResolvedStyle()).width })
    }

    /// A title or footnote block is its text shown by Pango from the inner box's origin in the
    /// block's colour, unclipped, then its link over the text cut to the block's rectangle.
    @Test func blockIsItsTextThenItsLinks() throws {
        let (_, painter) = try Self.record(Self.grid(text([["x"]])), format: .pdf)
        let layout = TextLayout(context: painter.context)
        var style = ResolvedStyle()
        style.color = Color(hex: 0x336699)
        style.opacity = 0.5
        style.ellipsize = .none   // one line, wider than the block
        let string = "a title linked from end to end"
        layout.prepare(string, style: style, width: 40, link: "https://example.org/t")
        let rect = Rect(x: 0, y: 0, width: 60, height: 30), inner = Rect(x: 10, y: 5, width: 40, height: 20)
        var list = DisplayList()
        painter.recordBlock(into: &list, layout, style: style, rect: rect, inner: inner, target: Self.target())
        #expect(list.pangoTexts == [PangoTextNode(layout: layout, x: 10, y: 5, color: style.color.faded(0.5), clip: nil)])
        try #require(list.items.count == 2 && list.links.count == 1)
        let box = layout.logicalRect
        #expect(list.links[0].url == "https://example.org/t"
                && list.links[0].rects == [Rect(x: 10 + box.x, y: 5 + box.y, width: 50 - box.x, height: box.height)])
    }

    /// Images and texts keep cell order: in PDF, glyph texts on either side of an image are
    /// separate nodes with the image between them (the player shows the glyphs before it).
    @Test func contentKeepsCellOrder() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try ImageCacheTests.twoColourPNG(in: dir, width: 20, height: 10)
        var grid = Self.grid([[.text("before"), .image(path: "photo.png", fit: .contain), .text("after"), .swatch(.black)]])
        grid.baseDirectory = dir.path
        let (list, _) = try Self.record(grid, format: .pdf)
        let kinds = list.items.map { item -> String in
            switch item {
            case .glyphs: "glyphs"
            case .image: "image"
            default: "other"
            }
        }
        #expect(kinds == ["glyphs", "image", "glyphs"])   // the swatch joins the region's fills
    }
}
