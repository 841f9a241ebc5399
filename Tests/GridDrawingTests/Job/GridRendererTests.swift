import Foundation
import GridDocument
import GridLayout
import GridTestSupport
import Testing
@testable import GridDrawing

@Suite struct GridRendererTests {
    static let header = Color(hex: 0x384a66)
    static let stripe = Color(hex: 0xf1f3f8)

    static func sample(scale: Double = 1) -> PreparedGrid {
        let rows = text([["ID", "Name", "City", "Balance"],
                         ["1", "Ada Lovelace", "London", "1234.5"],
                         ["2", "Grace Hopper", "New York City, far too long", "17.25"],
                         ["3", "مرحبا بالعالم", "Cairo", "3"],
                         ["4", "Linus", "Helsinki", "100000.125"]])
        return makeTable(rows, columnWidths: [.fixed(40), .auto(), .fixed(90), .auto()], scale: scale, styler: { row, column in
            var style = ResolvedStyle()
            if row == 0 {
                style.background = header
                style.color = .white
                style.font.weight = 700
            } else if row % 2 == 0 {
                style.background = stripe
            }
            if column == 0 { style.align = .right }
            if column == 3 { style.align = row == 0 ? .right : .decimal }
            return style
        }) { grid in
            grid.padding = Insets(all: 8)
            grid.gridLines.horizontal = LineStyle(width: 1, color: Color(hex: 0xd0d4dc))
            grid.gridLines.vertical = LineStyle(width: 1, color: Color(hex: 0xd0d4dc))
            grid.gridLines.outer = LineStyle(width: 1, color: Color(hex: 0x9aa3b2))
            grid.gridLines.header = LineStyle(width: 2, color: Color(hex: 0x111111))
            var title = ResolvedStyle()
            title.font.size = 12
            title.font.weight = 700
            title.padding = Insets(top: 0, right: 0, bottom: 6, left: 0)
            grid.title = .init(text: "Quarterly numbers", style: title)
            var foot = ResolvedStyle()
            foot.font.size = 7
            foot.padding = Insets(top: 4, right: 0, bottom: 0, left: 0)
            grid.footnote = .init(text: "Source: made up", style: foot)
        }
    }

    @Test func writesSampleFiles() throws {
        let dir = try ProcessInfo.processInfo.environment["GRIDRENDER_SAMPLES"] ?? TestScratch.directory("samples")
        for scale in [1.0, 1.5, 2.0] {
            try GridRenderer.render(Self.sample(scale: scale), to: "\(dir)/sample@\(scale)x.png")
        }
        try GridRenderer.render(Self.sample(), to: "\(dir)/sample.svg")
        try GridRenderer.render(Self.sample(), to: "\(dir)/sample.pdf")
    }
}

extension GridRendererTests {
    /// Sections, a span, wrapping with a line limit, every ellipsis mode, dashed borders, swatches
    /// and a selected row: a sample to look at, and a smoke test of all of them together.
    static func features(scale: Double = 1) -> PreparedGrid {
        let long = "The quick brown fox jumps over the lazy dog again and again"
        let rows: [[CellContent]] = [
            [.text("Mode"), .text("Text"), .text("Swatch")],
            [.text("Europe"), .empty, .empty],
            [.text("end"), .text(long), .swatch(Color(hex: 0xe4572e))],
            [.text("middle"), .text(long), .swatch(Color(hex: 0x29335c))],
            [.text("start"), .text(long), .swatch(Color(hex: 0xf3a712))],
            [.text("Asia"), .empty, .empty],
            [.text("wrap 2"), .text(long), .swatch(Color(hex: 0x669bbc))],
            [.text("span across two columns, centred"), .empty, .empty],
        ]
        var grid = makeTable(rows, columnWidths: [.fixed(70), .fixed(150), .auto()], rowHeight: nil, scale: scale, styler: { row, column in
            var style = ResolvedStyle()
            switch row {
            case 0: style.background = header; style.color = .white; style.font.weight = 700
            case 1, 5: style.background = Color(hex: 0xe8ecf3); style.font.italic = true; style.font.weight = 700
            case 2: style.ellipsize = .end
            case 3: style.ellipsize = .middle; style.shadow = Shadow(radius: 3, color: Color(red: 0.2, green: 0.5, blue: 1, alpha: 0.6))
            case 4: style.ellipsize = .start
            case 6: style.wrap = true; style.maxLines = 2; style.verticalAlign = .top
            case 7: style.align = .center; style.borders.bottom = LineStyle(width: 1, color: Color(hex: 0xe4572e), dash: [3, 2])
            default: break
            }
            if column == 2 { style.align = .center }
            return style
        })
        grid.spec.content = .table(.init(columnCount: 3, rows: [.header, .section, .data, .data, .data, .section, .data, .data]))
        grid.spec.spans = [CellSpan(row: 7, column: 0, columns: 2)]
        grid.spec.rowHeights = [nil, .fixed(20), nil, nil, nil, .fixed(20), nil, nil]
        grid.spec.defaultRowHeight = .auto()
        grid.spec.minimumRowHeight = 22
        grid.padding = Insets(all: 10)
        grid.gridLines.horizontal = LineStyle(width: 1, color: Color(hex: 0xd0d4dc))
        grid.gridLines.vertical = LineStyle(width: 1, color: Color(hex: 0xd0d4dc))
        grid.gridLines.outer = LineStyle(width: 1, color: Color(hex: 0x9aa3b2))
        return grid
    }

