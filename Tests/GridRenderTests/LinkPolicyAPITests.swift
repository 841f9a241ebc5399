import Foundation
import GridRender
import Testing

/// The link policy through the library API (`svgData`, `pdfData`): the same document as the
/// CLI gets the same links, the warning goes to the options' handler, and `linkSchemes` set in
/// code allows more.
@Suite struct LinkPolicyAPITests {
    final class Warnings: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return lines }
    }

    static let json = #"""
    {"styles": {"cell": {"markup": "markdown"}}, "columns": [{"key": "a"}, {"key": "b"}],
     "data": {"rows": [[{"text": "js", "link": " JavaScript:alert(1)"}, "[ok](https://example.com/a_(b)) [v](vbscript:x)"]]}}
    """#

    @Test func refusedLinksAreDroppedAndReportedOncePerCell() throws {
        let doc = try Document(decoding: Self.json)
        let warnings = Warnings()
        let options = Document.RenderOptions(warningHandler: { warnings.add($0) })
        let svg = String(decoding: try doc.svgData(options: options), as: UTF8.self)
        #expect(!svg.lowercased().contains("javascript") && !svg.contains("vbscript"))
        #expect(svg.contains("href=\"https://example.com/a_(b)\""))
        // One warning per text with a dropped link, in reading order.
        #expect(warnings.all.count == 2, "\(warnings.all)")
        #expect(warnings.all.first?.contains("row 1, column \"a\": link \" JavaScript:alert(1)\" dropped") == true, "\(warnings.all)")
        #expect(warnings.all.last?.contains("row 1, column \"b\": link \"vbscript:x\" dropped") == true, "\(warnings.all)")

        let pdf = String(decoding: try doc.pdfData(), as: UTF8.self)
        #expect(!pdf.lowercased().contains("javascript") && !pdf.contains("vbscript"))
    }

    @Test func linkSchemesSetInCodeAllowMore() throws {
        var doc = try Document(decoding: Self.json)
        doc.linkSchemes = ["VBScript"]
        let warnings = Warnings()
        let svg = String(decoding: try doc.svgData(options: Document.RenderOptions(warningHandler: { warnings.add($0) })), as: UTF8.self)
        #expect(svg.contains("href=\"vbscript:x\""))
        #expect(!svg.lowercased().contains("javascript"))
        #expect(warnings.all.count == 1, "\(warnings.all)")
    }
}
