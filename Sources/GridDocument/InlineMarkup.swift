/// How a cell's text is read: as written, or with inline Markdown (style key `markup`).
public enum MarkupMode: String, Sendable, Hashable, CaseIterable {
    /// Every character is shown as written.
    case none
    /// `**bold**`, `*italic*` / `_italic_`, `` `code` ``, `~~strike~~`, `[text](url)` and
    /// backslash escapes (`\*` is a literal asterisk).
    case markdown
}

/// A text with inline Markdown taken out: the text to show and the styled ranges in it.
///
/// The parser is this project's own, a small subset of CommonMark's inline rules chosen for
/// table cells, in time linear in the text:
/// - a backslash before ASCII punctuation makes it literal;
/// - a code span is a run of n backticks up to the next run of exactly n; its content is
///   literal (no escapes, no emphasis), one space on each side is dropped when both are there;
/// - `[text](url)` is a link when `]` is followed at once by `(` and a URL without spaces or
///   control characters up to the `)` that balances it: as in CommonMark, the URL may hold
///   balanced parentheses (`https://e.com/a_(b)`) and backslash-escaped ones (`\)`); the text
///   may hold emphasis and code but no other link;
/// - `*`, `_` and `~~` follow CommonMark's flanking rules (`*a*` opens after a non-space;
///   `_` does not open or close inside a word, so `snake_case_name` stays as written); a
///   double delimiter makes bold (`~~` strike), a single one italic. Unmatched delimiters
///   stay literal.
/// Nothing else is interpreted: `<b>`, `&amp;` and HTML stay as typed.
package struct InlineMarkup: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        case bold, italic, code, strike
        case link(String)
    }

    /// A styled range, in UTF-8 bytes of `text`.
    package struct Span: Sendable, Hashable {
        package var kind: Kind
        package var range: Range<Int>
        package init(_ kind: Kind, _ range: Range<Int>) { self.kind = kind; self.range = range }
    }

    package var text: String
    package var spans: [Span]

    package init(text: String, spans: [Span] = []) { self.text = text; self.spans = spans }

    /// Whether `text` has a character that markup could act on; when not, `parse` would give
    /// back the text unchanged with no spans.
    package static func mayContainMarkup(_ text: String) -> Bool {
        text.utf8.contains { $0 == 0x2A || $0 == 0x5F || $0 == 0x60 || $0 == 0x7E || $0 == 0x5B || $0 == 0x5C }
    }

    /// Parses inline Markdown.
    package static func parse(_ source: String) -> InlineMarkup {
        guard mayContainMarkup(source) else { return InlineMarkup(text: source) }
        let bytes = Array(source.utf8)
        var parser = Parser(bytes)
        var out = Output()
        parser.inline(0..<bytes.count, allowLinks: true, into: &out)
        return InlineMarkup(text: String(decoding: out.bytes, as: UTF8.self),
                            spans: out.spans.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) })
    }
}

private struct Output {
    var bytes: [UInt8] = []
    var spans: [InlineMarkup.Span] = []
}

/// One pass over the bytes with precomputed tables, so every lookup is O(1) or O(log n).
private struct Parser {
    let b: [UInt8]
    /// For each `[`, the index of its matching `]` (escapes and code spans not counted), else -1.
    var closeBracket: [Int]
    /// For each index, the `)` that ends a link URL starting there (the first unescaped `)` that
    /// balances the unescaped parentheses from there on), or `b.count`; empty when no `](` is
    /// in the text (then no URL is ever looked up).
    var closeParen: [Int]
    /// For each index, the next space or ASCII control character at or after it, or `b.count`.
    var nextSpace: [Int]
    /// Start indices of backtick runs by run length.
    var backtickRuns: [Int: [Int]] = [:]

    init(_ bytes: [UInt8]) {
        b = bytes
        let n = bytes.count
        closeBracket = Array(repeating: -1, count: n)
        closeParen = zip(bytes, bytes.dropFirst()).contains { $0 == 0x5D && $1 == 0x28 } ? Parser.closingParentheses(bytes) : []
        nextSpace = Array(repeating: n, count: n + 1)
        var i = n - 1
        while i >= 0 {
            nextSpace[i] = bytes[i] <= 0x20 || bytes[i] == 0x7F ? i : nextSpace[i + 1]
            i -= 1
        }
        var stack: [Int] = []
        i = 0
        while i < n {
            let c = bytes[i]
            if c == 0x5C, i + 1 < n, Parser.isPunct(bytes[i + 1]) { i += 2; continue }
            if c == 0x60 {
                var j = i
                while j < n && bytes[j] == 0x60 { j += 1 }
                backtickRuns[j - i, default: []].append(i)
                i = j; continue
            }
            if c == 0x5B { stack.append(i) } else if c == 0x5D, let open = stack.popLast() { closeBracket[open] = i }
            i += 1
        }
    }

