import GridDocument
import GridLayout

/// A link painted on the canvas: its URL and the rectangles of its text, in device coordinates.
struct LinkArea {
    var url: String
    var rects: [Rect]
    /// The link's text as shown; the `<a>`'s accessible name (`SVGLinkName`).
    var text = ""
}

/// Adds links to an SVG document. Cairo's SVG surface ignores its tag API, so after the
/// document is finished (and, when painted in layers, joined) each link becomes an `<a>`
/// element holding transparent rectangles over its text, placed last so that they are on top
/// and clickable. The URL is XML-escaped; the document stays well-formed.
enum SVGLinks {
    /// Throws when the document has no `</svg>` (`CairoOutputPatch.svgLinks`): links are never
    /// dropped silently.
    static func insert(_ areas: [LinkArea], into svg: [UInt8]) throws -> [UInt8] {
        guard !areas.isEmpty else { return svg }
        guard let end = closingTag(in: svg) else {
            throw RenderError("SVG: the document has no </svg> to put its \(areas.count) links before (\(CairoOutputPatch.svgLinks.reliesOn))")
        }
        var out = Array(svg[..<end])
        out += elements(areas)
        out += svg[end...]
        return out
    }

    /// The `<a>` elements of `areas`, which go right before `</svg>` (a streamed SVG writes them
    /// itself before its end).
    static func elements(_ areas: [LinkArea]) -> [UInt8] {
        var links = ""
        for area in areas {
            let url = XMLText.escaped(area.url)
            links += "<a xlink:href=\"\(url)\" href=\"\(url)\" aria-label=\"\(XMLText.escaped(SVGLinkName.name(area)))\">"
            for r in area.rects {
                links += "<rect x=\"\(number(r.x))\" y=\"\(number(r.y))\" width=\"\(number(r.width))\" height=\"\(number(r.height))\" fill=\"#000\" fill-opacity=\"0\"/>"
            }
            links += "</a>\n"
        }
        return Array(links.utf8)
    }

    /// The index of the last `</svg>`.
    private static func closingTag(in svg: [UInt8]) -> Int? {
        let tag = Array("</svg>".utf8)
        var i = svg.count - tag.count
        while i >= 0 {
            if svg[i] == 0x3C && Array(svg[i..<i + tag.count]) == tag { return i }
            i -= 1
        }
        return nil
    }

    private static func number(_ v: Double) -> String {
        let r = (v * 1000).rounded() / 1000
        return r == r.rounded() ? String(Int(r)) : "\(r)"
    }

}
