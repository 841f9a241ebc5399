import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// A PDF page too big to record cell by cell shows its cell text in joined stretches of glyphs
/// (`GlyphBatch`): the PDF is the same, byte for byte, as one Pango show per cell (so the
/// same picture and the same text to copy), for any slab size and thread count; text that
/// would not be the same is left to Pango.
@Suite struct GlyphBatchTests {
    /// Texts of every kind the painter meets: Latin with accents (precomposed and combining),
    /// CJK, Hebrew and Arabic, emoji, ligature candidates, spaces that share a glyph, numbers for
    /// decimal alignment, several lines.
    static let samples = [
        "Row", "über ñ café", "e\u{301}cole nai\u{308}ve", "東京都 渋谷区", "北京市 123", "שלום עולם", "مرحبا بالعالم",
        "🙂 ok 🎉", "office ﬁle ffl", "line one\nline two", "Ærø Þór Łódź", "μ 5 µm", "a\u{00A0}b soft\u{00AD}hy",
        "Ελληνικά", "Привет", "x²", "1,234.75", "-3", "12.5", "0.125",
    ]

    /// 60 rows × 6 columns: bold, right-aligned, centred italic, decimal-aligned, coloured with
    /// opacity, wrapped in a width; spans across slab edges; a narrow column whose text is
    /// clipped; stripes.
    static func mixed(frozen: Bool = false) -> PreparedGrid {
        var contents: [[CellContent]] = [[.text("Name"), .text("Right"), .text("Centre"), .text("Amount"), .text("Colour"), .text("Wrapped")]]
        for r in 1..<60 {
            let s = samples, n = s.count
            contents.append([.text("\(s[r % n]) \(r)"), .text(s[(r + 3) % n]), .text(s[(r + 7) % n]),
                             .text(["1,234.75", "-3", "12.5", "0.125", "7"][r % 5]), .text(s[(r + 11) % n]),
                             .text(r % 4 == 0 ? "a long text wrapped in its column \(r)" : s[(r + 13) % n])])
        }
        return makeTable(contents, columnWidths: [.auto(), .auto(), .auto(), .auto(), .auto(), .fixed(90)], rowHeight: 64,
                         styler: { row, column in
            var style = ResolvedStyle()
            if row == 0 { style.font.weight = 700; style.color = .white; style.background = Color(hex: 0x384a66) }
            switch column {
            case 0: style.font.weight = row % 3 == 0 ? 700 : 400
            case 1: style.align = .right
            case 2: style.align = .center; style.font.italic = row % 2 == 0
            case 3: style.align = .decimal
            case 4:
                style.color = [Color(hex: 0xcc3300), Color(hex: 0x2255aa), Color(hex: 0x222222)][row % 3]
                style.opacity = row % 2 == 0 ? 0.6 : 1
            default: break
            }
            if row == 13 { style.font.size = 18 }
            return style
        }, configure: { grid in
            grid.padding = Insets(all: 6)
            grid.spec.spans = [CellSpan(row: 5, column: 0, rows: 3), CellSpan(row: 20, column: 1, rows: 2, columns: 2)]
            grid.gridLines.horizontal = LineStyle(width: 1, color: Color(hex: 0xd0d4dc))
            if frozen {
                grid.spec.frozenRows = 1
                grid.spec.frozenColumns = 1
                grid.spec.viewport = Rect(x: 30, y: 300, width: 420, height: 1600)
            }
        })
    }

    static func grid(_ name: String) -> PreparedGrid {
        switch name {
        case "mixed": mixed()
        case "mixed-frozen": mixed(frozen: true)
        case "decorated": ItemSlabsTests.decorated()
        default: LayeredSVGTests.variant(name)
        }
    }

    /// The PDF with cell text joined into Cairo calls (the default) or shown by Pango cell by cell.
    static func pdf(_ grid: PreparedGrid, joined: Bool, slabCells: Int = ItemSlabs.defaultCellsPerSlab,
                    threads: Int = 1) throws -> [UInt8] {
        let job = try RenderJob(grid, options: RenderOptions(paintThreads: threads))
        job.joinsGlyphs = joined
        job.slabCells = slabCells
        return try job.pdf()
    }

