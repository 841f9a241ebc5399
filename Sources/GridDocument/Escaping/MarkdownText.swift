/// Text written into Markdown this project generates (the `compare --markdown` summary for a CI
/// job page): a table cell or list item must stay one cell of one line and show the text as
/// written, whatever the file names hold.
package enum MarkdownText {
    /// `s` as literal inline text of one line, safe in a GFM table cell and after a list marker:
    /// Markdown punctuation is backslash-escaped (`|` included, so a cell never splits), `< > &`
    /// become entities (no raw HTML), line breaks become spaces and other control characters
    /// U+FFFD; a leading `-`, `+`, `=` or `1.` cannot start a list, heading or rule.
    package static func escaped(_ s: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(s.unicodeScalars.count)
        var atStart = true, digitsOnly = true
        for u in s.unicodeScalars {
            switch u {
            case "\\", "`", "*", "_", "[", "]", "|", "#", "~", "!", "$":
                out.unicodeScalars.append("\\"); out.unicodeScalars.append(u)
            case _ where (atStart && (u == "-" || u == "+" || u == "=")) || (u == "." && digitsOnly && !atStart):
                out.unicodeScalars.append("\\"); out.unicodeScalars.append(u)
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\n", "\r", "\t", "\u{2028}", "\u{2029}", "\u{85}": out += " "
            default:
                out.unicodeScalars.append(u.value < 0x20 || u.value == 0x7F ? "\u{FFFD}" : u)
            }
            digitsOnly = digitsOnly && ("0"..."9").contains(u)
            atStart = false
        }
        return out
    }

    /// `s` as an inline code span (shown literally, in a monospace font): fenced by one more
    /// backtick than its longest backtick run, padded with spaces when it starts or ends with a
    /// backtick; line breaks become spaces and other control characters U+FFFD. For a line of
    /// its own, not a table cell (there GFM would split the cell at a `|` even in code).
    package static func codeSpan(_ s: String) -> String {
        var body = ""
        var run = 0, longest = 0
        for u in s.unicodeScalars {
            run = u == "`" ? run + 1 : 0
            longest = max(longest, run)
            switch u {
            case "\n", "\r", "\t", "\u{2028}", "\u{2029}", "\u{85}": body += " "
            default: body.unicodeScalars.append(u.value < 0x20 || u.value == 0x7F ? "\u{FFFD}" : u)
            }
        }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = body.hasPrefix("`") || body.hasSuffix("`") || body.isEmpty ? " " : ""
        return fence + pad + body + pad + fence
    }
}
