import GridLayout

/// A link painted on the canvas: its URL and the rectangles of its text, in device coordinates.
struct LinkArea {
    var url: String
    var rects: [Rect]
}

/// Adds links to an SVG document. Cairo's SVG surface ignores its tag API, so after the
/// document is finished (and, when painted in layers, joined) each link becomes an `<a>`
/// element holding transparent rectangles over its text, placed last so that they are on top
/// and clickable. The URL is XML-escaped; the document stays well-formed.
enum SVGLinks {
    static func insert(_ areas: [LinkArea], into svg: [UInt8]) -> [UInt8] {
        guard !areas.isEmpty, let end = closingTag(in: svg) else { return svg }
        var links = ""
        for area in areas {
            let url = escaped(area.url)
            links += "<a xlink:href=\"\(url)\" href=\"\(url)\">"
            for r in area.rects {
                links += "<rect x=\"\(number(r.x))\" y=\"\(number(r.y))\" width=\"\(number(r.width))\" height=\"\(number(r.height))\" fill=\"#000\" fill-opacity=\"0\"/>"
            }
            links += "</a>\n"
        }
        var out = Array(svg[..<end])
        out += Array(links.utf8)
        out += svg[end...]
        return out
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

    static func escaped(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                // Characters XML 1.0 cannot hold at all are left out.
                if let v = c.unicodeScalars.first?.value, c.unicodeScalars.count == 1, v < 0x20, v != 0x09, v != 0x0A, v != 0x0D { continue }
                out.append(c)
            }
        }
        return out
    }
}
