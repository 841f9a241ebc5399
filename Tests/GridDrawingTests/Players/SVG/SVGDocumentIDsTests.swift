import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// Every id the SVG player writes starts with the document's own prefix (`RenderJob.svgIDPrefix`,
/// the accessibility layer's hash): several SVGs inlined in one HTML page define no id twice,
/// so none shows another's glyphs, clip or image; each document's references resolve in it.
@Suite struct SVGDocumentIDsTests {
    /// Generated tables (sizes, spans, scripts, escapes), each named apart, some with a
    /// clipped narrow column, a dashed border and an image-free glow-free body.
    static func documents() -> [PreparedGrid] {
        var generator = GeneratedTables(seed: 30)
        return (0..<8).map { k in
            var grid = generator.table()
            grid.title = PreparedGrid.TextBlock(text: "Generated \(k)", style: ResolvedStyle())
            return grid
        }
    }

    static func svg(_ grid: PreparedGrid, accessible: Bool = true, threads: Int = 2) throws -> String {
        var options = RenderOptions(paintThreads: threads)
        options.accessibleSVG = accessible
        return String(decoding: try RenderJob(grid, options: options).svg(), as: UTF8.self)
    }

    static func captures(_ text: String, _ pattern: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        }
    }

    static func defined(_ svg: String) -> [String] { captures(svg, #" id="([^"]+)""#) }

    static func referenced(_ svg: String) -> Set<String> {
        Set(captures(svg, ##"href="#([^"]+)""##) + captures(svg, ##"url\(#([^)]+)\)"##))
    }

    @Test(arguments: [true, false])
    func idsOfDifferentDocumentsAreDisjointAndResolveInTheirOwn(accessible: Bool) throws {
        let svgs = try Self.documents().map { try Self.svg($0, accessible: accessible) }
        var owner: [String: Int] = [:]
        for (k, svg) in svgs.enumerated() {
            let ids = Self.defined(svg)
            #expect(ids.contains { $0.wholeMatch(of: /g[0-9A-Za-z]{6}a[0-9]+/) != nil }, "document \(k) defines glyphs")
            #expect(Set(ids).count == ids.count, "document \(k) defines an id twice")
            let dangling = Self.referenced(svg).subtracting(ids)
            #expect(dangling.isEmpty, "document \(k) refers to \(dangling.sorted().prefix(3))")
            for id in ids {
                if let other = owner[id], other != k { Issue.record("documents \(other) and \(k) both define \(id)") }
                owner[id] = k
            }
        }
    }

    /// Every id of one document starts with its prefix, which is the accessibility layer's suffix.
    @Test func everyIDStartsWithTheDocumentsPrefix() throws {
        let grid = Self.documents()[3]
        let job = try RenderJob(grid, options: RenderOptions(paintThreads: 2))
        let prefix = String(decoding: job.svgIDPrefix(), as: UTF8.self)
        let ids = try #require(job.svgAccessibility()).ids
        #expect(prefix == ids.idPrefix && prefix.wholeMatch(of: /g[0-9A-Za-z]{6}/) != nil)
        let svg = try Self.svg(grid)
        let drawn = Self.defined(svg).filter { !$0.hasPrefix("gridrender-") }
        #expect(!drawn.isEmpty && drawn.allSatisfy { $0.hasPrefix(prefix) })
    }

    /// The prefix depends on the document only: the same bytes on every run and at 1 and 2
    /// threads, for a grid painted in several chunks.
    @Test func sameBytesAcrossRunsAndThreads() throws {
        let grid = LayeredSVGTests.big()
        #expect(RowChunks.partition(rows: 150, columns: 6).count > 1)
        let one = try Self.svg(grid, threads: 1)
        #expect(try Self.svg(grid, threads: 2) == one)
        #expect(try Self.svg(grid, threads: 1) == one)
    }
}
