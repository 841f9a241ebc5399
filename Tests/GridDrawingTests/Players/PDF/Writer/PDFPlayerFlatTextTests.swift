import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing
import GridTestSupport

/// Texts left to Pango that hold colour emoji or characters no font has, through the project's
/// PDF writer (`PDFPlayer+FlatText`): written by it (not refused to Cairo), qpdf-clean, the same
/// bytes on 1 and 2 threads, and poppler's raster (72 and 144 dpi) that of Cairo's route except
/// at glyph edges (the two embed fonts differently): every emoji image and the lines of every hex
/// box frame exactly Cairo's pixels. pdftotext reads Cairo's text where there are emoji (both draw them
/// as images) and the missing characters themselves where there are hex boxes (Cairo's route
/// reads their digits).
@Suite struct PDFPlayerFlatTextTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Emoji of every kind: ZWJ sequences, flags, keycaps, skin tones, presentation selectors, plain.
    static let emoji = ["👩‍💻", "👨‍👩‍👧", "🏳️‍🌈", "🇬🇧", "🇯🇵", "🇺🇦", "1️⃣", "#️⃣", "👍🏽", "👋🏿", "⚠️", "🚀", "✅"]
    static let words = ["fast", "Zürich", "日本語", "漢字", "ok", "x"]
    /// Inline markup around a piece of a cell: none, bold, italic, code, strike, link.
    static let wraps: [@Sendable (String) -> String] = [{ $0 }, { "**\($0)**" }, { "_\($0)_" }, { "`\($0)`" }, { "~~\($0)~~" }, { "[\($0)](https://e.x)" }]

    /// A character no font of the pinned stack has: unassigned, private use of the BMP and of
    /// planes 15 and 16 (four and six hex digits).
    static func missing(_ rng: inout SplitMix) -> String {
        let code: UInt32
        switch rng.below(4) {
        case 0: code = [0x0378, 0x0379, 0x0380, 0x0381, 0x0382, 0x0383, 0x038B, 0x03A2][rng.below(8)]
        case 1: code = 0xE000 + UInt32(rng.below(0x100))
        case 2: code = 0xF0000 + UInt32(rng.below(0x100))
        default: code = 0x10FF00 + UInt32(rng.below(0xFD))
        }
        return String(Character(Unicode.Scalar(code)!))
    }

    /// A text of one to three pieces, each a word, a `special` or both, some in markup.
    static func text(_ rng: inout SplitMix, markup: Bool, special: (inout SplitMix) -> String) -> String {
        (0..<(1 + rng.below(3))).map { _ in
            let piece: String
            switch rng.below(3) {
            case 0: piece = special(&rng)
            case 1: piece = "\(words[rng.below(words.count)]) \(special(&rng))"
            default: piece = "\(special(&rng))\(words[rng.below(words.count)])"
            }
            return markup ? wraps[rng.below(wraps.count)](piece) : piece
        }.joined(separator: " ")
    }

    /// A table whose title, subtitle, footnote and markup cells hold generated texts, at sizes
    /// from 6.5 to 24 pt (small sizes get one row of hex digits), some cells cut by their column.
    static func grid(seed: UInt64, special: @escaping (inout SplitMix) -> String) -> PreparedGrid {
        var rng = SplitMix(seed: seed)
        let rows = 2 + rng.below(5), columns = 1 + rng.below(3)
        let contents: [[CellContent]] = (0..<rows).map { _ in
            (0..<columns).map { _ in .text(text(&rng, markup: true, special: special)) }
        }
        let sizes = [6.5, 9, 13, 24]
        let first = rng.below(sizes.count)
        let widths: [TrackSize?] = (0..<columns).map { _ in rng.below(3) == 0 ? .fixed(40 + Double(rng.below(60))) : nil }
        let title = text(&rng, markup: false, special: special), subtitle = text(&rng, markup: false, special: special)
        let footnote = text(&rng, markup: false, special: special)
        return makeTable(contents, columnWidths: widths, rowHeight: nil, styler: { row, column in
            var style = ResolvedStyle()
            style.markup = .markdown
            style.font.size = sizes[(first + row * columns + column) % sizes.count]
            style.align = column == 1 ? .right : .left
            if row % 2 == 1 { style.background = Color(hex: 0xf2f4f8) }
            return style
        }, configure: { grid in
            grid.padding = Insets(all: 8)
            var big = ResolvedStyle()
            big.font.size = 18
            big.font.weight = 700
            grid.title = PreparedGrid.TextBlock(text: title, style: big)
            grid.subtitle = PreparedGrid.TextBlock(text: subtitle, style: ResolvedStyle())
            var small = ResolvedStyle()
            small.font.size = 7
            grid.footnote = PreparedGrid.TextBlock(text: footnote, style: small)
            grid.gridLines.horizontal = LineStyle(width: 1, color: Color(hex: 0xd0d4dc))
        })
    }

    static func emojiText(_ rng: inout SplitMix) -> String { emoji[rng.below(emoji.count)] }

    // MARK: - Checks

    /// The document through the writer against Cairo's route; the writer's bytes.
    @discardableResult
    static func expectWrittenAsCairoDraws(_ grid: PreparedGrid, _ name: String) throws -> [UInt8] {
        let own = try OwnPDFDocumentTests.pdf(grid), cairo = try OwnPDFDocumentTests.pdf(grid, own: false)
        #expect(try OwnPDFDocumentTests.tool(["pdfinfo"], own).text.contains("Producer:        gridrender"), "\(name): refused to Cairo")
        let check = try OwnPDFDocumentTests.tool(["qpdf", "--check"], own)
        #expect(check.status == 0 && !check.text.uppercased().contains("WARNING"), "\(name): \(check.text)")
        let emojiBoxes = try ColorGlyphImagesTests.svgImages(ColorGlyphImagesTests.render(grid, .svg)).map(\.box)
        let frames = try Self.frames(own)
        for dpi in [72, 144] {
            let a = try FontTestPDF.raster(own, dpi: dpi), b = try FontTestPDF.raster(cairo, dpi: dpi)
            try #require(a.width == b.width && a.height == b.height, "\(name) at \(dpi) dpi: sizes differ")
            let unit = Double(dpi) / 72
            // Emoji inside (a pixel in from the box, where a neighbour's glyph edge cannot reach)
            // and the pixels under hex box frames' lines: Cairo's pixels. (The digits are glyphs.)
            let exact = emojiBoxes.map { Self.pixels($0, scale: unit, grow: -1) } + frames.map { Self.lines($0, scale: unit) }
            for (k, box) in exact.enumerated() {
                let differing = box.filter { Self.differs(a, b, $0.x, $0.y) }.count
                #expect(differing == 0, "\(name) at \(dpi) dpi: \(differing) pixels differ in \(k < emojiBoxes.count ? "emoji" : "hex box") \(k)")
            }
            // Elsewhere only at glyph edges: next to a pixel of Cairo's raster whose neighbours differ from it.
            var outside = 0, first: (Int, Int)?
            for y in 0..<a.height {
                for x in 0..<a.width where Self.differs(a, b, x, y) && !Self.nearEdge(b, x, y) {
                    outside += 1
                    if first == nil { first = (x, y) }
                }
            }
            #expect(outside == 0, "\(name) at \(dpi) dpi: \(outside) pixels differ away from edges, first at \(String(describing: first))")
        }
        #expect(try OwnPDFDocumentTests.pdf(grid, threads: 2) == own, "\(name): 2 threads")
        return own
    }

    /// The hex box frames of `pdf` (`x y w h re` then `S`: the writer strokes no other
    /// rectangle), in points from the top left.
    static func frames(_ pdf: [UInt8]) throws -> [Rect] {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("in.pdf").path, plain = dir.appendingPathComponent("out.pdf").path
        try Data(pdf).write(to: URL(fileURLWithPath: path))
        _ = try run(["qpdf", "--qdf", "--object-streams=disable", path, plain])
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: plain)), as: UTF8.self)
        let pattern = try NSRegularExpression(pattern: #"(?m)^(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re\n(?:[-\d. ml]+\n)*S$"#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { m in
            let v = (1...4).map { Double(text[Range(m.range(at: $0), in: text)!])! }
            return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        }
    }

    /// The pixels of `box` (points) at `scale` pixels per point, grown by `grow` pixels.
    static func pixels(_ box: Rect, scale: Double, grow: Int) -> [(x: Int, y: Int)] {
        let x0 = Int((box.x * scale).rounded(.down)) - grow, x1 = Int((box.maxX * scale).rounded(.up)) + grow
        let y0 = Int((box.y * scale).rounded(.down)) - grow, y1 = Int((box.maxY * scale).rounded(.up)) + grow
        guard x0 < x1, y0 < y1 else { return [] }
        return (y0..<y1).flatMap { y in (x0..<x1).map { (x: $0, y: y) } }
    }

    /// The pixels whose centres are within half a pixel of the rectangle's sides (points, at
    /// `scale` pixels per point).
    static func lines(_ box: Rect, scale: Double) -> [(x: Int, y: Int)] {
        let x0 = box.x * scale, x1 = box.maxX * scale, y0 = box.y * scale, y1 = box.maxY * scale
        var out: [(x: Int, y: Int)] = []
        for y in Int((y0 - 1).rounded(.down))...Int((y1 + 1).rounded(.up)) {
            for x in Int((x0 - 1).rounded(.down))...Int((x1 + 1).rounded(.up)) {
                let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                let alongX = cx >= x0 - 0.5 && cx <= x1 + 0.5, alongY = cy >= y0 - 0.5 && cy <= y1 + 0.5
                if (alongY && (abs(cx - x0) <= 0.5 || abs(cx - x1) <= 0.5)) || (alongX && (abs(cy - y0) <= 0.5 || abs(cy - y1) <= 0.5)) {
                    out.append((x, y))
                }
            }
        }
        return out
    }

    static func differs(_ a: PNGImage, _ b: PNGImage, _ x: Int, _ y: Int) -> Bool {
        guard x >= 0, y >= 0, x < a.width, y < a.height else { return false }
        let i = 4 * (y * a.width + x)
        return a.rgba[i..<i + 4] != b.rgba[i..<i + 4]
    }

    /// Whether a pixel within one of (`x`, `y`) has a neighbour of another colour in `image`.
    static func nearEdge(_ image: PNGImage, _ x: Int, _ y: Int) -> Bool {
        func pixel(_ x: Int, _ y: Int) -> ArraySlice<UInt8> {
            let i = 4 * (min(max(y, 0), image.height - 1) * image.width + min(max(x, 0), image.width - 1))
            return image.rgba[i..<i + 4]
        }
        for cy in y - 1...y + 1 {
            for cx in x - 1...x + 1 {
                let centre = pixel(cx, cy)
                for ny in cy - 1...cy + 1 { for nx in cx - 1...cx + 1 where pixel(nx, ny) != centre { return true } }
            }
        }
        return false
    }

    // MARK: - Tests

    /// The fixtures that went to Cairo's PDF surface for an emoji in a text left to Pango.
    @Test(arguments: ["snapshots/emoji-features.json", "snapshots/readme-table.md"])
    func emojiFixturesAreWrittenByTheWriter(fixture: String) throws {
        let document = try Document.load(path: Self.root.appendingPathComponent("Fixtures/\(fixture)").path)
        let grid = try document.prepare()
        let own = try Self.expectWrittenAsCairoDraws(grid, fixture)
        let cairo = try OwnPDFDocumentTests.pdf(grid, own: false)
        #expect(try OwnPDFDocumentTests.tool(["pdftotext"], own).text == OwnPDFDocumentTests.tool(["pdftotext"], cairo).text)
        // Each emoji one XObject however often drawn, as many drawn as Cairo's route draws.
        let ownImages = try ColorGlyphImagesTests.pdfImages(own), cairoImages = try ColorGlyphImagesTests.pdfImages(cairo)
        #expect(ownImages.count == cairoImages.count && !ownImages.isEmpty)
        #expect(Set(ownImages.map(\.object)).count == Set(cairoImages.map(\.object)).count)
    }

    @Test(arguments: 0..<8)
    func generatedEmojiTextsAreWrittenByTheWriter(seed: Int) throws {
        let grid = Self.grid(seed: UInt64(seed) &+ 0xE30, special: Self.emojiText)
        let own = try Self.expectWrittenAsCairoDraws(grid, "emoji seed \(seed)")
        let cairo = try OwnPDFDocumentTests.pdf(grid, own: false)
        #expect(try OwnPDFDocumentTests.tool(["pdftotext"], own).text == OwnPDFDocumentTests.tool(["pdftotext"], cairo).text, "seed \(seed)")
    }

    @Test(arguments: 0..<8)
    func generatedHexBoxesAreWrittenByTheWriter(seed: Int) throws {
        var used: [String] = []
        let grid = Self.grid(seed: UInt64(seed) &+ 0x4E8) { rng in
            let s = rng.below(3) == 0 ? Self.emojiText(&rng) : Self.missing(&rng)
            used.append(s)
            return s
        }
        let own = try Self.expectWrittenAsCairoDraws(grid, "hex seed \(seed)")
        #expect(try !Self.frames(own).isEmpty)
        // Readers get the characters, not the boxes' digits.
        let text = try OwnPDFDocumentTests.tool(["pdftotext"], own).text
        for s in used where !Self.emoji.contains(s) { #expect(text.contains(s), "seed \(seed): \(s.unicodeScalars.map { String($0.value, radix: 16) })") }
    }

    /// The box's frame and digits in the stream: the stroke then one glyph per digit, the first
    /// marked with the character, the others with nothing.
    @Test func hexBoxIsAFrameAndItsDigitsMarkedWithTheCharacter() throws {
        let grid = makeTable([[.text("A")], [.text("x \u{E001} y")]])
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let own = try OwnPDFDocumentTests.pdf(grid, tagged: false)
        let path = dir.appendingPathComponent("in.pdf").path, plain = dir.appendingPathComponent("out.pdf").path
        try Data(own).write(to: URL(fileURLWithPath: path))
        _ = try run(["qpdf", "--qdf", "--object-streams=disable", path, plain])
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: plain)), as: UTF8.self)
        #expect(try Self.frames(own).count == 1)
        #expect(text.components(separatedBy: "/Span <</ActualText <feffe001>>> BDC").count == 2)
        #expect(text.components(separatedBy: "/Span <</ActualText <feff>>> BDC").count == 4)
        let read = try OwnPDFDocumentTests.tool(["pdftotext"], own).text
        // The character between its neighbours (poppler judges the space before it by the small
        // digit's size), not its digits.
        #expect(read.replacingOccurrences(of: " ", with: "").contains("x\u{E001}y") && !read.contains("E0"),
                "\(read.unicodeScalars.map { String($0.value, radix: 16) })")
    }
}
