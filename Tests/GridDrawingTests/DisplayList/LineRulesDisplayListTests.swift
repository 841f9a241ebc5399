import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// The line rules record display lists (`GridPainter.gridLines`, `outerLineList`), asserted here
/// node by node with exact numbers and no Cairo surface or context (issue 26 item 1): fixtures of
/// 3 columns 50 pt wide and 2 rows 20 pt high at scale 1 and 2, in the style of taffy's.
@Suite struct LineRulesDisplayListTests {
    static let black = Color(red: 0, green: 0, blue: 0), red = Color(red: 1, green: 0, blue: 0)

    static func painter(_ configure: (inout GridLines) -> Void, spans: [CellSpan] = [], header: Bool = false, scale: Double = 1) throws -> GridPainter {
        let grid = makeTable(text([["a", "b", "c"], ["d", "e", "f"]]), columnWidths: [.fixed(50), .fixed(50), .fixed(50)],
                             rowHeight: 20, header: header, scale: scale, configure: { grid in
            configure(&grid.gridLines)
            grid.spec.spans = spans
        })
        return try RenderJob(grid, options: RenderOptions(paintThreads: 1), format: .svg).painter
    }

    static let identity = DeviceTransform(sx: 1, sy: 1, tx: 0, ty: 0)

    /// Both families solid 1 pt, no outer line: each family draws the outer edges too. Horizontal
    /// lines first (the default `onTop` is vertical): inside at the edges (after / before),
    /// centred between rows with halves rounded up; one fill per family.
    @Test func solidLinesAreOneFillPerFamily() throws {
        let painter = try Self.painter { lines in
            lines.horizontal = LineStyle(width: 1, color: Self.black)
            lines.vertical = LineStyle(width: 1, color: Self.black)
        }
        let list = painter.gridLines(Self.identity, rows: 0..<2, columns: 0..<3)
        #expect(list.items == [
            .fill(FillNode(rects: [Rect(x: 0, y: 0, width: 150, height: 1), Rect(x: 0, y: 20, width: 150, height: 1),
                                   Rect(x: 0, y: 39, width: 150, height: 1)], color: Self.black)),
            .fill(FillNode(rects: [Rect(x: 0, y: 0, width: 1, height: 40), Rect(x: 50, y: 0, width: 1, height: 40),
                                   Rect(x: 100, y: 0, width: 1, height: 40), Rect(x: 149, y: 0, width: 1, height: 40)], color: Self.black)),
        ])
    }

    /// At scale 2 a 1-pt line is two device pixels: the same rectangles in user points.
    @Test func scaleTwoDoublesEveryEdge() throws {
        let painter = try Self.painter({ lines in lines.horizontal = LineStyle(width: 1, color: Self.black) }, scale: 2)
        let list = painter.gridLines(DeviceTransform(sx: 2, sy: 2, tx: 0, ty: 0), rows: 0..<2, columns: 0..<3)
        #expect(list.fills.map(\.rects) == [[Rect(x: 0, y: 0, width: 150, height: 1), Rect(x: 0, y: 20, width: 150, height: 1),
                                             Rect(x: 0, y: 39, width: 150, height: 1)]])
    }

    /// A dashed family is one stroke of centred segments with its dash; vertical on top draws
    /// the horizontal family first... and the other way round.
    @Test func dashedLinesAreStrokesInOnTopOrder() throws {
        let painter = try Self.painter { lines in
            lines.horizontal = LineStyle(width: 2, color: Self.red, dash: [4, 2])
            lines.vertical = LineStyle(width: 1, color: Self.black)
            lines.onTop = .horizontal
        }
        let list = painter.gridLines(Self.identity, rows: 0..<2, columns: 0..<3)
        guard list.items.count == 2, case .fill(let vertical) = list.items[0], case .stroke(let horizontal) = list.items[1] else {
            Issue.record("expected the vertical fill, then the horizontal stroke: \(list.items)")
            return
        }
        #expect(vertical.rects.count == 4)
        #expect(horizontal.color == Self.red && horizontal.dash == [4, 2] && horizontal.width == 2)
        #expect(horizontal.segments == [.init(x0: 0, y0: 1, x1: 150, y1: 1), .init(x0: 0, y0: 20, x1: 150, y1: 20),
                                        .init(x0: 0, y0: 39, x1: 150, y1: 39)])
    }

    /// A cell spanning two columns of the first row leaves no vertical line through it, and one
    /// spanning both rows of the last column leaves no horizontal line through it.
    @Test func spansInterruptTheLinesTheyCover() throws {
        let painter = try Self.painter({ lines in
            lines.horizontal = LineStyle(width: 1, color: Self.black)
            lines.vertical = LineStyle(width: 1, color: Self.red)
        }, spans: [CellSpan(row: 0, column: 0, rows: 1, columns: 2), CellSpan(row: 0, column: 2, rows: 2, columns: 1)])
        let list = painter.gridLines(Self.identity, rows: 0..<2, columns: 0..<3)
        let horizontal = try #require(list.fills.first { $0.color == Self.black }).rects
        let vertical = try #require(list.fills.first { $0.color == Self.red }).rects
        #expect(horizontal.contains(Rect(x: 0, y: 20, width: 100, height: 1)))   // stops at the tall cell
        #expect(!horizontal.contains { $0.y == 20 && $0.maxX > 100.5 })
        #expect(vertical.contains(Rect(x: 50, y: 20, width: 1, height: 20)))      // only below the wide cell
        #expect(!vertical.contains { $0.x == 50 && $0.y < 20 })
    }

    /// A header rule replaces the line it lies on and comes last, in its own fill.
    @Test func headerRuleReplacesItsLine() throws {
        let painter = try Self.painter({ lines in
            lines.horizontal = LineStyle(width: 1, color: Self.black)
            lines.header = LineStyle(width: 2, color: Self.red)
        }, header: true)
        let list = painter.gridLines(Self.identity, rows: 0..<2, columns: 0..<3)
        #expect(list.fills.first?.rects == [Rect(x: 0, y: 0, width: 150, height: 1), Rect(x: 0, y: 39, width: 150, height: 1)])
        #expect(list.items.last == .fill(FillNode(rects: [Rect(x: 0, y: 19, width: 150, height: 2)], color: Self.red)))
    }

    /// With an outer line the families keep to the inside edges, and the outer line is four
    /// sides inside the grid in the outer style.
    @Test func outerLineIsFourInsideSides() throws {
        let painter = try Self.painter { lines in
            lines.horizontal = LineStyle(width: 1, color: Self.black)
            lines.outer = LineStyle(width: 2, color: Self.red)
        }
        let lines = painter.gridLines(Self.identity, rows: 0..<2, columns: 0..<3)
        #expect(lines.fills.map(\.rects) == [[Rect(x: 0, y: 20, width: 150, height: 1)]])
        let outer = painter.outerLineList(Self.identity, regions: [ViewportRegion(clip: Rect(x: 0, y: 0, width: 150, height: 40), offset: Point(x: 0, y: 0), rows: 0..<2, columns: 0..<3)])
        let rects = outer.fills.flatMap(\.rects)
        #expect(outer.fills.allSatisfy { $0.color == Self.red })
        #expect(Set(rects.map { "\($0)" }) == Set([Rect(x: 0, y: 0, width: 150, height: 2), Rect(x: 0, y: 38, width: 150, height: 2),
                                                 Rect(x: 0, y: 0, width: 2, height: 40), Rect(x: 148, y: 0, width: 2, height: 40)].map { "\($0)" }),
                "\(rects)")
    }
}

