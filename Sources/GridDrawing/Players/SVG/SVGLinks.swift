import GridDocument
import GridLayout

/// A link painted on the canvas: its URL and the rectangles of its text, in device coordinates.
struct LinkArea {
    var url: String
    var rects: [Rect]
    /// The link's text as shown; the `<a>`'s accessible name (`SVGLinkName`).
    var text = ""
}

/// The links of an SVG document. Each link becomes an `<a>` element holding transparent
/// rectangles over its text, placed last (after the drawing) so that they are on top and
/// clickable. The URL is XML-escaped; the document stays well-formed.
enum SVGLinks {
    /// The `<a>` elements of `areas`, which go right before `</svg>`.
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

    private static func number(_ v: Double) -> String {
        let r = (v * 1000).rounded() / 1000
        return r == r.rounded() ? String(Int(r)) : "\(r)"
    }

}
