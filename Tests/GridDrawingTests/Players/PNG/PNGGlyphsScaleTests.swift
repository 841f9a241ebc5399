import CCairo
import CGlyphRaster
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// PNG text at quarter-pixel positions at every canvas scale: the compositor sizes a glyph by
/// the font's size times the transform's scale, as Cairo does, so a table at scale 1.5, 2 or 3
/// has text of the size Pango and Cairo draw (a coverage at the font's size alone was half size
/// at scale 2), only moved off whole pixels.
@Suite struct PNGGlyphsScaleTests {
    /// Texts of several scripts (Latin, Greek, Cyrillic, Hebrew, Arabic, CJK, Devanagari, Thai,
    /// digits and punctuation), in fonts that have them all or fall back per script.
    private static let texts = [
        "Quick brown fox", "AVAT Wy jj", "Ελληνικά κείμενα", "Кириллица шрифт", "שלום עולם", "مرحبا بالعالم",
        "漢字とかな", "한국어 텍스트", "देवनागरी लिपि", "ภาษาไทย", "0123456789", "3.14159 × 2", "Ärger, Öl & Übel",
        "fi fl ffi", "(a) [b] {c}", "mixed עברית text",
    ]

    /// A seeded table of `rows` × `columns` texts, each cell of its own family, size, weight,
    /// slant and colour, on a white canvas at `scale`.
    private static func table(seed: UInt64, rows: Int, columns: Int, scale: Double) -> PreparedGrid {
        var rng = SeededLCG(seed: seed)
        let families = ["DejaVu Sans", "DejaVu Serif", "Noto Sans", "DejaVu Sans Mono"]
        var styles: [[ResolvedStyle]] = []
        var contents: [[CellContent]] = []
        for _ in 0..<rows {
            var styleRow: [ResolvedStyle] = [], contentRow: [CellContent] = []
            for _ in 0..<columns {
                var style = ResolvedStyle()
                style.font.family = families[Int(rng.next() % UInt64(families.count))]
                style.font.size = [7, 8.5, 10, 11, 13, 16, 20][Int(rng.next() % 7)]
                style.font.weight = rng.unit() < 0.3 ? 700 : 400
                style.font.italic = rng.unit() < 0.2
                style.color = Color(red: rng.unit() * 0.5, green: rng.unit() * 0.5, blue: rng.unit() * 0.6)
                styleRow.append(style)
                contentRow.append(.text(texts[Int(rng.next() % UInt64(texts.count))]))
            }
            styles.append(styleRow)
            contents.append(contentRow)
        }
        let frozen = styles
        var grid = makeTable(contents, rowHeight: nil, header: false, scale: scale, styler: { row, column in frozen[row][column] })
        grid.spec.defaultRowHeight = .auto()
        grid.padding = Insets(all: 6)
        grid.background = .white
        return grid
    }

    /// The PNG's pixels and each cell's box in device pixels (its frame less a pixel a side),
    /// with text at quarter pixels or, `quarters` off, on Pango/Cairo's whole pixels.
    private static func render(_ grid: PreparedGrid, quarters: Bool) throws -> (image: PNGImage, cells: [(x0: Int, y0: Int, x1: Int, y1: Int)]) {
        let job = try RenderJob(grid, options: RenderOptions(paintThreads: 1), format: .png)
        job.placesGlyphsAtQuarters = quarters
        let image = try PNGImage(decoding: job.png(path: nil, options: RenderOptions(paintThreads: 1)))
        let s = grid.scale, origin = job.frame.gridOrigin
        var cells: [(Int, Int, Int, Int)] = []
        for row in job.layout.rows {
            for column in job.layout.columns {
                cells.append((Int(((origin.x + column.offset) * s).rounded(.up)) + 1, Int(((origin.y + row.offset) * s).rounded(.up)) + 1,
                              Int(((origin.x + column.end) * s).rounded(.down)) - 1, Int(((origin.y + row.end) * s).rounded(.down)) - 1))
            }
        }
        return (image, cells)
    }

    /// Whether pixel `p` of `image` holds ink (is not the white background).
    private static func ink(_ image: PNGImage, _ x: Int, _ y: Int) -> Bool {
        let p = (y * image.width + x) * 4
        return image.rgba[p] != 255 || image.rgba[p + 1] != 255 || image.rgba[p + 2] != 255
    }