    /// `closeParen` in two passes, linear: the paren level before each byte (unescaped `(` up,
    /// `)` down), then backwards the nearest `)` at each level. A URL starting at `s` ends at
    /// the first `)` whose level before it equals the level at `s`.
    static func closingParentheses(_ b: [UInt8]) -> [Int] {
        let n = b.count
        var level = [Int](repeating: 0, count: n + 1)
        var escaped = [Bool](repeating: false, count: n)
        var low = 0, high = 0, i = 0
        while i < n {
            if b[i] == 0x5C, i + 1 < n, isPunct(b[i + 1]) {
                escaped[i + 1] = true
                level[i + 1] = level[i]; level[i + 2] = level[i]
                i += 2; continue
            }
            level[i + 1] = level[i] + (b[i] == 0x28 ? 1 : b[i] == 0x29 ? -1 : 0)
            low = Swift.min(low, level[i + 1]); high = Swift.max(high, level[i + 1])
            i += 1
        }
        var nearest = [Int](repeating: n, count: high - low + 1)
        var close = [Int](repeating: n, count: n + 1)
        i = n - 1
        while i >= 0 {
            if b[i] == 0x29 && !escaped[i] { nearest[level[i] - low] = i }
            close[i] = nearest[level[i] - low]
            i -= 1
        }
        return close
    }

