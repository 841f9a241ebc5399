import Testing
@testable import GridDocument
import GridTestSupport

/// `LinkPolicy`: schemes found as browsers find them, generated over every disguise a hostile
/// table can give a scheme (case, leading C0 controls and spaces, tabs and line breaks inside,
/// odd characters before the colon); `linkSchemes` decoding; Markdown link URLs with
/// parentheses, as CommonMark reads them.
@Suite struct LinkPolicyTests {
    static let refusedSchemes = ["javascript", "data", "vbscript", "file", "jar", "blob", "c"]

    /// Every way of writing a scheme a browser still reads as that scheme.
    static func disguises(_ scheme: String) -> [String] {
        var out: [String] = [scheme, scheme.uppercased(), String(scheme.enumerated().map { $0.offset % 2 == 0 ? Character($0.element.uppercased()) : $0.element })]
        for v in 0...0x20 { out.append(String(Unicode.Scalar(UInt8(v))) + scheme) }
        out.append("  \t\n\u{0}\u{1F} " + scheme)
        for k in 1..<scheme.count {
            for inserted in ["\t", "\n", "\r", "\t\n\r"] {
                var s = scheme
                s.insert(contentsOf: inserted, at: s.index(s.startIndex, offsetBy: k))
                out.append(s)
            }
        }
        return out.map { $0 + ":alert(1)" }
    }

    @Test(arguments: refusedSchemes)
    func everyDisguiseOfARefusedSchemeIsRefused(_ scheme: String) {
        let policy = LinkPolicy()
        let accepted = Self.disguises(scheme).filter { policy.refusal($0) == nil }
        #expect(accepted.count == 0, "\(accepted.map(\.debugDescription))")
        for url in Self.disguises(scheme) where scheme.count > 1 {
            #expect(LinkPolicy.scheme(of: url) == .named(scheme), "\(url.debugDescription)")
        }
    }

    /// A colon after something that is no scheme is refused: a reader that skips the odd
    /// character, or decodes the percent sign, would see a scheme.
    @Test func malformedSchemesAreRefused() {
        let policy = LinkPolicy()
        var malformed: [String] = ["%6Aavascript:alert(1)", "java script:x", "ja\u{FEFF}vascript:x", "\u{FEFF}javascript:x",
                                   "1http://x", "+x:y", ".x:y", "a_b:c", "é:x", "java\\script:x", ":x"]
        for v in 0..<0x20 where ![0x09, 0x0A, 0x0D].contains(v) { malformed.append("java\(Unicode.Scalar(UInt8(v)))script:alert(1)") }
        malformed.append("java\u{7F}script:x")
        let accepted = malformed.filter { policy.refusal($0) == nil }
        #expect(accepted.count == 0, "\(accepted.map(\.debugDescription))")
        #expect(malformed.allSatisfy { LinkPolicy.scheme(of: $0) == .malformed })
    }

    @Test func defaultSchemesRelativeAndFragmentLinksAreWritten() {
        let policy = LinkPolicy()
        let written = ["https://example.com/a_(b)", "HTTP://EXAMPLE.COM", "  https://x", "ht\ttps://x", "mailto:a@b.c", "MailTo:a@b.c",
                       "#top", "#", "?q=javascript:x", "a/b.html", "./a:b", "../x", "/abs/path:with:colons", "//example.com/x",
                       "a/javascript:alert(1)", "x#javascript:y", "", "   ", "relative-no-colon", "日本/語"]
        let refused = written.filter { policy.refusal($0) != nil }
        #expect(refused.count == 0, "\(refused)")
    }

    @Test func moreSchemesAreAllowedByName() {
        let policy = LinkPolicy(allowing: ["FTP", "tel", "x-custom+v1.2"])
        #expect(policy.refusal("ftp://host/file") == nil)
        #expect(policy.refusal("\u{1}FtP://host") == nil)
        #expect(policy.refusal("tel:+123") == nil)
        #expect(policy.refusal("X-Custom+V1.2:thing") == nil)
        #expect(policy.refusal("javascript:x") != nil)
        #expect(policy.refusal("data:text/html,x") != nil)
        #expect(LinkPolicy(allowing: ["javascript"]).refusal("JavaScript:x") == nil)
    }

