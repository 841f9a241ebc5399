/// Text written into a cell read as inline Markdown (`markup: "markdown"`, `InlineMarkup`) that
/// must show as written: every ASCII punctuation character the parser acts on gets a backslash,
/// which makes it literal. Used where the project composes markup around data (`gridrender
/// diff`'s struck-out old values).
package enum InlineMarkupText {
    package static func literal(_ s: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(s.unicodeScalars.count)
        for u in s.unicodeScalars {
            if u == "\\" || u == "*" || u == "_" || u == "`" || u == "~" || u == "[" || u == "]" || u == "(" || u == ")" {
                out.unicodeScalars.append("\\")
            }
            out.unicodeScalars.append(u)
        }
        return out
    }
}
