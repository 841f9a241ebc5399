import Foundation
import Testing

/// `render` writes accessible SVG by default (issue 30 item 2): the title and the text
/// alternative `--alt` prints as `<title>`/`<desc>`, the cells as ARIA roles labelled with their
/// text, read back with xmllint's XPath; `--untagged` leaves them out and librsvg draws the same
/// pixels either way.
@Suite struct AccessibleSVGCommandTests {
    static let csv = "Region,Revenue,Note\nNorth,410,\"a <b> & \"\"c\"\"\"\nSouth,\"4,067.5\",\nEast,1999,**bold**\n"

    static func xpath(_ expression: String, _ file: String, in dir: String) throws -> String {
        let run = try CLI.run(["--xpath", expression, file], in: dir, executable: "/usr/bin/xmllint")
        #expect(run.status == 0, "\(expression): \(run.stderr)")
        return run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func raster(_ svg: String, in dir: String) throws -> Data {
        let png = svg + ".png"
        let run = try CLI.run([svg, "-o", png], in: dir, executable: "/usr/bin/rsvg-convert")
        #expect(run.status == 0, "\(run.stderr)")
        return try Data(contentsOf: URL(fileURLWithPath: dir + "/" + png))
    }

    @Test func rolesTitleAndDescriptionAndTheSamePixelsUntagged() throws {
        let dir = try CLI.scratch("accessible-svg")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.csv.write(toFile: dir + "/t.csv", atomically: true, encoding: .utf8)
        #expect(try CLI.run(["render", "t.csv", "-o", "t.svg", "--title", "Sales & costs"], in: dir).status == 0)
        #expect(try CLI.run(["render", "t.csv", "-o", "u.svg", "--title", "Sales & costs", "--untagged"], in: dir).status == 0)
        let alt = try CLI.run(["render", "t.csv", "-o", "a.svg", "--alt", "--title", "Sales & costs"], in: dir)
        #expect(alt.status == 0, "\(alt.stderr)")
        #expect(try CLI.run(["--noout", "t.svg"], in: dir, executable: "/usr/bin/xmllint").status == 0)

        #expect(try Self.xpath("string(/*/@role)", "t.svg", in: dir) == "graphics-document document")
        #expect(try Self.xpath("string(/*/*[1][local-name()='title'])", "t.svg", in: dir) == "Sales & costs")
        #expect(try Self.xpath("string(/*/*[2][local-name()='desc'])", "t.svg", in: dir) == alt.stdout.trimmingCharacters(in: .newlines))
        #expect(try Self.xpath("count(//*[@role='row'])", "t.svg", in: dir) == "4")
        #expect(try Self.xpath("count(//*[@role='columnheader'])", "t.svg", in: dir) == "3")
        #expect(try Self.xpath("count(//*[@role='cell'])", "t.svg", in: dir) == "9")
        let labels = try Self.xpath("//*[@role='cell']/@aria-label", "t.svg", in: dir)
        #expect(labels.contains("aria-label=\"a &lt;b&gt; &amp; &quot;c&quot;\"") && labels.contains("aria-label=\"4,067.5\""))
        #expect(try Self.xpath("count(//*[@aria-hidden='true']//*[@role])", "t.svg", in: dir) == "0")

        let untagged = try String(contentsOfFile: dir + "/u.svg", encoding: .utf8)
        #expect(!untagged.contains("role=") && !untagged.contains("<title"))
        #expect(try Self.raster("t.svg", in: dir) == (try Self.raster("u.svg", in: dir)))
    }

    /// A paginated SVG: every page file is a table with its header row.
    @Test func everyPageIsATable() throws {
        let dir = try CLI.scratch("accessible-svg-pages")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let rows = (1...120).map { "row \($0),\($0 * 3)" }.joined(separator: "\n")
        try ("Name,Value\n" + rows + "\n").write(toFile: dir + "/t.csv", atomically: true, encoding: .utf8)
        let run = try CLI.run(["render", "t.csv", "-o", "p.svg", "--page", "300x200"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("p-") && $0.hasSuffix(".svg") }.sorted()
        #expect(pages.count > 1)
        var bodyRows = 0
        for page in pages {
            #expect(try Self.xpath("count(//*[@role='table'])", page, in: dir) == "1")
            #expect(try Self.xpath("string(//*[@role='row'][1]/@aria-rowindex)", page, in: dir) == "1")
            bodyRows += Int(try Self.xpath("count(//*[@role='row'])", page, in: dir))! - 1
        }
        #expect(bodyRows == 120)
    }
}
