import CCairo
import Foundation
import GridDocument
import GridLayout
import GridTestSupport
import Testing
@testable import GridDrawing

/// Text runs written once (`SVGPlayer+TextRuns`): the same picture through rsvg as one use per
/// glyph, every repeated run defined once, ids the same whichever part meets a run first.
@Suite struct SVGTextRunsTests {
    static let page = Rect(x: 0, y: 0, width: 700, height: 420)
    static let words = ["Kraków", "active", "2023-08-20", "Tōkyō", "1,250.5", "x > y", "Zürich", "closed", "0.748",
                        "שלום", "東京", "ﬁne ffi", "Barbara Allen", "i", "WAVE", "166897.70"]

    /// Generated texts: repeated words in three sizes and a bold face, at positions on Pango's
    /// grid of 1/1024 (every quarter of 1/256, on half steps too), some under 16 units from the
    /// left (written glyph by glyph), some off the grid (translated by thirds).
    static func list(seed: UInt64) throws -> DisplayList {
        var random = SplitMix(seed: seed)
        let context = try TextContext(mode: .pinned)
        var list = DisplayList()
        for k in 0..<140 {
            var style = ResolvedStyle()
            style.font.size = [9, 7.5, 13][random.below(3)]
            if random.below(4) == 0 { style.font.weight = 700 }
            let text = words[random.below(words.count)] + (random.below(5) == 0 ? " \(random.below(40))" : "")
            let layout = TextLayout(context: context)
            layout.prepare(text, style: style, width: nil)
            let x = k % 11 == 0 ? Double(random.below(15)) + 1.0 / 3 : Double(random.below(560 * 1024)) / 1024
            let y = Double(random.below(400 * 1024)) / 1024
            list.append(.pangoText(PangoTextNode(layout: layout, x: x, y: y, color: k % 7 == 0 ? Color(hex: 0x2f6fed) : .black, clip: nil)))
        }
        return list
    }