    /// A link URL as written between the parentheses, with backslash escapes taken out.
    func url(_ range: Range<Int>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var i = range.lowerBound
        while i < range.upperBound {
            if b[i] == 0x5C, i + 1 < range.upperBound, Parser.isPunct(b[i + 1]) { i += 1 }
            out.append(b[i]); i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
    static func isPunct(_ c: UInt8) -> Bool {
        (0x21...0x2F).contains(c) || (0x3A...0x40).contains(c) || (0x5B...0x60).contains(c) || (0x7B...0x7E).contains(c)
    }
    static func isAlnum(_ c: UInt8) -> Bool { (0x30...0x39).contains(c) || (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) || c >= 0x80 }

    /// The end of the backtick run of exactly `length` that starts after `index`, or nil.
    func closingRun(length: Int, after index: Int, limit: Int) -> Int? {
        guard let runs = backtickRuns[length] else { return nil }
        var lo = 0, hi = runs.count
        while lo < hi { let mid = (lo + hi) / 2; if runs[mid] <= index { lo = mid + 1 } else { hi = mid } }
        guard lo < runs.count, runs[lo] + length <= limit else { return nil }
        return runs[lo]
    }

    /// A delimiter run waiting for its partner.
    struct Delimiter {
        var char: UInt8
        /// Where the run's literal characters are in the output, and how many are left.
        var outStart: Int
        var count: Int
        var canOpen: Bool
        var canClose: Bool
    }

    mutating func inline(_ range: Range<Int>, allowLinks: Bool, into out: inout Output) {
        var stacks: [UInt8: [Int]] = [:]   // open delimiters by character, indices into `delimiters`
        var delimiters: [Delimiter] = []
        /// Output positions of literal delimiter characters consumed by a match, to remove later.
        var removed: [Range<Int>] = []
        var i = range.lowerBound
        let end = range.upperBound
        while i < end {
            let c = b[i]
            switch c {
            case 0x5C where i + 1 < end && Parser.isPunct(b[i + 1]):
                out.bytes.append(b[i + 1]); i += 2
            case 0x60:
                var j = i
                while j < end && b[j] == 0x60 { j += 1 }
                let length = j - i
                if let close = closingRun(length: length, after: i, limit: end) {
                    var content = j..<close
                    if content.count >= 2, b[content.lowerBound] == 0x20, b[content.upperBound - 1] == 0x20,
                       b[content].contains(where: { $0 != 0x20 }) {
                        content = content.lowerBound + 1..<content.upperBound - 1
                    }
                    let start = out.bytes.count
                    out.bytes.append(contentsOf: b[content])
                    out.spans.append(.init(.code, start..<out.bytes.count))
                    i = close + length
                } else {
                    out.bytes.append(contentsOf: b[i..<j]); i = j
                }
            case 0x5B where allowLinks:
                let close = closeBracket[i]
                if close > i, close < end, close + 1 < end, b[close + 1] == 0x28 {
                    let urlStart = close + 2
                    let paren = closeParen[urlStart]
                    if paren < end, nextSpace[urlStart] >= paren, paren > urlStart {
                        let url = self.url(urlStart..<paren)
                        let start = out.bytes.count
                        inline(i + 1..<close, allowLinks: false, into: &out)
                        out.spans.append(.init(.link(url), start..<out.bytes.count))
                        i = paren + 1
                        continue
                    }
                }
                out.bytes.append(c); i += 1
            case 0x2A, 0x5F, 0x7E:
                var j = i
                while j < end && b[j] == c { j += 1 }
                let before: UInt8 = i > range.lowerBound ? b[i - 1] : 0x20
                let after: UInt8 = j < end ? b[j] : 0x20
                let leftFlanking = !Parser.isSpace(after) && (!Parser.isPunct(after) || Parser.isSpace(before) || Parser.isPunct(before))
                let rightFlanking = !Parser.isSpace(before) && (!Parser.isPunct(before) || Parser.isSpace(after) || Parser.isPunct(after))
                var canOpen = leftFlanking, canClose = rightFlanking
                if c == 0x5F {
                    canOpen = leftFlanking && (!rightFlanking || Parser.isPunct(before))
                    canClose = rightFlanking && (!leftFlanking || Parser.isPunct(after))
                }
                if c == 0x7E && j - i != 2 { canOpen = false; canClose = false }
                var run = Delimiter(char: c, outStart: out.bytes.count, count: j - i, canOpen: canOpen, canClose: canClose)
                out.bytes.append(contentsOf: b[i..<j])
                if canClose {
                    while run.count > 0, var stack = stacks[c], let top = stack.last {
                        var opener = delimiters[top]
                        let n = c == 0x7E ? 2 : (run.count >= 2 && opener.count >= 2 ? 2 : 1)
                        // The opener's last n characters and the closer's first n go.
                        let openEnd = opener.outStart + opener.count
                        removed.append(openEnd - n..<openEnd)
                        removed.append(run.outStart..<run.outStart + n)
                        let kind: InlineMarkup.Kind = c == 0x7E ? .strike : (n == 2 ? .bold : .italic)
                        out.spans.append(.init(kind, openEnd..<run.outStart))
                        opener.count -= n
                        run.outStart += n
                        run.count -= n
                        delimiters[top] = opener
                        if opener.count == 0 { stack.removeLast() }
                        stacks[c] = stack
                    }
                }
                if run.count > 0 && canOpen {
                    delimiters.append(run)
                    stacks[c, default: []].append(delimiters.count - 1)
                }
                i = j
            default:
                out.bytes.append(c); i += 1
            }
        }
        guard !removed.isEmpty else { return }
        // Take out the consumed delimiter characters and move the spans' offsets with them.
        removed.sort { $0.lowerBound < $1.lowerBound }
        let base = removed[0].lowerBound
        var kept: [UInt8] = []
        kept.reserveCapacity(out.bytes.count - base)
        var cursor = base
        for r in removed {
            if r.lowerBound > cursor { kept.append(contentsOf: out.bytes[cursor..<r.lowerBound]) }
            cursor = max(cursor, r.upperBound)
        }
        if cursor < out.bytes.count { kept.append(contentsOf: out.bytes[cursor...]) }
        out.bytes.replaceSubrange(base..., with: kept)
        var prefix = [0]
        prefix.reserveCapacity(removed.count + 1)
        for r in removed { prefix.append(prefix[prefix.count - 1] + r.count) }
        /// The output position `p` moves left by the removed bytes before it (`removed` is
        /// sorted and disjoint: binary search for the ranges ending at or before `p`).
        func shifted(_ p: Int) -> Int {
            var lo = 0, hi = removed.count
            while lo < hi { let mid = (lo + hi) / 2; if removed[mid].upperBound <= p { lo = mid + 1 } else { hi = mid } }
            return p - prefix[lo]
        }
        for k in out.spans.indices where out.spans[k].range.upperBound > base {
            let r = out.spans[k].range
            out.spans[k].range = shifted(r.lowerBound)..<max(shifted(r.lowerBound), shifted(r.upperBound))
        }
        out.spans.removeAll { $0.range.isEmpty }
    }
}
