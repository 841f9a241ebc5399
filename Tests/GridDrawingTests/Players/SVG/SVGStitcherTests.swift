import Testing
@testable import GridDrawing

/// Joining Cairo's SVG documents of one canvas's layers (`SVGStitcher`).
@Suite struct SVGStitcherTests {
    static let header = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        + #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10px" height="10px" viewBox="0 0 10 10" version="1.1">"# + "\n"

    static func document(symbols: [(String, String)] = [], defs: String = "", surface: Int, body: String) -> [UInt8] {
        var s = header
        if !symbols.isEmpty || !defs.isEmpty {
            s += "<defs>\n"
            if !symbols.isEmpty {
                s += "<g>\n"
                for (id, d) in symbols {
                    s += "<symbol overflow=\"visible\" id=\"\(id)\">\n<path style=\"stroke:none;\" d=\"\(d)\"/>\n</symbol>\n"
                }
                s += "</g>\n"
            }
            s += defs + "</defs>\n"
        }
        s += "<g id=\"surface\(surface)\">\n" + body + "</g>\n</svg>\n"
        return Array(s.utf8)
    }

    static let page = #"<rect x="0" y="0" width="10" height="10" style="fill:rgb(100%,100%,100%);fill-opacity:1;stroke:none;"/>"# + "\n"

    @Test func joinsLayersDefiningEachGlyphOnce() throws {
        let cells = Self.document(surface: 7, body: "<path d=\"M 0 0\"/>\n")
        let a = Self.document(symbols: [("glyph0-1", "M 1 1"), ("glyph0-2", "M 2 2")], surface: 8,
                              body: Self.page + "<use xlink:href=\"#glyph0-1\" x=\"1\"/>\n<use xlink:href=\"#glyph0-2\" x=\"2\"/>\n")
        let b = Self.document(symbols: [("glyph0-1", "M 2 2"), ("glyph0-2", "M 3 3")],
                              defs: "<clipPath id=\"clip4\">\n<path d=\"M 0 0\"/>\n</clipPath>\n", surface: 9,
                              body: Self.page + "<g clip-path=\"url(#clip4)\">\n<use xlink:href=\"#glyph0-1\" x=\"3\"/>\n</g>\n<use xlink:href=\"#glyph0-2\" x=\"4\"/>\n")
        let joined = try #require(SVGStitcher.join([cells, a, b], dropsPage: [false, true, true]))
        let text = String(decoding: joined, as: UTF8.self)
        let expected = Self.header + "<defs>\n<g>\n"
            + "<symbol overflow=\"visible\" id=\"glyph0\">\n<path style=\"stroke:none;\" d=\"M 1 1\"/>\n</symbol>\n"
            + "<symbol overflow=\"visible\" id=\"glyph1\">\n<path style=\"stroke:none;\" d=\"M 2 2\"/>\n</symbol>\n"
            + "<symbol overflow=\"visible\" id=\"glyph2\">\n<path style=\"stroke:none;\" d=\"M 3 3\"/>\n</symbol>\n"
            + "</g>\n<clipPath id=\"clip0\">\n<path d=\"M 0 0\"/>\n</clipPath>\n</defs>\n"
            + "<g id=\"surface0\">\n<path d=\"M 0 0\"/>\n"
            + "<use xlink:href=\"#glyph0\" x=\"1\"/>\n<use xlink:href=\"#glyph1\" x=\"2\"/>\n"
            + "<g clip-path=\"url(#clip0)\">\n<use xlink:href=\"#glyph1\" x=\"3\"/>\n</g>\n<use xlink:href=\"#glyph2\" x=\"4\"/>\n"
            + "</g>\n</svg>\n"
        #expect(text == expected)
    }

    @Test func refusesDocumentsNotShapedAsCairoWritesThem() {
        let good = Self.document(surface: 1, body: "")
        #expect(SVGStitcher.join([good, Array("<svg/>".utf8)], dropsPage: [false, false]) == nil)
        #expect(SVGStitcher.join([good, Array((String(decoding: good, as: UTF8.self) + "x").utf8)], dropsPage: [false, false]) == nil)
        // A layer said to start with a page paint must start with one.
        #expect(SVGStitcher.join([good, Self.document(surface: 2, body: "<path d=\"M 0 0\"/>\n")], dropsPage: [false, true]) == nil)
        #expect(SVGStitcher.join([], dropsPage: []) == nil)
        #expect(SVGStitcher.join([good], dropsPage: []) == nil)
    }

    @Test func documentsWithoutDefinitionsJoinWithoutDefs() throws {
        let joined = try #require(SVGStitcher.join([Self.document(surface: 3, body: "<path d=\"M 1 1\"/>\n"),
                                                    Self.document(surface: 4, body: Self.page)], dropsPage: [false, true]))
        #expect(String(decoding: joined, as: UTF8.self) == Self.header + "<g id=\"surface0\">\n<path d=\"M 1 1\"/>\n</g>\n</svg>\n")
    }
}