    @Test(arguments: ["mixed", "mixed-frozen", "decorated", "plain", "frozen", "sections", "items"])
    func samePDFBytes(_ name: String) throws {
        let grid = Self.grid(name)
        let one = try Self.pdf(grid, joined: false)
        for slabCells in [7, ItemSlabs.defaultCellsPerSlab] {
            let joined = try Self.pdf(grid, joined: true, slabCells: slabCells)
            let same = joined == one   // not the arrays themselves: their description is megabytes
            if let dump = ProcessInfo.processInfo.environment["GLYPHBATCH_DUMP"], !same {
                try Data(one).write(to: URL(fileURLWithPath: "\(dump)/\(name)-\(slabCells)-one.pdf"))
                try Data(joined).write(to: URL(fileURLWithPath: "\(dump)/\(name)-\(slabCells)-joined.pdf"))
            }
            #expect(same, "\(name) in slabs of \(slabCells): \(joined.count) vs \(one.count) bytes")
        }
    }

    @Test func sameBytesForAnyThreadCount() throws {
        let grid = Self.mixed()
        let one = try Self.pdf(grid, joined: true, threads: 1)
        for threads in [2, 3] {
            let same = try Self.pdf(grid, joined: true, threads: threads) == one
            #expect(same, "\(threads) threads")
        }
    }

    /// Most cells of the mixed table are joined, in frozen panes too (text wholly inside its
    /// pane); those Pango must show are not. (So `samePDFBytes` compares joined output.)
    @Test(arguments: ["mixed", "mixed-frozen"])
    func plainTextIsJoined(_ name: String) throws {
        let job = try RenderJob(Self.grid(name), options: RenderOptions(paintThreads: 1))
        let batch = GlyphBatch()
        job.painter.glyphBatch = batch
        let size = job.frame.size
        let cr = try CairoContext(CairoSurface.pdf(width: size.width, height: size.height))
        try job.paintCanvas(cr, visible: Rect(x: 0, y: 0, width: size.width, height: size.height))
        let cells = name == "mixed" ? 60 * 6 : 25 * 6
        #expect(batch.joinedTexts > cells / 3 && batch.joinedTexts < cells, "\(batch.joinedTexts)")
        #expect(job.painter.content.isEmpty)   // played with its slab
    }

    /// Which texts are joined: left to Pango are right-to-left runs, clusters of several
    /// characters or glyphs (combining marks, ligatures) and glyphs a reader would copy as another
    /// character (a no-break space drawn with the space's glyph).
    @Test func textsThatCopyDifferentlyAreLeftToPango() throws {
        let context = try TextContext(mode: .pinned)
        let layout = TextLayout(context: context)
        let characters = GlyphCharacters()
        func joined(_ text: String, weight: Int = 400) -> Bool {
            var style = ResolvedStyle()
            style.font.weight = weight
            layout.prepare(text, style: style, width: nil)
            return layout.plainGlyphRuns(characters: characters) != nil
        }
        for text in ["Row 17", "über ñ café", "Ærø Łódź", "line one\nline two", "Привет"] {
            #expect(joined(text), "\(text)")
            #expect(joined(text, weight: 700), "\(text) bold")
        }
        for text in ["שלום", "مرحبا", "e\u{301}cole"] {
            #expect(!joined(text), "\(text)")
        }
    }

    /// The text of a joined PDF copies out as it reads (poppler's `pdftotext`), accents included.
    @Test func joinedTextCopies() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("joined.pdf").path
        try Data(Self.pdf(Self.mixed(), joined: true)).write(to: URL(fileURLWithPath: path))
        let result = try run(["pdftotext", path, "-"])
        #expect(result.status == 0)
        let text = String(decoding: result.output, as: UTF8.self)
        for word in ["über", "café", "Ærø", "Łódź", "東京都", "Привет", "Ελληνικά", "1,234.75", "wrapped"] {
            #expect(text.contains(word), "\(word)")
        }
    }

    /// Every PDF joins its text by default, paginated ones too: the renderer's PDF is the joined
    /// one, and the same as Pango's cell by cell.
    @Test func everyPDFJoinsByDefault() throws {
        #expect(try RenderJob(Self.mixed(), options: RenderOptions(paintThreads: 1)).joinsGlyphs)
        var paged = Self.mixed()
        paged.page = PreparedGrid.Page(width: 300, height: 200)
        for grid in [Self.mixed(), paged] {
            let rendered = try GridRenderer.render(grid, format: .pdf, options: RenderOptions(paintThreads: 1))
            let plain = try Self.pdf(grid, joined: false)
            #expect(rendered == plain)
        }
    }
}
