import CCairo
import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// The project's SVG player (`SVGPlayer`, `RenderJob.ownSVG`): the exact elements of small
/// lists, and whole documents joined from parts painted on any number of threads.
@Suite struct SVGPlayerTests {
    static let page = Rect(x: 0, y: 0, width: 100, height: 50)

    /// `list` played on a context translated by (`tx`, `ty`): the player's body and ids used.
    static func played(_ list: DisplayList, tx: Double = 0, ty: Double = 0, defs: SVGGlyphDefs = SVGGlyphDefs()) throws -> SVGPlayer {
        let cr = try CairoContext(CairoSurface.svg(width: page.width, height: page.height))
        let player = try SVGPlayer(defs: defs, page: page)
        cr.svgPlayer = player
        cr.translate(tx, ty)
        _ = try CairoPlayer.play(list, on: cr)
        player.finish()
        return player
    }

    static func text(_ player: SVGPlayer) -> String { String(decoding: player.body, as: UTF8.self) }

    @Test func fillIsOnePathOfRectangles() throws {
        var list = DisplayList()
        list.append(.fill(FillNode(rects: [Rect(x: 1, y: 2, width: 10, height: 5), Rect(x: 0.5, y: 20, width: 3.25, height: 1)],
                                   color: Color(hex: 0x112233))))
        let player = try Self.played(list, tx: 4, ty: 0)
        #expect(Self.text(player) == "<path fill=\"#112233\" d=\"M5 2H15V7H5ZM4.5 20H7.75V21H4.5Z\"/>\n")
        #expect(player.refusal == nil)
    }