    /// `list` played into a whole document: header, definitions, body.
    static func document(_ list: DisplayList, runs: Bool, tx: Double = 0) throws -> (svg: [UInt8], player: SVGPlayer) {
        let defs = SVGGlyphDefs(prefix: Array("gTest01".utf8))
        let cr = try CairoContext(CairoSurface.svg(width: page.width, height: page.height))
        let player = try SVGPlayer(defs: defs, page: page, writesRuns: runs)
        cr.svgPlayer = player
        cr.translate(tx, 0)
        _ = try CairoPlayer.play(list, on: cr)
        player.finish()
        #expect(player.refusal == nil)
        var svg = Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="700px" height="420px" viewBox="0 0 700 420" version="1.1">
            <defs>

            """.utf8)
        svg += defs.definitions(SVGGlyphDefs.sorted(player.usedGlyphs)) + Array("</defs>\n".utf8)
        svg += player.body + Array("</svg>\n".utf8)
        return (svg, player)
    }

    /// rsvg-convert's pixels of `svg` (ARGB32 rows).
    static func raster(_ svg: [UInt8], in dir: URL, name: String) throws -> [UInt8] {
        let path = dir.appendingPathComponent(name + ".svg").path, png = dir.appendingPathComponent(name + ".png").path
        try Data(svg).write(to: URL(fileURLWithPath: path))
        #expect(try run(["rsvg-convert", path, "-o", png]).status == 0)
        let surface = try CairoSurface.png(path: png)
        let p = surface.pointer
        cairo_surface_flush(p)
        let count = Int(cairo_image_surface_get_stride(p)) * Int(cairo_image_surface_get_height(p))
        guard let data = cairo_image_surface_get_data(p) else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: count))
    }

    static func count(_ needle: String, in svg: [UInt8]) -> Int {
        String(decoding: svg, as: UTF8.self).components(separatedBy: needle).count - 1
    }

    @Test(arguments: [(UInt64(1), 0.0), (2, 0.0), (3, 37.25), (4, 0.5)])
    func runsRasterizeLikeOneUsePerGlyph(seed: UInt64, tx: Double) throws {
        let list = try Self.list(seed: seed)
        let runs = try Self.document(list, runs: true, tx: tx), glyphs = try Self.document(list, runs: false, tx: tx)
        #expect(Self.count("R", in: glyphs.svg) == 0)
        // Most texts are runs: far fewer elements where they are drawn.
        #expect(Self.count("<use href=\"#gTest01R", in: runs.player.body) > 70)
        #expect(Self.count("<use ", in: runs.player.body) * 3 < Self.count("<use ", in: glyphs.player.body))
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = try Self.raster(runs.svg, in: dir, name: "runs"), b = try Self.raster(glyphs.svg, in: dir, name: "glyphs")
        #expect(a.count == b.count && a.contains { $0 != 0 })
        let differing = Set(zip(a, b).enumerated().filter { $0.element.0 != $0.element.1 }.map { $0.offset / 4 }).count
        #expect(differing == 0, "seed \(seed): pixels differ")
    }

    /// Every run is defined once however often it is used, and each definition's id is its
    /// content's: a second document (another defs, another order) names the same runs alike.
    @Test func repeatedRunsAreDefinedOnce() throws {
        let list = try Self.list(seed: 5)
        let (svg, player) = try Self.document(list, runs: true)
        let text = String(decoding: svg, as: UTF8.self)
        let defined = text.components(separatedBy: "<g id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        let used = text.components(separatedBy: "<use href=\"#").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            .filter { $0.hasPrefix("gTest01R") }
        #expect(Set(defined).count == defined.count && Set(used) == Set(defined))
        #expect(used.count > defined.count + 20, "\(used.count) uses of \(defined.count) runs")
        #expect(defined.allSatisfy { $0.count == "gTest01R".count + 11 })
        #expect(Set(player.runIDs.values.map(\.id)) == Set(defined.map { Array($0.utf8) }))
        var reversed = DisplayList()
        for item in list.items.reversed() { reversed.append(item) }
        let again = String(decoding: try Self.document(reversed, runs: true).svg, as: UTF8.self)
        let definedAgain = again.components(separatedBy: "<g id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(Set(definedAgain) == Set(defined))
    }

    /// A second, different definition under one id is refused, not drawn.
    @Test func aCollidingDefinitionIsRefused() {
        let defs = SVGGlyphDefs()
        #expect(defs.defineRun(Array("R1".utf8), Array("<g id=\"R1\"><use href=\"#a1\"/></g>\n".utf8)))
        #expect(defs.defineRun(Array("R1".utf8), Array("<g id=\"R1\"><use href=\"#a1\"/></g>\n".utf8)))
        #expect(!defs.defineRun(Array("R1".utf8), Array("<g id=\"R1\"><use href=\"#a2\"/></g>\n".utf8)))
    }

    /// Offsets: the fewest decimals whose float keeps the glyph on its 1/256 step; exact
    /// floats on half steps; generated offsets all read back within their tolerance.
    @Test func offsetsKeepEveryGlyphOnItsStep() {
        func written(_ d: Double, at x: Double, loose: Bool = true) -> String {
            var out: [UInt8] = []
            SVGPlayer.appendOffset(d, at: x, loose: loose, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
        #expect(written(15.26953125, at: 70.26953125) == "15.27")          // on a step: within 1/512
        #expect(written(7.634765625, at: 290.634765625) == "7.6347656")   // half step: the float itself
        #expect(written(7.634765625, at: 290.634765625, loose: false) == "7.6347656")
        #expect(written(-3.5, at: 20) == "-3.5")
        var random = SplitMix(seed: 9)
        for _ in 0..<5000 {
            let first = Double(16 * 1024 + random.below(8000 * 1024)) / 1024
            let d = Double(random.below(600 * 1024)) / 1024 - 100
            let x = first + d
            let text = written(d, at: x)
            let read = Double(Float(text)!)
            let quarter = Int(x * 1024) & 3
            if quarter == 2 {
                #expect(read == d, "\(d) at \(x): \(text)")
            } else {
                #expect(abs(first + read - x) < (quarter == 0 ? 1.0 / 512 : 1.0 / 1024) - 4e-6, "\(d) at \(x): \(text)")
            }
        }
    }
}
