/// Which link URLs a render writes (to SVG and PDF; PNG shows them as plain text too). A table
/// from an untrusted source must not put `javascript:`, `data:`, `vbscript:` or `file:` links
/// into an SVG that is inlined in a web page, or a PDF. By default only `http`, `https`,
/// `mailto`, relative and `#fragment` links are written; document key `linkSchemes` and
/// `--allow-link-scheme` add schemes. The drawing module drops every other link at the one
/// place all links (cell `link` keys and Markdown `[text](url)`) become styled text.
public struct LinkPolicy: Sendable, Hashable {
    /// Allowed without being named.
    public static let defaultSchemes = ["http", "https", "mailto"]

    /// The allowed schemes, lower case.
    public private(set) var schemes: Set<String>

    /// The default schemes and `extra` (any case).
    public init(allowing extra: [String] = []) {
        schemes = Set((LinkPolicy.defaultSchemes + extra).map { $0.lowercased() })
    }

    /// What a URL's scheme is, read as a browser reads it.
    package enum Scheme: Equatable {
        /// No scheme: a relative reference (`a/b.html`, `//host/x`, `#top`, `?q=1`).
        case relative
        /// `javascript`, lower case.
        case named(String)
        /// A colon ends a first segment that is no scheme (`java\u{1}script:`, `%6Aava:`, `a b:`).
        case malformed
    }

    /// The scheme of `url` as browsers find it (WHATWG URL): leading and trailing C0 controls
    /// and spaces are ignored, tabs and line breaks anywhere are removed, case does not
    /// matter. A colon before any `/`, `?` or `#` must end a valid scheme (a letter, then
    /// letters, digits, `+`, `-`, `.`); anything else there is `malformed` rather than
    /// relative, since RFC 3986 allows no colon in a relative reference's first segment
    /// and a reader that skips the odd character would see a scheme.
    package static func scheme(of url: String) -> Scheme {
        // The name is kept, lower case, only while it can still be a scheme name.
        var name = String.UnicodeScalarView()
        var valid = true, started = false
        for u in url.unicodeScalars {
            if !started && u.value <= 0x20 { continue }
            if u == "\t" || u == "\n" || u == "\r" { continue }
            switch u {
            case ":": return valid && started ? .named(String(name)) : .malformed
            case "/", "?", "#": return .relative
            default:
                valid = valid && u.isASCII && (u.properties.isAlphabetic || (started && (("0"..."9").contains(u) || u == "+" || u == "-" || u == ".")))
                if valid { name.append(u.properties.isUppercase ? Unicode.Scalar(u.value + 0x20)! : u) }
                started = true
            }
        }
        return .relative
    }

    /// Why `url` is not written, or nil when it is.
    package func refusal(_ url: String) -> String? {
        switch LinkPolicy.scheme(of: url) {
        case .relative: return nil
        case .named(let s): return schemes.contains(s) ? nil : "scheme \"\(Echo.short(s, limit: 32))\" is not allowed"
        case .malformed: return "it has a colon after no valid scheme"
        }
    }

    /// Whether `name` is a scheme name: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    package static func isSchemeName(_ name: String) -> Bool { isSchemeName(Array(name.unicodeScalars)) }

    static func isSchemeName(_ name: [Unicode.Scalar]) -> Bool {
        guard let first = name.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return name.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == ".") }
    }

    /// `allowed: http, https, mailto (and relative and #fragment links)`, for messages.
    public var allowedDescription: String {
        "allowed: " + schemes.sorted().joined(separator: ", ") + ", relative and #fragment links"
    }
}
