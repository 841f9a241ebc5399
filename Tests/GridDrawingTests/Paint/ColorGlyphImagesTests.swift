import Foundation
import GridDocument
import GridLayout
import Testing
import CCairo
@testable import GridDrawing
import GridTestSupport

/// Colour emoji in SVG and PDF (`GridPainter.colorGlyphImages`): each colour glyph is an image
/// of the strike's own pixels (109 per em for Noto Color Emoji), not Cairo's bitmap of the
/// text's size, placed over exactly the area Cairo's bitmap covers, embedded once per emoji,
/// the same bytes on every run and thread count. "Before" is where Cairo draws the glyphs itself:
/// its PDF route with the images off (`ColorGlyphImages.isEnabled`), and its image surface (the
/// PNG, which draws colour glyphs with Cairo); the SVG has no Cairo route since 03146be.
@Suite struct ColorGlyphImagesTests {
    /// Emoji of every kind: plain, ZWJ sequence, skin tone, flags, keycap, variation selector.
    static let emoji = ["😀", "👨‍👩‍👧", "👍🏽", "🇫🇷", "🇯🇵", "1️⃣", "🏳️‍🌈", "⚠️", "✅", "🔥"]

    /// Texts mixing emoji with Latin, Hebrew and Arabic, plain and in inline markup (bold,
    /// italic, code, strike, link), generated from `seed`.
    static func texts(count: Int, seed: UInt64) -> [String] {
        var rng = SplitMix(seed: seed)
        let words = ["ok", "tone", "שלום", "مرحبا", "fam", "x"]
        let wraps: [(String) -> String] = [{ $0 }, { "**\($0)**" }, { "_\($0)_" }, { "`\($0)`" }, { "~~\($0)~~" }, { "[\($0)](https://e.x)" }]
        return (0..<count).map { _ in
            (0..<(1 + rng.below(3))).map { _ in
                let piece = rng.below(2) == 0 ? emoji[rng.below(emoji.count)] : "\(words[rng.below(words.count)]) \(emoji[rng.below(emoji.count)])"
                return wraps[rng.below(wraps.count)](piece)
            }.joined(separator: " ")
        }
    }

    /// A table of `texts` in two columns as wide as their texts and at least a generated width
    /// (the right-aligned column's texts start at many fractions of a point), fonts of `sizes`
    /// points, inline markup read.
    static func grid(_ texts: [String], sizes: [Double] = [9], seed: UInt64 = 1, page: PreparedGrid.Page? = nil) -> PreparedGrid {
        var rng = SplitMix(seed: seed)
        let rows = stride(from: 0, to: texts.count, by: 2).map { i in [texts[i], i + 1 < texts.count ? texts[i + 1] : "✅"] }
        let widths = (0..<2).map { _ in TrackSize.auto(min: Double(100 + rng.below(60)) + Double(rng.below(8)) / 8) }
        var grid = makeTable(text(rows), columnWidths: widths, rowHeight: nil, header: true, styler: { row, column in
            var style = ResolvedStyle()
            style.font.size = sizes[(row * 2 + column) % sizes.count]
            style.markup = .markdown
            style.align = column == 1 ? .right : .left
            return style
        })
        grid.page = page
        return grid
    }

    static func render(_ grid: PreparedGrid, _ format: OutputFormat, images: Bool = true, threads: Int = 1) throws -> [UInt8] {
        let job = try RenderJob(grid, options: RenderOptions(paintThreads: threads), format: format)
        job.images.colorGlyphs.isEnabled = images
        return format == .svg ? try job.svg() : try job.pdf()
    }