extension LineRulesDisplayListTests {
    static func bordered(_ borders: Insets<LineStyle?>, opacity: Double = 1, trim: Double = 0) -> ResolvedStyle {
        var style = ResolvedStyle()
        style.borders = borders
        style.opacity = opacity
        style.bottomBorderTrim = trim
        return style
    }

    /// A cell's four borders lie inside its frame: top and left after their edge, bottom and
    /// right before it; solid ones are one fill of four rectangles.
    @Test func bordersLieInsideTheCell() throws {
        let painter = try Self.painter { _ in }
        let line = LineStyle(width: 2, color: Self.red)
        let cell = PlacedCell(row: 0, column: 1, frame: Rect(x: 50, y: 0, width: 50, height: 20))
        let list = painter.borderLines(Self.identity, items: [(cell, Self.bordered(Insets(top: line, right: line, bottom: line, left: line)))])
        #expect(list.items == [.fill(FillNode(rects: [Rect(x: 50, y: 0, width: 50, height: 2), Rect(x: 50, y: 18, width: 50, height: 2),
                                                      Rect(x: 50, y: 0, width: 2, height: 20), Rect(x: 98, y: 0, width: 2, height: 20)],
                                              color: Self.red))])
    }

    /// A dashed bottom border is a stroke along the middle of its 2-pt band, trimmed at both
    /// ends by `bottomBorderTrim`; the cell's opacity fades the colour.
    @Test func dashedTrimmedFadedBottomBorder() throws {
        let painter = try Self.painter { _ in }
        let cell = PlacedCell(row: 1, column: 0, frame: Rect(x: 0, y: 20, width: 50, height: 20))
        let style = Self.bordered(Insets(top: nil, right: nil, bottom: LineStyle(width: 2, color: Self.black, dash: [3, 1]), left: nil),
                                  opacity: 0.5, trim: 4)
        let list = painter.borderLines(Self.identity, items: [(cell, style)])
        #expect(list.items == [.stroke(StrokeNode(segments: [.init(x0: 4, y0: 39, x1: 46, y1: 39)],
                                                  color: Self.black.faded(0.5), width: 2, dash: [3, 1]))])
    }
}

