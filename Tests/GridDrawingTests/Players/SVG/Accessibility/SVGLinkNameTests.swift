import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GridDocument
import Testing
@testable import GridDrawing

/// SVG links have an accessible name (`SVGLinkName`): `<a aria-label>` is the link's text as
/// shown (white space made single spaces), or its URL when the text is blank, escaped by
/// `XMLText.escaped`; read back by XMLParser, which undoes the escaping.
@Suite struct SVGLinkNameTests {
    /// The `href` and `aria-label` of every `<a>` in a document, as an XML parser reads them.
    final class LinkReader: NSObject, XMLParserDelegate {
        private(set) var links: [(href: String, label: String?)] = []
        private(set) var failed = false

        init(_ bytes: [UInt8]) {
            super.init()
            let parser = XMLParser(data: Data(bytes))
            parser.delegate = self
            failed = !parser.parse()
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if name == "a" { links.append((attributes["href"] ?? "", attributes["aria-label"])) }
        }
    }

    static func svg(json: String) throws -> [UInt8] {
        try SVGAccessibilityTests.svg(try Document.decode(json: Array(json.utf8)).prepare())
    }

    @Test func fixtureLinksAreNamedByTheirText() throws {
        let (_, grid) = try SVGAccessibilityTests.fixture("markup-links")
        let reader = LinkReader(try SVGAccessibilityTests.svg(grid))
        #expect(!reader.failed)
        #expect(reader.links.map { "\($0.label ?? "-") -> \($0.href)" } == [
            "links -> https://example.com/gridrender",
            "the format -> https://example.com/docs?a=1&b=2",
            "A whole cell link -> https://example.org/o'brien",
        ])
    }

    /// Links whose text holds what XML must escape, line breaks, controls and non-Latin
    /// scripts, in Markdown and whole-cell form, wrapped in narrow columns: each `<a>`'s name is
    /// its text with white space made single spaces (controls as U+FFFD), in the cells' order.
    @Test func generatedLinkTextsAreTheirNames() throws {
        let pieces = ["a", "<b>", "&amp;", "\"q\"", "'s", "x > y", "東京", "שלום", "Zürich", "tab\there", "line\nbreak"]
        var state: UInt64 = 30
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        for round in 0..<6 {
            var rows: [Any] = [], expected: [String] = []
            for k in 0..<8 {
                let text = (0...next(3)).map { _ in pieces[next(pieces.count)] }.joined(separator: " ")
                let url = "https://example.com/\(round)/\(k)?a=<1>&b='2'"
                rows.append([["text": text, "link": url]])
                expected.append(text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ") + " -> " + url)
            }
            let data = try JSONSerialization.data(withJSONObject: ["columns": [["key": "a", "width": 60 + 40 * next(3)]],
                                                                   "styles": ["cell": ["wrap": true]], "data": ["rows": rows]])
            let svg = try SVGAccessibilityTests.svg(try Document.decode(json: Array(data)).prepare())
            #expect(try SVGAccessibilityTests.xmllintClean(svg))
            let reader = LinkReader(svg)
            #expect(!reader.failed)
            #expect(reader.links.map { "\($0.label ?? "-") -> \($0.href)" } == expected)
        }
    }

    /// A link whose shown text is blank is named by its URL; the escaper is the project's one.
    @Test func blankTextIsNamedByTheURL() throws {
        let svg = try Self.svg(json: #"{"columns":[{"key":"a"}],"data":{"rows":[[{"text":" ","link":"https://example.com/a?b=1&c=<2>"}]]}}"#)
        let reader = LinkReader(svg)
        #expect(reader.links.count == 1 && reader.links.first?.label == "https://example.com/a?b=1&c=<2>")
        let area = LinkArea(url: "u", rects: [], text: "\"<x>\"\n\u{1}")
        let element = String(decoding: SVGLinks.elements([area]), as: UTF8.self)
        #expect(element.contains(" aria-label=\"\(XMLText.escaped(SVGLinkName.name(area)))\""))
        #expect(SVGLinkName.name(area) == "\"<x>\" \u{1}" && SVGLinkName.name(LinkArea(url: "u", rects: [], text: " \n ")) == "u")
    }
}
