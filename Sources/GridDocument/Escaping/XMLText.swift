/// Text written into XML or HTML this project generates: SVG links, fontconfig configuration,
/// JUnit reports, HTML review pages, the CLI's `<picture>` snippet. Every such string goes
/// through `escaped`, so no input can end an attribute, open an element or make the file
/// ill-formed.
package enum XMLText {
    /// `s` safe in element content and in single- or double-quoted attribute values.
    ///
    /// - `& < > " '` become entities; tab, newline and carriage return become character
    ///   references, so attribute-value normalization keeps them.
    /// - Every Unicode scalar XML 1.0 does not allow (C0 controls other than those three,
    ///   U+FFFE, U+FFFF) is *replaced* by U+FFFD, never dropped: dropping would join what it
    ///   separated (`java\u{1}script:` would become `javascript:`).
    package static func escaped(_ s: String) -> String {
        // Most text has nothing to escape (0xEF leads U+FFFE and U+FFFF in UTF-8).
        guard s.utf8.contains(where: { $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || $0 == 0xEF })
        else { return s }
        var out = ""
        out.unicodeScalars.reserveCapacity(s.unicodeScalars.count)
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"   // HTML 4 has no &apos;
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(allowed(u) ? u : "\u{FFFD}")
            }
        }
        return out
    }

    /// XML 1.0's `Char`: `#x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]`
    /// (a Swift scalar is never a surrogate).
    static func allowed(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x09, 0x0A, 0x0D, 0x20...0xFFFD, 0x10000...: true
        default: false
        }
    }
}