extension LineRulesDisplayListTests {
    /// The glow of one selected cell with no lines around it: one node, a Gaussian of σ = radius/2
    /// over a window reaching 1.5 radius past the cell on whole pixels, cut by the clip, with the
    /// cell's inside as a hole. In SVG and PDF the window is counted on a grid of half points.
    @Test func glowIsOneNodeOverItsReach() throws {
        let painter = try Self.painter { _ in }
        let run = GridPainter.GlowRun(rect: Rect(x: 50, y: 20, width: 50, height: 20), shadow: Shadow(radius: 4, color: Self.red),
                                      rows: 1..<2, columns: 1..<2)
        let clip = Rect(x: 0, y: 0, width: 150, height: 40)
        let png = painter.glowList(Self.identity, runs: [run], vector: false, clip: clip)
        let glow = try #require(png.glows.first)
        #expect(png.items.count == 1)
        #expect(glow.window == Rect(x: 44, y: 14, width: 62, height: 26))   // 20 + 6 cut at the clip's 40
        #expect(glow.sigma == 2 && glow.color == Self.red && glow.pixel == Self.identity)
        #expect(glow.outer == Rect(x: 50, y: 20, width: 50, height: 20))
        #expect(glow.holes == [Rect(x: 50, y: 20, width: 50, height: 20)])
        let vector = painter.glowList(Self.identity, runs: [run], vector: true, clip: clip)
        let fine = try #require(vector.glows.first)
        #expect(fine.pixel == DeviceTransform(sx: 2, sy: 2, tx: 0, ty: 0))
        #expect(fine.window == Rect(x: 88, y: 28, width: 124, height: 52))
        #expect(fine.outer == Rect(x: 100, y: 40, width: 100, height: 40))
    }

    /// A glow wholly outside the clip records nothing.
    @Test func glowOutsideTheClipIsNothing() throws {
        let painter = try Self.painter { _ in }
        let run = GridPainter.GlowRun(rect: Rect(x: 50, y: 20, width: 50, height: 20), shadow: Shadow(radius: 2, color: Self.red),
                                      rows: 1..<2, columns: 1..<2)
        #expect(painter.glowList(Self.identity, runs: [run], vector: false, clip: Rect(x: 0, y: 100, width: 150, height: 40)).isEmpty)
    }
}
