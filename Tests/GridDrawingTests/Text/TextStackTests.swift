import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// Issue 11: every script, colour emoji, inline markup and links, never silent tofu.
@Suite struct TextStackTests {
    final class Warnings: @unchecked Sendable {  // appended to from the render's threads, one at a time
        private let lock = NSLock()
        private var list: [String] = []
        func add(_ s: String) { lock.lock(); list.append(s); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return list }
    }

    static func grid(_ json: String, file: String = "doc.json") throws -> PreparedGrid {
        try Document.decode(json: Array(json.utf8), file: file).prepare()
    }

    static func render(_ json: String, _ format: OutputFormat, threads: Int? = nil) throws -> (bytes: [UInt8], warnings: [String]) {
        let warnings = Warnings()
        let options = RenderOptions(paintThreads: threads, warningHandler: { warnings.add($0) })
        let bytes = try GridRenderer.render(grid(json), format: format, options: options)
        return (bytes, warnings.all)
    }

    static let strings = [
        "Xin chào Hà Nội", "Dobrý den Plzeň", "Γειά σου κόσμε", "Привет, мир", "مرحبا بالعالم", "שלום עולם",
        "你好，世界", "こんにちは世界", "안녕하세요 세계", "สวัสดีชาวโลก", "नमस्ते दुनिया", "வணக்கம் உலகம்",
    ]

    static func table(_ cells: [String], extra: String = "") -> String {
        let rows = cells.map { "[\(jsonString($0))]" }.joined(separator: ", ")
        return #"{"header": false, "columns": [{"key": "text"}], "data": {"rows": [\#(rows)]}\#(extra)}"#
    }