    @Test func dashedStrokeKeepsWidthAndDash() throws {
        var list = DisplayList()
        list.append(.stroke(StrokeNode(segments: [.init(x0: 0, y0: 10.5, x1: 20, y1: 10.5), .init(x0: 3, y0: 0, x1: 3, y1: 8)],
                                       color: Color(red: 1, green: 0, blue: 0, alpha: 0.5), width: 1, dash: [3, 2])))
        #expect(Self.text(try Self.played(list)) ==
                "<path fill=\"none\" stroke=\"#ff0000\" stroke-opacity=\"0.5\" stroke-width=\"1\" stroke-dasharray=\"3,2\" d=\"M0 10.5H20M3 0V8\"/>\n")
    }

    @Test func numbersAreCairos() {
        #expect(SVGNumber.string(0) == "0")
        #expect(SVGNumber.string(-0.0) == "0")
        #expect(SVGNumber.string(12.5) == "12.5")
        #expect(SVGNumber.string(460.6464843750) == "460.646484")   // 6 decimals, half to even below
        #expect(SVGNumber.string(0.08203125) == "0.0820312")       // under 0.1: six significant decimals
        #expect(SVGNumber.string(-3.0000001) == "-3")
        #expect(SVGNumber.string(1.0 / 3) == "0.333333")
        // Generated: the integer path agrees with glibc's "%f" on multiples of 1/1024.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let v = Double(Int.random(in: -100_000_000...100_000_000, using: &generator)) / 1024
            guard abs(v) >= 0.1 else { continue }
            var printed = String(format: "%f", v)
            while printed.hasSuffix("0") { printed.removeLast() }
            if printed.hasSuffix(".") { printed.removeLast() }
            #expect(SVGNumber.string(v) == printed, "\(v)")
        }
    }

    /// Two glyphs of one id share one definition; a run is one group on its baseline.
    @Test func glyphRunUsesOneDefinitionPerGlyph() throws {
        let layout = TextLayout(context: try TextContext(mode: .pinned))
        layout.prepare("oo", style: ResolvedStyle(), width: nil)
        var list = DisplayList()
        list.append(.pangoText(PangoTextNode(layout: layout, x: 10, y: 5, color: .black, clip: nil)))
        let defs = SVGGlyphDefs()
        let player = try Self.played(list, defs: defs)
        let body = Self.text(player)
        #expect(player.refusal == nil)
        #expect(player.usedGlyphs.count == 1)
        let id = String(decoding: try #require(player.usedGlyphs.first), as: UTF8.self)
        #expect(body.hasPrefix("<g fill=\"#000000\" transform=\"translate(0 "))
        #expect(body.components(separatedBy: "<use href=\"#\(id)\" x=\"").count == 3)
        #expect(body.components(separatedBy: "<g ").count == 2 && body.hasSuffix("</g>\n"))
        let definitions = String(decoding: defs.definitions(SVGGlyphDefs.sorted(player.usedGlyphs)), as: UTF8.self)
        #expect(definitions.hasPrefix("<path id=\"\(id)\" d=\"M"))
        #expect(definitions.components(separatedBy: "<path ").count == 2)
    }

    /// A struck-through text is flattened (glyphs, then the strike line as a filled path);
    /// a fill across its clip is written inside a group clipped to it, the clip path defined
    /// once with the clip's numbers as its id; a transform other than a translation is refused.
    @Test func drawsMarkupAndClipsWhatCrossesItsClip() throws {
        let layout = TextLayout(context: try TextContext(mode: .pinned))
        var style = ResolvedStyle()
        style.markup = .markdown
        layout.prepare("~~struck~~ out", style: style, width: nil)
        var list = DisplayList()
        list.append(.pangoText(PangoTextNode(layout: layout, x: 10, y: 5, color: .black, clip: nil)))
        let struck = try Self.played(list)
        #expect(struck.refusal == nil)
        let text = Self.text(struck)
        #expect(text.contains("<use href=\"#") && text.contains("<path fill=\"#000000\" d=\"M"))
        #expect(text.range(of: "<use ")!.lowerBound < text.range(of: "<path ")!.lowerBound)

        var across = DisplayList()
        across.append(.fill(FillNode(rects: [Rect(x: 90, y: 0, width: 20, height: 5)], color: .black)))
        let defs = SVGGlyphDefs()
        let cr = try CairoContext(CairoSurface.svg(width: 100, height: 50))
        let player = try SVGPlayer(defs: defs, page: Self.page)
        cr.svgPlayer = player
        cr.rectangle(Rect(x: 0, y: 0, width: 95, height: 50))
        cr.clip()
        _ = try CairoPlayer.play(across, on: cr)
        player.finish()
        #expect(player.refusal == nil)
        #expect(Self.text(player) == "<g clip-path=\"url(#clip-0_0_95_50)\">\n<path fill=\"#000000\" d=\"M90 0H110V5H90Z\"/>\n</g>\n")
        let definitions = String(decoding: defs.definitions(SVGGlyphDefs.sorted(player.usedGlyphs)), as: UTF8.self)
        #expect(definitions == "<clipPath id=\"clip-0_0_95_50\"><path d=\"M0 0H95V50H0Z\"/></clipPath>\n")

        let scaled = try CairoContext(CairoSurface.svg(width: 100, height: 50))
        let refusing = try SVGPlayer(defs: SVGGlyphDefs(), page: Self.page)
        scaled.svgPlayer = refusing
        cairo_scale(scaled.pointer, 2, 2)
        _ = try CairoPlayer.play(across, on: scaled)
        #expect(refusing.refusal != nil)
    }

    /// A generated table of text, numbers, ligatures and a dashed border, over 512 cells (chunked).
    static func table(rows: Int) -> PreparedGrid {
        var contents: [[CellContent]] = [[.text("Name"), .text("Amount"), .text("Link"), .text("Note")]]
        for r in 1..<rows {
            contents.append([.text("Row \(r) fine"), .text("\(r * 137 % 9973).\(r % 100)"),
                             .text(r % 5 == 0 ? "ﬁne ffi" : "—"),
                             .text(r % 3 == 0 ? "über ñ café" : "note \(r)")])
        }
        return makeTable(contents, rowHeight: 20, styler: { row, column in
            var style = ResolvedStyle()
            if row == 0 { style.background = Color(hex: 0x384a66); style.color = .white; style.font.weight = 700 }
            else if row % 2 == 0 { style.background = Color(hex: 0xf2f4f8) }
            if column == 1 { style.align = .right }
            if row == 9 && column == 3 { style.borders.bottom = LineStyle(width: 1, color: Color(hex: 0xe4572e), dash: [3, 2]) }
            return style
        }, configure: { grid in
            grid.padding = Insets(all: 8)
            grid.title = PreparedGrid.TextBlock(text: "Player", style: ResolvedStyle())
            grid.gridLines.horizontal = LineStyle(width: 1, color: Color(hex: 0xd0d4dc))
            grid.gridLines.outer = LineStyle(width: 1, color: Color(hex: 0x555555))
        })
    }

    static func svg(_ grid: PreparedGrid, threads: Int, chunked: Bool = true) throws -> [UInt8] {
        let job = try RenderJob(grid, options: RenderOptions(paintThreads: threads))
        job.chunksText = chunked
        return try job.svg()
    }

    @Test func chunkedAndOnePieceAreTheSameBytesOnAnyThreads() throws {
        let grid = Self.table(rows: 200)
        #expect(RowChunks.partition(rows: 200, columns: 4).count > 1)
        let one = try Self.svg(grid, threads: 1, chunked: false)
        #expect(String(decoding: one, as: UTF8.self).contains("<use href=\"#g"), "written by the player")
        for threads in [1, 4] { #expect(try Self.svg(grid, threads: threads) == one, "\(threads) threads") }
    }

    /// A link's area comes back in device space (the document writes it as `SVGLinks` does,
    /// its URL through the project's XML escaper).
    @Test func linksComeBackInDeviceSpace() throws {
        var list = DisplayList()
        list.append(.link(LinkNode(url: "https://example.org/?a=1&b=<2>", rects: [Rect(x: 1, y: 2, width: 30, height: 12)])))
        let cr = try CairoContext(CairoSurface.svg(width: 100, height: 50))
        let player = try SVGPlayer(defs: SVGGlyphDefs(), page: Self.page)
        cr.svgPlayer = player
        cr.translate(5, 7)
        let areas = try CairoPlayer.play(list, on: cr)
        #expect(areas.map(\.url) == ["https://example.org/?a=1&b=<2>"] && areas.first?.rects == [Rect(x: 6, y: 9, width: 30, height: 12)])
        #expect(String(decoding: SVGLinks.elements(areas), as: UTF8.self).hasPrefix("<a xlink:href=\"https://example.org/?a=1&amp;b=&lt;2&gt;\""))
        #expect(player.body.isEmpty)
    }

    @Test func idsAreUniqueAndTheDocumentValid() throws {
        let svg = try Self.svg(Self.table(rows: 120), threads: 2)
        let text = String(decoding: svg, as: UTF8.self)
        let ids = text.components(separatedBy: " id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(!ids.isEmpty && Set(ids).count == ids.count)
        let used = Set(text.components(separatedBy: "href=\"#").dropFirst().map { $0.prefix { $0 != "\"" } })
        #expect(used.isSubset(of: Set(ids)))
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("t.svg").path
        try Data(svg).write(to: URL(fileURLWithPath: path))
        #expect(try run(["xmllint", "--noout", path]).status == 0)
        #expect(try run(["rsvg-convert", path, "-o", dir.appendingPathComponent("t.png").path]).status == 0)
    }

}