    @Test func featuresRenderInEveryFormat() throws {
        let dir = try ProcessInfo.processInfo.environment["GRIDRENDER_SAMPLES"] ?? TestScratch.directory("samples")
        try GridRenderer.render(Self.features(scale: 2), to: "\(dir)/features@2x.png")
        try GridRenderer.render(Self.features(), to: "\(dir)/features.svg")
        try GridRenderer.render(Self.features(), to: "\(dir)/features.pdf")
        let layout = try GridRenderer.layout(Self.features())
        // The wrapped row holds two lines: taller than a one-line row, shorter than three.
        #expect(layout.rows[6].size > layout.rows[2].size + 8)
        #expect(layout.rows[6].size < 3 * layout.rows[2].size)
    }
}

extension GridRendererTests {
    /// Renders the samples again in a child process with another locale, HOME and TMPDIR-free
    /// font cache, and compares bytes: pinned output depends on neither.
    @Test func secondProcessWithOtherLocaleGivesIdenticalBytes() throws {
        let environment = ProcessInfo.processInfo.environment
        guard environment["GRIDRENDER_SAMPLES"] == nil else { return }  // we are the child
        let dir = try temporaryDirectory()
        let home = try temporaryDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--testing-library", "swift-testing", "--filter", "writesSampleFiles"]
        var childEnvironment = environment
        childEnvironment["GRIDRENDER_SAMPLES"] = dir.path
        childEnvironment["HOME"] = home.path
        childEnvironment["LANG"] = "de_DE.UTF-8"
        childEnvironment["LC_ALL"] = "ar_EG.UTF-8"
        childEnvironment["LANGUAGE"] = "ja"
        process.environment = childEnvironment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        for (name, grid, format) in [("sample@2.0x.png", Self.sample(scale: 2), OutputFormat.png),
                                     ("sample.svg", Self.sample(), .svg), ("sample.pdf", Self.sample(), .pdf)] {
            let child = Array(try Data(contentsOf: dir.appendingPathComponent(name)))
            #expect(child == (try GridRenderer.render(grid, format: format)), "\(name)")
        }
    }
}

extension GridRendererTests {
    @Test func emptyGridsRender() throws {
        var grid = makeTable([], header: false, configure: { grid in
            grid.padding = Insets(all: 4)
            grid.gridLines.outer = LineStyle(width: 1, color: .black)
            grid.gridLines.header = LineStyle(width: 1, color: .black)
        })
        for format in OutputFormat.allCases { #expect(try !GridRenderer.render(grid, format: format).isEmpty) }
        grid.padding = Insets(all: 0)
        #expect(throws: RenderError.self) { try GridRenderer.render(grid, format: .png) }
    }
}

extension GridRendererTests {
    /// A 20×8 table scrolled to its middle with one frozen row and column: four regions.
    static func frozen() -> PreparedGrid {
        var rows: [[CellContent]] = [(0..<8).map { .text("Col \($0)") }]
        for r in 1..<20 { rows.append((0..<8).map { .text($0 == 0 ? "Row \(r)" : "\(r).\($0)") }) }
        return makeTable(rows, columnWidths: Array(repeating: .fixed(60), count: 8), rowHeight: 22, styler: { row, column in
            var style = ResolvedStyle()
            if row == 0 || column == 0 { style.background = Color(hex: 0xe8ecf3); style.font.weight = 700 }
            return style
        }, configure: { grid in
            grid.spec.frozenRows = 1
            grid.spec.frozenColumns = 1
            grid.spec.viewport = Rect(x: 180, y: 220, width: 300, height: 132)
            grid.gridLines.horizontal = LineStyle(width: 1, color: Color(hex: 0xd0d4dc))
            grid.gridLines.vertical = LineStyle(width: 1, color: Color(hex: 0xd0d4dc))
            grid.gridLines.outer = LineStyle(width: 1, color: Color(hex: 0x555555))
            grid.gridLines.header = LineStyle(width: 2, color: Color(hex: 0x384a66))
        })
    }

    @Test func frozenViewportRendersFourRegions() throws {
        let dir = try ProcessInfo.processInfo.environment["GRIDRENDER_SAMPLES"] ?? TestScratch.directory("samples")
        try GridRenderer.render(Self.frozen(), to: "\(dir)/frozen.png")
        let layout = try GridRenderer.layout(Self.frozen())
        #expect(layout.regions.count == 4)
        let image = try PNGImage(decoding: GridRenderer.render(Self.frozen(), format: .png))
        #expect(image.width == 300 && image.height == 132)
        // The frozen corner and header row keep their fill; the body shows scrolled cells.
        #expect(image[30, 11] == PNGImage.Pixel(0xe8, 0xec, 0xf3))
        #expect(image[200, 11] == PNGImage.Pixel(0xe8, 0xec, 0xf3))
        #expect((24..<132).filter { image[55, $0] == PNGImage.Pixel(0xe8, 0xec, 0xf3) }.count > 80)
        #expect((24..<132).filter { image[110, $0] == PNGImage.Pixel(255, 255, 255) }.count > 80)
    }
}