    /// Whether pixel (`x`, `y`) is ink with its eight neighbours in `cell` all the same colour.
    private static func flat(_ image: PNGImage, _ x: Int, _ y: Int, in cell: (x0: Int, y0: Int, x1: Int, y1: Int)) -> Bool {
        guard ink(image, x, y), x > cell.x0, y > cell.y0, x + 1 < cell.x1, y + 1 < cell.y1 else { return false }
        let p = (y * image.width + x) * 4
        for dy in -1...1 {
            for dx in -1...1 {
                let q = ((y + dy) * image.width + x + dx) * 4
                if image.rgba[q..<q + 4] != image.rgba[p..<p + 4] { return false }
            }
        }
        return true
    }

    /// The ink within `cell`: how far its pixels are from white, summed over the channels.
    private static func inkSum(_ image: PNGImage, _ cell: (x0: Int, y0: Int, x1: Int, y1: Int)) -> Double {
        var sum = 0
        for y in cell.y0..<cell.y1 {
            for x in cell.x0..<cell.x1 {
                let p = (y * image.width + x) * 4
                sum += 765 - Int(image.rgba[p]) - Int(image.rgba[p + 1]) - Int(image.rgba[p + 2])
            }
        }
        return Double(sum)
    }

    /// The ink's bounding box within `cell`, nil when it has none.
    private static func inkBox(_ image: PNGImage, _ cell: (x0: Int, y0: Int, x1: Int, y1: Int)) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var box: (x0: Int, y0: Int, x1: Int, y1: Int)?
        for y in cell.y0..<cell.y1 {
            for x in cell.x0..<cell.x1 where ink(image, x, y) {
                box = box.map { (min($0.x0, x), min($0.y0, y), max($0.x1, x + 1), max($0.y1, y + 1)) } ?? (x, y, x + 1, y + 1)
            }
        }
        return box
    }

    /// Generated tables (4 seeds × scales 1, 1.5, 2, 3) rendered with text at eighth pixels and
    /// through Pango/Cairo: the same image size; each text's ink box the same within 1 px on
    /// every side (same size and place: a coverage rendered at the font's size without the
    /// transform's scale leaves text 1/1.5 … 1/3 as large and fails this); pixels that differ
    /// lie at glyph edges (none inside a stem, where both are flat ink) and are a bounded
    /// fraction of the ink; each text has the same amount of ink within 3 %; and the quarter route did draw (most texts differ somewhere).
    @Test(arguments: [1.0, 1.5, 2.0, 3.0])
    func quarterPixelTextMatchesCairosAtScale(scale: Double) throws {
        var texts = 0, moved = 0, differing = 0, inked = 0, interior = 0, worst = 0.0
        for seed in [UInt64(7), 28, 2026, 9_001] {
            let grid = Self.table(seed: seed &* 31 &+ UInt64(scale * 2), rows: 6, columns: 4, scale: scale)
            let (a, cells) = try Self.render(grid, quarters: true)
            let (b, _) = try Self.render(grid, quarters: false)
            #expect(a.width == b.width && a.height == b.height, "seed \(seed): \(a.width)×\(a.height) vs \(b.width)×\(b.height)")
            guard a.width == b.width, a.height == b.height else { continue }
            for (index, cell) in cells.enumerated() {
                guard let boxA = Self.inkBox(a, cell), let boxB = Self.inkBox(b, cell) else {
                    #expect(Self.inkBox(a, cell) == nil && Self.inkBox(b, cell) == nil, "seed \(seed) cell \(index): ink in one route only")
                    continue
                }
                texts += 1
                let off = [abs(boxA.x0 - boxB.x0), abs(boxA.y0 - boxB.y0), abs(boxA.x1 - boxB.x1), abs(boxA.y1 - boxB.y1)].max()!
                #expect(off <= 1, "seed \(seed) cell \(index) at scale \(scale): ink box \(boxA) vs Cairo's \(boxB)")
                var cellMoved = false
                for y in cell.y0..<cell.y1 {
                    for x in cell.x0..<cell.x1 {
                        let inkA = Self.ink(a, x, y), inkB = Self.ink(b, x, y)
                        if inkA || inkB { inked += 1 }
                        let p = (y * a.width + x) * 4
                        guard a.rgba[p..<p + 4] != b.rgba[p..<p + 4] else { continue }
                        differing += 1
                        cellMoved = true
                        // At a glyph's edge, not inside a stem (flat ink around it in both).
                        if Self.flat(a, x, y, in: cell) && Self.flat(b, x, y, in: cell) { interior += 1 }
                    }
                }
                if cellMoved { moved += 1 }
                // The same amount of ink: antialiasing moves coverage between pixels, it
                // neither adds nor loses any (a glyph missing or drawn twice would).
                let inkA = Self.inkSum(a, cell), inkB = Self.inkSum(b, cell)
                #expect(abs(inkA - inkB) <= 0.03 * inkB + 800, "seed \(seed) cell \(index) at scale \(scale): ink \(inkA) vs Cairo's \(inkB)")
                worst = max(worst, abs(inkA - inkB) / inkB)
            }
        }
        #expect(interior == 0, "\(interior) differing pixels inside glyphs at scale \(scale)")
        #expect(texts >= 80, "only \(texts) texts with ink")
        let fraction = Double(differing) / Double(max(1, inked))
        // Most edge pixels differ: the baselines are off whole pixels (15.154 px in a row of 22)
        // and the compositor keeps them there, at eighths, as SVG and PDF do.
        #expect(fraction < 0.8, "\(differing) of \(inked) inked pixels differ at scale \(scale)")
        #expect(moved * 2 > texts, "only \(moved) of \(texts) texts drawn off whole pixels at scale \(scale)")
        print("PNGGlyphsScale \(scale): \(texts) texts, \(moved) moved, \(differing) of \(inked) inked pixels differ (\(fraction)), ink sums within \(worst)")
    }

    /// Glyphs shown under a transform of scale 1.5, 2 or 3 at whole device pixels give Cairo's
    /// pixels bit for bit: the coverage is rendered at the size Cairo draws the font at.
    @Test(arguments: [1.5, 2.0, 3.0])
    func wholeDevicePixelsGiveCairosPixelsAtScale(scale: Double) throws {
        let context = try TextContext(mode: .pinned)
        let layout = TextLayout(context: context)
        var rng = SeededLCG(seed: 20261127 &+ UInt64(scale * 4))
        for (family, weight, size) in [("DejaVu Sans", 400, 9.0), ("DejaVu Serif", 700, 13.0), ("DejaVu Sans Mono", 400, 7.5)] {
            var style = ResolvedStyle()
            style.font.family = family
            style.font.size = size
            style.font.weight = weight
            layout.prepare("Quick brown fox, jumps AVAT 0123456789 Wy", style: style, width: nil)
            var shaped: [cairo_glyph_t] = [], runs: [PNGGlyphRun] = []
            #expect(layout.pngGlyphs(originX: 0, originY: 0, glyphs: &shaped, runs: &runs))
            let run = try #require(runs.first), file = String(cString: try #require(run.file))
            for _ in 0..<20 {
                // Device x and y within 1/16 px of a whole pixel: phase 0, as Cairo places it.
                var x = Double(rng.next() % 10), glyphs: [cairo_glyph_t] = []
                let y = Double(30 + rng.next() % 20)
                for _ in 0..<12 {
                    let index = shaped[run.range.lowerBound + Int(rng.next() % UInt64(run.range.count))].index
                    glyphs.append(cairo_glyph_t(index: index, x: (x + (rng.unit() - 0.5) / 8.5) / scale, y: (y + (rng.unit() - 0.5) / 8.5) / scale))
                    x += (size * scale * 0.7 * (0.5 + rng.unit())).rounded()
                }
                let color = Color(red: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: rng.unit() < 0.7 ? 1 : rng.unit())
                func pixels(compositor: Bool) throws -> [UInt8] {
                    let cr = try CairoContext(CairoSurface.image(width: 400, height: 90))
                    cr.paintReplacing(Color(red: 1, green: 1, blue: 0.9))
                    cr.scale(scale, scale)
                    var glyphs = glyphs
                    if compositor {
                        let shown = PNGGlyphs.onThisThread {
                            cr.setSource(color)
                            return glyphs.withUnsafeBufferPointer { buffer in
                                file.withCString { grgr_show_glyphs(cr.pointer, run.scaledFont, $0, run.faceIndex, buffer.baseAddress, Int32(buffer.count)) }
                            }
                        }
                        #expect(shown == 0, "the compositor left a call at scale \(scale) to Cairo")
                    } else {
                        cr.showGlyphs(&glyphs, scaledFont: run.scaledFont, color: color)
                    }
                    cr.surface.flush()
                    let data = try #require(cairo_image_surface_get_data(cr.surface.pointer))
                    return Array(UnsafeBufferPointer(start: data, count: Int(cairo_image_surface_get_stride(cr.surface.pointer)) * 90))
                }
                let a = try pixels(compositor: true), b = try pixels(compositor: false)
                let differing = zip(a, b).filter { $0 != $1 }.count
                #expect(differing == 0, "\(family) \(size) pt at scale \(scale): \(differing) bytes differ from Cairo's")
            }
        }
        withExtendedLifetime(context) {}
    }
}
