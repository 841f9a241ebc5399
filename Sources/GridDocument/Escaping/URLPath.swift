/// A file path written as a link in HTML this project generates (the review pages' `href` and
/// `src`, the `<picture>` snippet's `srcset`): a relative or absolute URL that names exactly
/// that file. The result still goes through `XMLText.escaped` for the attribute.
package enum URLPath {
    /// `path`'s bytes percent-encoded (`PathBytes.percentEncoded`), and `,` too (a `srcset`
    /// separates candidates with it); `./` in front when the first segment holds a colon, so
    /// a file named `javascript:alert(1).png` is a relative path, not a scheme.
    package static func reference(_ path: String) -> String {
        var encoded = ""
        for c in PathBytes.percentEncoded(path) { if c == "," { encoded += "%2C" } else { encoded.append(c) } }
        let firstSegment = encoded.prefix { $0 != "/" }
        return firstSegment.contains(":") ? "./" + encoded : encoded
    }
}
