/// Text written into XML or HTML this project generates (SVG links, fontconfig configuration,
/// the CLI's `<picture>` snippet).
package enum XMLText {
    /// `s` with `& < > " '` as entities and the control characters XML 1.0 cannot hold removed,
    /// so it can stand in element content and in quoted attribute values.
    package static func escaped(_ s: String) -> String {
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
