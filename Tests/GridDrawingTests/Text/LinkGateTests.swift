import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// The link gate of a render: refused links become plain text in every format, and the
/// warnings are the same whatever the painting threads did — one per text in reading order up
/// to 20, then a count; a header repeated on every PDF page counts once.
@Suite struct LinkGateTests {
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return lines }
    }

    static func grid(rows: Int) -> PreparedGrid {
        var contents: [[CellContent]] = [[.text("[head](javascript:h)"), .text("b")]]
        for r in 1..<rows { contents.append([.text("row \(r)"), .text("see [x](JavaScript:\(r)) and [y](https://e.com/\(r))")]) }
        let markdown: ResolvedStyle = { var s = ResolvedStyle(); s.markup = .markdown; return s }()
        return makeTable(contents, columnWidths: [.fixed(80), .fixed(200)], styler: { _, _ in markdown })
    }

    static func warnings(_ grid: PreparedGrid, _ format: OutputFormat, threads: Int) throws -> ([String], [UInt8]) {
        let lines = Lines()
        let bytes = try GridRenderer.render(grid, format: format, options: RenderOptions(paintThreads: threads, warningHandler: { lines.add($0) }))
        return (lines.all.filter { $0.contains("link") }, bytes)
    }

    @Test func warningsDoNotDependOnThreads() throws {
        let grid = Self.grid(rows: 300)
        let (one, _) = try Self.warnings(grid, .png, threads: 1)
        let (four, _) = try Self.warnings(grid, .png, threads: 4)
        #expect(one == four)
        #expect(one.count == 21, "\(one)")
        #expect(one.first?.hasPrefix("row 1, column 1: link \"javascript:h\" dropped: scheme \"javascript\"") == true, "\(one.first ?? "")")
        #expect(one[1].hasPrefix("row 2, column 2: link \"JavaScript:1\" dropped"), "\(one[1])")
        #expect(one.last?.hasPrefix("280 more texts with links dropped") == true, "\(one.last ?? "")")
    }

    @Test func svgAndPDFKeepOnlyTheAllowedLinks() throws {
        var grid = Self.grid(rows: 40)
        grid.page = .init(width: 300, height: 200)   // several pages, the header on each
        grid.repeatedRowCount = 1
        let (pdfWarnings, pdf) = try Self.warnings(grid, .pdf, threads: 1)
        let (svgWarnings, svg) = try Self.warnings(Self.grid(rows: 40), .svg, threads: 1)
        #expect(pdfWarnings == svgWarnings, "\(pdfWarnings)\n\(svgWarnings)")
        #expect(pdfWarnings.last?.hasPrefix("20 more texts") == true, "\(pdfWarnings.last ?? "")")
        let pdfText = String(decoding: pdf, as: UTF8.self), svgText = String(decoding: svg, as: UTF8.self)
        #expect(!pdfText.lowercased().contains("javascript") && !svgText.lowercased().contains("javascript"))
        #expect(svgText.contains("href=\"https://e.com/39\"") && pdfText.contains("/URI (https://e.com/39)"))
    }

    @Test func linkSchemesOfTheGridAllowMore() throws {
        var grid = Self.grid(rows: 3)
        grid.linkPolicy = LinkPolicy(allowing: ["javascript"])
        let (lines, svg) = try Self.warnings(grid, .svg, threads: 1)
        #expect(lines.isEmpty, "\(lines)")
        #expect(String(decoding: svg, as: UTF8.self).contains("href=\"JavaScript:2\""))
    }
}
