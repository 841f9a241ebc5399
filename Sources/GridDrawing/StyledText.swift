import CPangoCairo
import GridDocument

/// What a cell's text becomes before Pango lays it out: the characters shown (inline markup
/// taken out), the links in them, and the attributes for markup, links, script languages and
/// colour emoji. Plain text — no markup, no link, only ASCII — needs none of it, and costs one
/// scan of its bytes.
struct StyledText {
    /// The characters to show.
    let text: String
    /// Linked ranges (UTF-8 bytes of `text`) and their URLs, in text order.
    let links: [(range: Range<Int>, url: String)]
    /// Nil for plain text.
    let attributes: TextAttributes?

    init(_ source: String, style: ResolvedStyle, link: String?, mode: PreparedGrid.FontMode) {
        let markup = style.markup == .markdown ? InlineMarkup.parse(source) : InlineMarkup(text: source)
        var spans = markup.spans
        if let link { spans.append(.init(.link(link), 0..<markup.text.utf8.count)) }
        let ascii = markup.text.utf8.allSatisfy { $0 < 0x80 }
        text = markup.text
        guard !spans.isEmpty || !ascii else {
            links = []
            attributes = nil
            return
        }
        let attributes = TextAttributes()
        if !ascii { StyledText.addLanguages(markup.text, to: attributes) }
        var links: [(Range<Int>, String)] = []
        for span in spans where !span.range.isEmpty {
            switch span.kind {
            case .bold: attributes.bold(span.range)
            case .italic: attributes.italic(span.range)
            case .strike: attributes.strikethrough(span.range)
            case .code:
                attributes.family(mode == .pinned ? "DejaVu Sans Mono" : "monospace", span.range)
                var faint = style.color
                faint.alpha *= 0.1 * style.opacity
                attributes.background(faint, span.range)
            case .link(let url):
                attributes.foreground(style.linkColor.faded(style.opacity), span.range)
                attributes.underline(span.range)
                links.append((span.range, url))
            }
        }
        self.links = links
        self.attributes = attributes
    }

    /// Languages for runs of non-Latin scripts, so fontconfig picks fonts (and Han glyph forms)
    /// by a language fixed here rather than one Pango derives from `PANGO_LANGUAGE`/`LANGUAGE`.
    /// (Emoji need nothing here: Pango asks for the family "emoji", `FontStack` maps it.)
    static func addLanguages(_ text: String, to attributes: TextAttributes) {
        var hasKana = false, hasHangul = false
        for scalar in text.unicodeScalars where scalar.value >= 0x1100 {
            switch scalar.value {
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: hasKana = true
            case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: hasHangul = true
            default: break
            }
        }
        let han = hasKana ? "ja" : hasHangul ? "ko" : "zh-cn"
        attributes.addScriptLanguages(text) { script in
            switch script {
            case PANGO_SCRIPT_HAN: han
            case PANGO_SCRIPT_HIRAGANA, PANGO_SCRIPT_KATAKANA: "ja"
            case PANGO_SCRIPT_HANGUL: "ko"
            case PANGO_SCRIPT_BOPOMOFO: "zh-tw"
            default: StyledText.sampleLanguages[Int32(script.rawValue)]
            }
        }
    }

    /// The language a run of a script gets (as Pango's sample languages, without the
    /// environment's preferences), by `PangoScript` raw value.
    static let sampleLanguages: [Int32: String] = {
        let pairs: [(PangoScript, String)] = [
            (PANGO_SCRIPT_ARABIC, "ar"), (PANGO_SCRIPT_ARMENIAN, "hy"), (PANGO_SCRIPT_BENGALI, "bn"),
            (PANGO_SCRIPT_CYRILLIC, "ru"), (PANGO_SCRIPT_DEVANAGARI, "hi"), (PANGO_SCRIPT_ETHIOPIC, "am"),
            (PANGO_SCRIPT_GEORGIAN, "ka"), (PANGO_SCRIPT_GREEK, "el"), (PANGO_SCRIPT_GUJARATI, "gu"),
            (PANGO_SCRIPT_GURMUKHI, "pa"), (PANGO_SCRIPT_HEBREW, "he"), (PANGO_SCRIPT_KANNADA, "kn"),
            (PANGO_SCRIPT_KHMER, "km"), (PANGO_SCRIPT_LAO, "lo"), (PANGO_SCRIPT_MALAYALAM, "ml"),
            (PANGO_SCRIPT_MYANMAR, "my"), (PANGO_SCRIPT_ORIYA, "or"), (PANGO_SCRIPT_SINHALA, "si"),
            (PANGO_SCRIPT_TAMIL, "ta"), (PANGO_SCRIPT_TELUGU, "te"), (PANGO_SCRIPT_THAI, "th"),
            (PANGO_SCRIPT_TIBETAN, "bo"), (PANGO_SCRIPT_SYRIAC, "syr"), (PANGO_SCRIPT_THAANA, "dv"),
            (PANGO_SCRIPT_MONGOLIAN, "mn"), (PANGO_SCRIPT_CHEROKEE, "chr"),
        ]
        var table: [Int32: String] = [:]
        for (script, language) in pairs { table[Int32(script.rawValue)] = language }
        return table
    }()
}