    /// The SVG's images as placed: each `<use>` of an `<image>`, its box in user units.
    static func svgImages(_ svg: [UInt8]) throws -> [(width: Int, height: Int, box: Rect)] {
        let text = String(decoding: svg, as: UTF8.self)
        let defined = try NSRegularExpression(pattern: ##"<image id="([^"]+)" width="(\d+)" height="(\d+)""##)
        let used = try NSRegularExpression(pattern: ##"<use xlink:href="#([^"]+)" transform="matrix\(([^)]*)\)"/>"##)
        var sizes: [String: (Int, Int)] = [:]
        let whole = NSRange(text.startIndex..., in: text)
        func group(_ m: NSTextCheckingResult, _ k: Int) -> String { String(text[Range(m.range(at: k), in: text)!]) }
        for m in defined.matches(in: text, range: whole) { sizes[group(m, 1)] = (Int(group(m, 2))!, Int(group(m, 3))!) }
        return used.matches(in: text, range: whole).compactMap { m in
            guard let (w, h) = sizes[group(m, 1)] else { return nil }
            let v = group(m, 2).split(separator: ",").map { Double($0)! }
            return (w, h, Rect(x: v[4], y: v[5], width: Double(w) * v[0], height: Double(h) * v[3]))
        }
    }

    /// The PDF's images as `pdfimages -list` gives them: width and height in pixels, object id.
    static func pdfImages(_ pdf: [UInt8]) throws -> [(width: Int, height: Int, object: Int)] {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("t.pdf").path
        try Data(pdf).write(to: URL(fileURLWithPath: path))
        let (status, out) = try run(["pdfimages", "-list", path])
        #expect(status == 0)
        return String(decoding: out, as: UTF8.self).split(separator: "\n").dropFirst(2).compactMap { line in
            let f = line.split(separator: " ")
            return f.count > 10 && f[2] == "image" ? (Int(f[3])!, Int(f[4])!, Int(f[10])!) : nil
        }
    }

    @Test func svgAndPDFEmbedTheStrikeOncePerEmoji() throws {
        let grid = Self.grid(Self.texts(count: 24, seed: 7))
        let svg = try Self.svgImages(Self.render(grid, .svg))
        let before = try Self.pdfImages(Self.render(grid, .pdf, images: false))
        // Cairo's bitmaps are the text's size (12 px); the strike's are 109 px per em.
        #expect(!before.isEmpty && before.allSatisfy { $0.width <= 20 && $0.height <= 20 })
        #expect(svg.count == before.count)
        #expect(svg.allSatisfy { max($0.width, $0.height) >= 90 })
        let pdf = try Self.pdfImages(Self.render(grid, .pdf))
        #expect(pdf.count == before.count && pdf.allSatisfy { max($0.width, $0.height) >= 90 })
        // One image object per distinct emoji in the PDF, one <image> per emoji in the SVG.
        let distinct = Set(pdf.map(\.object)).count
        #expect(distinct <= Self.emoji.count && distinct < pdf.count)
        let text = String(decoding: try Self.render(grid, .svg), as: UTF8.self)
        #expect(text.components(separatedBy: "<image ").count - 1 == distinct)
    }

    /// One image per bitmap Cairo draws (its PDF route), each the strike scaled evenly. At the
    /// strike's own size (81.75 pt = 109 px) Cairo draws the bitmap unscaled at whole pixels: the
    /// image is at scale 1 on whole points. (Where each image lies against Cairo's
    /// own drawing of the emoji is `sameEmojiSamePlaceAt1x`: Cairo's SVG route, whose bitmap
    /// boxes this test compared with before 03146be, is gone, and a box cannot be read back from
    /// Cairo's raster: grey emoji have no colour, neighbours share the grown box.)
    @Test(arguments: [[81.75], [9], [7, 11.5, 14, 23.25, 40.875]])
    func oneEvenlyScaledImagePerCairoBitmap(sizes: [Double]) throws {
        let grid = Self.grid(Self.texts(count: 20, seed: UInt64(sizes.count) * 31 + UInt64(sizes[0])), sizes: sizes, seed: 3)
        let after = try Self.svgImages(Self.render(grid, .svg))
        let before = try Self.pdfImages(Self.render(grid, .pdf, images: false))
        try #require(after.count == before.count && !after.isEmpty)
        for new in after {
            #expect(new.box.width > 0 && new.box.height > 0 && abs(new.box.width / new.box.height - Double(new.width) / Double(new.height)) < 0.02,
                    "\(new.box) is the strike's \(new.width)x\(new.height) scaled evenly")
            if sizes == [81.75] {
                #expect(new.box.width == Double(new.width) && new.box.x == new.box.x.rounded() && new.box.y == new.box.y.rounded())
            }
        }
    }

    /// Rasterized at 1x (rsvg-convert, which scales images with Cairo's filter, as Cairo scales
    /// its bitmap), each emoji is where Cairo's image surface draws it: the centre of its colour within a quarter of a
    /// pixel and its amount of colour within 15 %, for generated texts and positions. (PDF
    /// readers scale images their own way: poppler's 72-dpi raster moves them by up to a pixel.)
    @Test func sameEmojiSamePlaceAt1x() throws {
        let grid = Self.grid(Self.texts(count: 16, seed: 11), sizes: [9, 12])
        let svg = try Self.render(grid, .svg)
        let boxes = try Self.svgImages(svg).map(\.box)
        let before = try Self.raster(png: grid), after = try Self.raster(svg: svg)
        for box in boxes {
            let old = Self.colour(in: before, box), new = Self.colour(in: after, box)
            #expect(abs(old.x - new.x) <= 0.25 && abs(old.y - new.y) <= 0.25, "\(box): \(old) → \(new)")
            #expect(abs(old.mass - new.mass) <= 0.15 * old.mass, "\(box): \(old.mass) → \(new.mass)")
        }
    }

    /// A text repeated in many cells (and over many pages of a paginated PDF) is one kept
    /// layout recorded for each: its emoji are found and hidden once and drawn every time, so
    /// every page shows as many emoji images as when Cairo drew them.
    @Test func repeatedTextKeepsItsEmojiOnEveryPage() throws {
        var texts = ["head 😀 🇯🇵", "✅ right"]
        texts += (0..<80).map { "row \(Self.emoji[$0 % 3])" }
        let grid = Self.grid(texts, page: PreparedGrid.Page(width: 300, height: 200))
        let pdf = try Self.render(grid, .pdf)
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("p.pdf").path
        func perPage(_ pdf: [UInt8]) throws -> [Int: Int] {
            try Data(pdf).write(to: URL(fileURLWithPath: path))
            let list = String(decoding: try run(["pdfimages", "-list", path]).output, as: UTF8.self)
            return list.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ") }.filter { $0[2] == "image" }
                .reduce(into: [:]) { $0[Int($1[0])!, default: 0] += 1 }
        }
        let after = try perPage(pdf), before = try perPage(Self.render(grid, .pdf, images: false))
        #expect(after.count > 3 && after == before)
        #expect(after.values.reduce(0, +) >= 80)
    }

    /// The bytes do not depend on the run or on how many threads paint.
    @Test func bytesAreStable() throws {
        let grid = Self.grid(Self.texts(count: 400, seed: 5), sizes: [9, 13])
        for format in [OutputFormat.svg, .pdf] {
            let one = try Self.render(grid, format)
            #expect(try Self.render(grid, format) == one)
            for threads in [2, 4] { #expect(try Self.render(grid, format, threads: threads) == one, "\(format) on \(threads) threads") }
        }
    }

    /// The layout keeps every glyph but the colour ones, which it no longer shows: the same
    /// logical box, and only those glyphs are empty.
    @Test func hiddenGlyphsAreTheColourOnes() throws {
        let context = try TextContext(mode: .pinned)
        let layout = TextLayout(context: context)
        for string in Self.texts(count: 30, seed: 9) {
            var style = ResolvedStyle()
            style.markup = .markdown
            layout.prepare(string, style: style, width: nil)
            let box = layout.logicalRect
            let found = layout.colorGlyphs(fonts: context.colorGlyphs)
            #expect(!found.isEmpty, "\(string)")
            layout.hideColorGlyphs(Array(found.indices))
            #expect(found.allSatisfy { $0.slot.pointee.glyph == TextLayout.emptyGlyph })
            #expect(layout.colorGlyphs(fonts: context.colorGlyphs).map(\.id) == found.map(\.id))
            #expect(layout.logicalRect == box)
        }
        layout.prepare("plain text, no emoji", style: ResolvedStyle(), width: nil)
        #expect(layout.colorGlyphs(fonts: context.colorGlyphs).isEmpty)
    }

    // MARK: - Helpers

    /// The grid as Cairo's image surface draws it (PNG at 1x, colour glyphs drawn by Cairo).
    static func raster(png grid: PreparedGrid) throws -> CairoSurface {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("c.png").path
        _ = try RenderJob(grid, options: RenderOptions(paintThreads: 1), format: .png).png(path: path, options: RenderOptions(paintThreads: 1))
        return try CairoSurface.png(path: path)
    }


    /// The SVG rasterized by rsvg-convert at 1x.
    static func raster(svg: [UInt8]) throws -> CairoSurface {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("r.svg").path, png = dir.appendingPathComponent("r.png").path
        try Data(svg).write(to: URL(fileURLWithPath: path))
        #expect(try run(["rsvg-convert", path, "-o", png]).status == 0)
        return try CairoSurface.png(path: png)
    }

    /// Where the colour (saturation) inside `box`, grown by two pixels, is centred and how much
    /// of it there is.
    static func colour(in image: CairoSurface, _ box: Rect) -> (x: Double, y: Double, mass: Double) {
        image.flush()
        let data = cairo_image_surface_get_data(image.pointer)!, stride = Int(cairo_image_surface_get_stride(image.pointer))
        var sx = 0.0, sy = 0.0, mass = 0.0
        for y in max(0, Int(box.y) - 2)..<min(image.height, Int(box.maxY.rounded(.up)) + 2) {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in max(0, Int(box.x) - 2)..<min(image.width, Int(box.maxX.rounded(.up)) + 2) {
                let p = row[x]
                let c = [(p >> 16) & 0xff, (p >> 8) & 0xff, p & 0xff].map(Double.init)
                let s = c.max()! - c.min()!
                sx += s * (Double(x) + 0.5); sy += s * (Double(y) + 0.5); mass += s
            }
        }
        return mass > 0 ? (sx / mass, sy / mass, mass) : (0, 0, 0)
    }
}