    static func jsonString(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    // MARK: Fonts

    @Test func everyScriptHasAFontOfThePinnedStack() throws {
        let (_, warnings) = try Self.render(Self.table(Self.strings + ["✅ ❌ ⚠️ 🚀 🇯🇵"]), .png)
        #expect(warnings.isEmpty, "\(warnings)")
    }

    @Test func hanFormsFollowTheLanguageOfTheCell() throws {
        let context = try TextContext(mode: .pinned)
        let layout = TextLayout(context: context)
        func families(_ text: String) -> [String] {
            layout.prepare(text, style: ResolvedStyle(), width: nil)
            return layout.runFamilies()
        }
        #expect(Set(families("直す")) == ["Noto Sans CJK JP"])           // kana: Japanese forms
        #expect(families("直") == ["Noto Sans CJK SC"])                  // Han alone: Simplified Chinese
        #expect(families("직 直") == ["Noto Sans CJK KR", "Noto Sans CJK TC"])   // Hangul; hanja in traditional forms
        #expect(families("Hello") == ["DejaVu Sans"])
        #expect(families("สวัสดี") == ["Noto Sans Thai"])
        #expect(families("⚠️ ⚠") == ["Noto Color Emoji", "DejaVu Sans"])   // U+FE0F asks for the emoji
    }

    @Test func emojiRowsAreNoTallerThanLetterRows() throws {
        for scale in [1.0, 2.0] {
            let grid = try Self.grid(#"{"canvas": {"scale": \#(scale)}, "header": false, "columns": [{"key": "a"}], "data": {"rows": [["A"], ["✅"], ["🚀 ❌ ⚠️"], ["🇯🇵"]]}}"#)
            let layout = try GridRenderer.layout(grid)
            let letter = layout.rows[0].size
            for row in layout.rows.dropFirst() {
                // Noto Color Emoji's line is a little taller than DejaVu's, never ten times.
                #expect(row.size <= letter + 4, "scale \(scale): \(row.size) vs \(letter)")
            }
        }
    }

    @Test func emojiArePaintedAtTheirSizeInEveryFormat() throws {
        // A row of one emoji at 2x: the PNG is as tall as the layout says, the emoji's ink inside
        // its cell (no 130-point glyph spilling out).
        let json = #"{"canvas": {"scale": 2}, "header": false, "columns": [{"key": "a", "width": 40}], "data": {"rows": [["🚀"]]}}"#
        let png = try PNGImage(decoding: Self.render(json, .png).bytes)
        let layout = try GridRenderer.layout(Self.grid(json))
        #expect(png.height == Int((layout.size.height * 2).rounded()))
        for format in [OutputFormat.svg, .pdf] {
            #expect(try !Self.render(json, format).bytes.isEmpty)
        }
    }

    // MARK: Tofu

    @Test func missingCharactersMakeOneWarningNamingThemAndTheFirstCell() throws {
        let json = Self.table(["fine", "a\u{E000}b", "\u{E001} again \u{E000}"])
        for format in [OutputFormat.png, .svg, .pdf] {
            for threads in [1, 3] {
                let (_, warnings) = try Self.render(json, format, threads: threads)
                #expect(warnings.count == 1, "\(format) \(threads): \(warnings)")
                let w = warnings.first ?? ""
                #expect(w.contains("U+E000") && w.contains("U+E001") && w.contains("\u{E000}"), "\(w)")
                #expect(w.contains(#"doc.json, row 2, column "text""#), "\(w)")
            }
        }
    }

    @Test func missingCharacterInATitleIsReportedThere() throws {
        let (_, warnings) = try Self.render(#"{"title": "x\uE123", "data": {"rows": [["a"]]}}"#, .png)
        #expect(warnings.count == 1 && warnings[0].contains("U+E123") && warnings[0].contains("the title"))
    }

    // MARK: PDF and SVG text, links

    static func pdftotext(_ pdf: [UInt8]) throws -> String {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("t.pdf")
        try Data(pdf).write(to: file)
        let (status, output) = try run(["pdftotext", "-enc", "UTF-8", file.path, "-"])
        try #require(status == 0)
        return String(decoding: output, as: UTF8.self)
    }

    @Test func pdfTextGivesBackEveryString() throws {
        let text = try Self.pdftotext(Self.render(Self.table(Self.strings), .pdf).bytes)
        // pdftotext wraps right-to-left text in embedding marks.
        let lines = Set(text.split(separator: "\n").map { line in
            String(line.unicodeScalars.filter { !(0x202A...0x202E).contains($0.value) })
        })
        for string in Self.strings {
            if string.unicodeScalars.contains(where: { (0x590...0x6FF).contains($0.value) }) {
                // poppler guesses word breaks from glyph gaps and splits right-to-left words
                // (Arabic where a letter does not join the next, Hebrew in a tagged PDF, whose
                // cells are marked content of their own): compare the letters.
                let letters = string.filter { $0 != " " }
                #expect(lines.contains { $0.filter { $0 != " " } == letters }, "\(string) not in \(lines.sorted())")
            } else {
                #expect(lines.contains(string), "\(string) not in \(lines.sorted())")
            }
        }
    }

    static let linkDocument = #"""
    {"styles": {"cell": {"markup": "markdown"}}, "header": false, "columns": [{"key": "a"}, {"key": "b"}],
     "data": {"rows": [[{"text": "Docs", "link": "https://example.org/a?x=1&y=\"2\""}, "see [here](https://example.com/<b>) <b>&amp;</b>"]]}}
    """#

    @Test func pdfHasLinkAnnotations() throws {
        let pdf = try Self.render(Self.linkDocument, .pdf).bytes
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.contains("/Subtype /Link") || text.contains("/Subtype/Link"))
        // Percent-encoded by `PDFText.uri` (Cairo writes the URI into the PDF unescaped).
        #expect(text.contains("https://example.org/a?x=1&y=%222%22"))
        #expect(text.contains("https://example.com/%3Cb%3E"))
        #expect(try Self.pdftotext(pdf).contains("see here <b>&amp;</b>"))
    }

    @Test func svgHasWellFormedLinksAroundTheText() throws {
        for threads in [1, 4] {
            let svg = String(decoding: try Self.render(Self.linkDocument, .svg, threads: threads).bytes, as: UTF8.self)
            #expect(svg.contains(#"<a xlink:href="https://example.org/a?x=1&amp;y=&quot;2&quot;""#))
            #expect(svg.contains(#"<a xlink:href="https://example.com/&lt;b&gt;""#))
            let dir = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: dir) }
            let file = dir.appendingPathComponent("t.svg")
            try Data(svg.utf8).write(to: file)
            #expect(try run(["xmllint", "--noout", file.path]).status == 0)
        }
    }

    @Test func streamedSVGHasTheLinksToo() throws {
        let rows = (0..<60).map { i in #"[{"text": "row \#(i)", "link": "https://example.com/\#(i)?a&b"}, "x"]"# }.joined(separator: ", ")
        let grid = try Self.grid(#"{"header": false, "columns": [{"key": "a"}, {"key": "b"}], "data": {"rows": [\#(rows)]}}"#)
        let job = try RenderJob(grid, options: RenderOptions(paintThreads: 3))
        job.streamedChunkCells = 8
        let sink = OutputSink()
        try job.svg(to: sink)
        let svg = String(decoding: sink.bytes, as: UTF8.self)
        #expect(svg.components(separatedBy: "<a xlink:href=").count - 1 == 60)
        #expect(svg.contains(#"<a xlink:href="https://example.com/59?a&amp;b""#))
        #expect(svg.hasSuffix("</svg>\n"))
    }

    @Test func pangoMarkupTypedInACellStaysLiteral() throws {
        for markup in ["none", "markdown"] {
            let json = #"{"styles": {"cell": {"markup": "\#(markup)"}}, "header": false, "columns": [{"key": "a"}], "data": {"rows": [["<b>x</b> &amp; <span foreground=\"red\">y</span>"]]}}"#
            let text = try Self.pdftotext(Self.render(json, .pdf).bytes)
            #expect(text.contains(#"<b>x</b> &amp; <span foreground="red">y</span>"#), "\(text)")
        }
    }

    @Test func markdownBoldMeasuresAsBoldText() throws {
        let markdown = try GridRenderer.layout(Self.grid(
            #"{"styles": {"cell": {"markup": "markdown"}}, "header": false, "columns": [{"key": "a"}], "data": {"rows": [["**Wide bold words**"]]}}"#))
        let styled = try GridRenderer.layout(Self.grid(
            #"{"styles": {"cell": {"weight": "bold"}}, "header": false, "columns": [{"key": "a"}], "data": {"rows": [["Wide bold words"]]}}"#))
        let plain = try GridRenderer.layout(Self.grid(
            #"{"header": false, "columns": [{"key": "a"}], "data": {"rows": [["Wide bold words"]]}}"#))
        #expect(markdown.columns[0].size == styled.columns[0].size)
        #expect(markdown.columns[0].size > plain.columns[0].size)
    }

    // MARK: Long words

    @Test func longUnbrokenWordsWrapAndEllipsize() throws {
        let word = String(repeating: "x", count: 30_000)
        let wrapped = try GridRenderer.layout(Self.grid(
            #"{"header": false, "columns": [{"key": "a", "width": 200}], "styles": {"cell": {"wrap": true}}, "data": {"rows": [["\#(word)"]]}}"#))
        #expect(wrapped.rows[0].size > 100 * 12)   // hundreds of lines
        let context = try TextContext(mode: .pinned)
        let layout = TextLayout(context: context)
        var style = ResolvedStyle()
        style.ellipsize = .end
        layout.prepare(word, style: style, width: 184)
        #expect(layout.logicalRect.width <= 184)
    }
}
