import GridDocument
import Testing

@Suite struct InlineMarkupTests {
    /// The shown text and each span as (kind, shown substring).
    func parsed(_ source: String) -> (String, [String]) {
        let m = InlineMarkup.parse(source)
        let bytes = Array(m.text.utf8)
        let spans = m.spans.map { span -> String in
            let part = String(decoding: bytes[span.range], as: UTF8.self)
            switch span.kind {
            case .bold: return "bold:" + part
            case .italic: return "italic:" + part
            case .code: return "code:" + part
            case .strike: return "strike:" + part
            case .link(let url): return "link(\(url)):" + part
            }
        }
        return (m.text, spans)
    }

    @Test func emphasisCodeStrikeAndLinks() {
        #expect(parsed("**bold** and *it* and _it_") == ("bold and it and it", ["bold:bold", "italic:it", "italic:it"]))
        #expect(parsed("`a * b` ~~old~~") == ("a * b old", ["code:a * b", "strike:old"]))
        #expect(parsed("see [the docs](https://example.com/a_b?x=1) now") ==
                ("see the docs now", ["link(https://example.com/a_b?x=1):the docs"]))
        #expect(parsed("[**bold** link](u)") == ("bold link", ["bold:bold", "link(u):bold link"]))
        #expect(parsed("***both***").0 == "both")
        #expect(parsed("``a ` b``") == ("a ` b", ["code:a ` b"]))
        #expect(parsed("` x `") == ("x", ["code:x"]))
    }

    @Test func whatIsNotMarkupStaysAsWritten() {
        for literal in ["snake_case_name", "2 * 3 * 4", "a ** b", "[not a link] (x)", "[x](has space)", "<b>&amp;</b>",
                        "unclosed `code", "**unclosed", "~single~", "a_b_", "[a](", "plain"] {
            #expect(parsed(literal) == (literal, []), "\(literal)")
        }
    }

    @Test func backslashEscapes() {
        #expect(parsed(#"\*not italic\* \[x\](y) \` \\"#) == (#"*not italic* [x](y) ` \"#, []))
        #expect(parsed(#"a\b"#) == (#"a\b"#, []))   // not before punctuation: kept
    }

    @Test func spansCountUTF8Bytes() {
        #expect(parsed("Zürich **Kraków** 東京") == ("Zürich Kraków 東京", ["bold:Kraków"]))
        #expect(parsed("[日本](https://例え.jp)") == ("日本", ["link(https://例え.jp):日本"]))
    }

    @Test func plainTextIsNotCopied() {
        #expect(!InlineMarkup.mayContainMarkup("Hello, world 123"))
        #expect(InlineMarkup.mayContainMarkup("a_b"))
    }

    @Test func pathologicalInputStaysLinear() {
        // Many openers without closers: each table lookup is O(1) or O(log n).
        let text = String(repeating: "[`*_", count: 20_000) + String(repeating: "[a](", count: 20_000)
        let shown = InlineMarkup.parse(text).text.utf8.count
        #expect(shown > 0 && shown <= text.utf8.count)
    }
}