    @Test func schemeNamesAreChecked() {
        for good in ["a", "ftp", "x-y+z.1", "TEL"] { #expect(LinkPolicy.isSchemeName(good), "\(good)") }
        for bad in ["", "1a", "ftp:", "java script", "+x", "é", "a_b", "a/b", "a\u{0}"] { #expect(!LinkPolicy.isSchemeName(bad), "\(bad.debugDescription)") }
    }

    // MARK: linkSchemes

    @Test func linkSchemesDecodeLowerCased() throws {
        let d = try json(#"{"linkSchemes": ["FTP", "tel"], "data": {"rows": [["a"]]}}"#)
        #expect(d.linkSchemes == ["ftp", "tel"])
        let grid = try d.prepare()
        #expect(grid.linkPolicy.refusal("ftp://x") == nil)
        #expect(grid.linkPolicy.refusal("javascript:x") != nil)
        #expect(try json(#"{"data": {"rows": [["a"]]}}"#).prepare().linkPolicy == LinkPolicy())
    }

    @Test(arguments: [(#"["ftp", "java script"]"#, "linkSchemes[1]"), (#"["https:"]"#, "linkSchemes[0]"), (#""ftp""#, "linkSchemes"),
                      (#"[3]"#, "linkSchemes[0]"), (#"[""]"#, "linkSchemes[0]")])
    func badLinkSchemesNameTheKeyPath(_ value: String, _ keyPath: String) {
        let e = jsonError("{\n\"linkSchemes\": \(value)}")
        #expect(e?.keyPath == keyPath, "\(String(describing: e))")
        #expect(e?.line == 2)
    }

    // MARK: Markdown link URLs

    static func links(_ s: String) -> [String] {
        InlineMarkup.parse(s).spans.compactMap { if case .link(let url) = $0.kind { url } else { nil } }
    }

    @Test func markdownLinkURLsKeepBalancedParentheses() {
        #expect(Self.links("[x](https://e.com/a_(b))") == ["https://e.com/a_(b)"])
        #expect(Self.links("[x](https://e.com/a_(b)) after)") == ["https://e.com/a_(b)"])
        #expect(Self.links("[x](a((b))c) [y](d)") == ["a((b))c", "d"])
        #expect(Self.links("[x](a\\)b)") == ["a)b"])
        #expect(Self.links("[x](a\\(b)") == ["a(b"])
        #expect(Self.links("[x](a(b)") == [])
        #expect(Self.links("[x](https://e.com/) /S /JavaScript /JS (app.alert(1))") == ["https://e.com/"])
        #expect(Self.links("[x](a\u{1}b)") == [])
        #expect(InlineMarkup.parse("[x](https://e.com/a_(b))").text == "x")
    }

    /// The URL a CommonMark reader takes, by a direct scan (quadratic, for checking only):
    /// up to the `)` that balances, escapes skipped; nil at a space or control character.
    static func referenceURL(_ b: [UInt8], from start: Int) -> Int? {
        var depth = 0, i = start
        while i < b.count {
            let c = b[i]
            if c <= 0x20 || c == 0x7F { return nil }
            if c == 0x5C, i + 1 < b.count, (0x21...0x2F).contains(b[i + 1]) || (0x3A...0x40).contains(b[i + 1]) || (0x5B...0x60).contains(b[i + 1]) || (0x7B...0x7E).contains(b[i + 1]) { i += 2; continue }
            if c == 0x28 { depth += 1 }
            if c == 0x29 { if depth == 0 { return i }; depth -= 1 }
            i += 1
        }
        return nil
    }

    /// Generated texts over `[`, `]`, `(`, `)`, `\`, space and letters: the parser's links are
    /// the ones the direct scan finds (for a link right at the start).
    @Test func generatedDestinationsMatchADirectScan() {
        let alphabet: [UInt8] = Array("()\\ a)(".utf8)
        var rng = SplitMix(seed: 25)
        var mismatches: [String] = []
        for _ in 0..<3000 {
            let body = (0..<Int(rng.next() % 12)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            let text = Array("[t](".utf8) + body
            let end = Self.referenceURL(text, from: 4)
            let expected: [String] = end.flatMap { $0 > 4 ? [InlineMarkup.unescapedForTest(Array(text[4..<$0]))] : nil } ?? []
            let got = Self.links(String(decoding: text, as: UTF8.self))
            if got != expected { mismatches.append(String(decoding: text, as: UTF8.self)) }
        }
        #expect(mismatches.count == 0, "\(mismatches.prefix(5))")
    }

    /// Many link openings that never close, or close once at the very end, are parsed in one
    /// pass (a scan from every `](` would be quadratic): 200,000 of them are links or text.
    @Test func manyOpenLinksParseInOnePass() {
        let n = 50_000
        let open = String(repeating: "[a](()", count: n)
        #expect(Self.links(open).isEmpty)
        let closed = String(repeating: "[a](b)", count: n)
        #expect(Self.links(closed).count == n)
    }
}

extension InlineMarkup {
    /// A destination with backslash escapes taken out, as the parser's `url` does.
    static func unescapedForTest(_ b: [UInt8]) -> String {
        var out: [UInt8] = [], i = 0
        while i < b.count {
            if b[i] == 0x5C, i + 1 < b.count, (0x21...0x2F).contains(b[i + 1]) || (0x3A...0x40).contains(b[i + 1]) || (0x5B...0x60).contains(b[i + 1]) || (0x7B...0x7E).contains(b[i + 1]) { i += 1 }
            out.append(b[i]); i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
