import Testing
@testable import GridDocument

/// Inline markup of many spans (issue 25 item 7): the spans produced for thousands of styled
/// runs are each in place, and long runs of unmatched or nested markers (the classic delimiter
/// stack cases) come out as CommonMark reads them. The parser is linear; timings are in the
/// benchmark script (scripts/bench-linear-text.py), not here.
@Suite struct InlineMarkupManySpansTests {
    /// `count` repeats of one marked piece: every span covers exactly its piece's text.
    @Test(arguments: [("*a* ", InlineMarkup.Kind.italic, "a "), ("**bo** ", .bold, "bo "), ("`c` ", .code, "c "),
                      ("~~s~~ ", .strike, "s "), ("_u_ ", .italic, "u "), ("[l](https://e.com/(x)) ", .link("https://e.com/(x)"), "l ")])
    func repeatedSpansAreEachInPlace(piece: String, kind: InlineMarkup.Kind, shown: String) {
        for count in [1, 10, 1_000, 20_000] {
            let parsed = InlineMarkup.parse(String(repeating: piece, count: count))
            #expect(parsed.text == String(repeating: shown, count: count))
            #expect(parsed.spans.count == count)
            let step = shown.utf8.count, length = step - 1
            let misplaced = parsed.spans.enumerated().filter { i, span in
                span.kind != kind || span.range != i * step..<i * step + length
            }
            #expect(misplaced.isEmpty, "\(piece) × \(count): \(misplaced.prefix(3))")
        }
    }

    /// Unmatched runs stay literal, whatever their length and mix (a marker then a space never
    /// opens; backticks pair whatever follows, so one run of them stands alone here).
    @Test(arguments: ["*", "_", "**", "[", "~", "*_", "[*", "_*", "~~"])
    func unmatchedMarkersStayLiteral(marker: String) {
        for count in [1, 100, 20_000] {
            let source = String(repeating: marker + " ", count: count)
            let parsed = InlineMarkup.parse(source)
            #expect(parsed.text == source)
            #expect(parsed.spans.count == 0)
        }
        let ticks = "a " + String(repeating: "`", count: 20_000) + " b"
        #expect(InlineMarkup.parse(ticks).text == ticks)
        #expect(InlineMarkup.parse(ticks).spans.count == 0)
    }

    /// Openers with no closer, then closers: `*` × n then `a` then `*` × n pairs up inside out.
    @Test func nestedOpenersPairFromTheInside() {
        for n in [1, 2, 3, 10, 1_001] {
            let parsed = InlineMarkup.parse(String(repeating: "*", count: n) + "a" + String(repeating: "*", count: n))
            #expect(parsed.text == "a", "n = \(n)")
            #expect(parsed.spans.count == n / 2 + n % 2)
            #expect(parsed.spans.allSatisfy { $0.range == 0..<1 })
        }
        // Many openers that never close, one closer at the end.
        let source = String(repeating: "*a ", count: 20_000) + "b*"
        let parsed = InlineMarkup.parse(source)
        #expect(parsed.spans.count == 1)
        #expect(parsed.text.utf8.count == source.utf8.count - 2)
    }
}
