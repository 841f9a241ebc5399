import Foundation
import GridDocument
import Testing
@testable import GridDrawing

/// The title's and desc's ids (`SVGAccessibleIDs`): several gridrender SVGs inlined in one HTML
/// page must not share them (each label would point to the first picture's title), and they
/// are the same bytes on every run and at every thread count.
@Suite struct SVGAccessibleIDsTests {
    static let stems = ["publication-report", "spans", "multilingual", "swatches", "items-horizontal", "markup-links", "theme-dark", "theme-plain"]

    /// The values of `name="…"` attributes in `text`, in order.
    static func values(of name: String, in text: String) -> [String] {
        text.components(separatedBy: " \(name)=\"").dropFirst().compactMap { $0.split(separator: "\"", maxSplits: 1).first.map(String.init) }
    }

    /// Every id an inlined SVG's labels and descriptions name is defined exactly once in a page
    /// holding all the fixtures' SVGs, and it is the id of that SVG's own title or desc.
    @Test func inlinedFixturesNameTheirOwnTitleAndDescription() throws {
        var page = "<!DOCTYPE html><html><body>\n"
        var svgs: [String] = []
        for stem in Self.stems {
            let (_, grid) = try SVGAccessibilityTests.fixture(stem)
            let svg = String(decoding: try SVGAccessibilityTests.svg(grid), as: UTF8.self)
            svgs.append(svg)
            page += svg.replacingOccurrences(of: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", with: "") + "\n"
        }
        page += "</body></html>\n"
        let defined = Self.values(of: "id", in: page)
        for svg in svgs {
            let reader = AccessibleSVGReader(Array(svg.utf8))
            SVGAccessibilityTests.checkShape(reader)
            let references = Self.values(of: "aria-labelledby", in: svg) + Self.values(of: "aria-describedby", in: svg)
            #expect(references.count >= 2)
            for id in Set(references) {
                #expect(defined.filter { $0 == id }.count == 1, "\(id) is defined \(defined.filter { $0 == id }.count) times in the page")
                #expect(id == reader.titles.first?.id || id == reader.descriptions.first?.id)
            }
        }
    }

    /// The pages of a paginated SVG show the same title over different rows: each has its own ids.
    @Test func pagesHaveTheirOwnIDs() throws {
        let (_, grid) = try SVGAccessibilityTests.fixture("paginated")
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let paths = try RenderJob(grid, options: RenderOptions()).writePages(.svg, to: dir.appendingPathComponent("p.svg").path, options: RenderOptions())
        #expect(paths.count > 1)
        let titles = try paths.map { AccessibleSVGReader(Array(try Data(contentsOf: URL(fileURLWithPath: $0)))).titles.first?.id ?? "" }
        #expect(Set(titles).count == paths.count)
        #expect(titles.allSatisfy { $0.hasPrefix("gridrender-title-") && $0.count == "gridrender-title-".count + 8 })
    }

    /// The ids depend on what the layer says, not on the run: equal bytes at 1, 2 and 7 threads
    /// and from a second job; a different title gives different ids.
    @Test func sameIDsOnEveryRun() throws {
        let (_, grid) = try SVGAccessibilityTests.fixture("publication-report")
        let one = try SVGAccessibilityTests.svg(grid, threads: 1)
        for threads in [2, 7] { #expect(try SVGAccessibilityTests.svg(grid, threads: threads) == one) }
        let ids = try #require(try RenderJob(grid, options: RenderOptions()).svgAccessibility()).ids
        #expect(String(decoding: one, as: UTF8.self).contains("<title id=\"\(ids.title)\">"))
        var renamed = grid
        renamed.accessibility.title = "Another title"
        let other = try #require(try RenderJob(renamed, options: RenderOptions()).svgAccessibility()).ids
        #expect(other.title != ids.title && other.description != ids.description)
    }
}
