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
    /// Links the gate refused, with why: shown as plain text, reported by the painter.
    let dropped: [(url: String, reason: String)]
    /// The font changes of the text (bold, italic, code, script languages); past the limit
    /// the rest are left out (`TextAttributes.commit`), reported by the painter.
    let fontChanges: Int
    /// The paragraph breaks of the text; past the limit the rest are shown as spaces
    /// (`spacingBreaks`), reported by the painter.
    let lineBreaks: Int

    init(_ source: String, style: ResolvedStyle, link: String?, mode: PreparedGrid.FontMode, gate: LinkGate,
         limits: TextLimits = TextLimits(), joinsParagraphs: Bool = true) {
        let markup = style.markup == .markdown ? InlineMarkup.parse(source) : InlineMarkup(text: source)
        var spans = markup.spans
        if let link { spans.append(.init(.link(link), 0..<markup.text.utf8.count)) }
        var dropped: [(url: String, reason: String)] = []
        spans.removeAll { span in
            guard case .link(let url) = span.kind, let reason = gate.refusal(url) else { return false }
            dropped.append((url, reason))
            return true
        }
        self.dropped = dropped
        // Many paragraphs: as lines of one paragraph where that draws the same; the breaks left
        // (other texts, the newlines that end a text) bounded. One scan when there are few.
        var shown = markup.text
        var breaks = StyledText.paragraphBreaks(in: shown)
        if joinsParagraphs, breaks >= LineSeparatedText.minParagraphs,
           !spans.contains(where: { if case .code = $0.kind { true } else { false } }),
           let joined = LineSeparatedText.joined(shown) {
            shown = joined.text
            spans = spans.map { .init($0.kind, joined.offset($0.range.lowerBound)..<joined.offset($0.range.upperBound)) }
            breaks = StyledText.paragraphBreaks(in: shown)
        }
        if joinsParagraphs && breaks > limits.lineBreaks {
            shown = StyledText.spacingBreaks(shown, after: limits.lineBreaks)
        }
        lineBreaks = breaks
        let ascii = StyledText.isASCII(shown)
        let long = shown.utf8.count > StyledText.longText
        text = ascii ? shown : NoncharacterText.drawable(shown)
        guard !spans.isEmpty || !ascii || long else {
            links = []
            attributes = nil
            fontChanges = 0
            return
        }
        let attributes = TextAttributes()
        if !ascii { StyledText.addLanguages(shown, to: attributes) }
        if long { StyledText.addItemBreaks(shown, to: attributes) }
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
        fontChanges = attributes.commit(fontChangeLimit: limits.fontChanges)
        // Latin text with accents and no markup needs nothing: laid out exactly as plain text.
        self.attributes = attributes.isEmpty ? nil : attributes
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
        // Pango's "ko" does not include Han: hanja in a Korean cell take the traditional forms
        // they follow, from "zh-tw".
        let han = hasKana ? "ja" : hasHangul ? "zh-tw" : "zh-cn"
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

    /// `text` with its paragraph breaks ("\n", "\r", U+2029) past the first `limit` shown as
    /// spaces (the same number of bytes, so every styled range stays where it is), and how many
    /// breaks it has. Why: Pango 1.50 itemizes each paragraph of a layout after counting the
    /// characters of all the text before it (`pango_itemize_with_font`: `g_utf8_strlen(text,
    /// start_index)`), so a text of many paragraphs costs paragraphs × length: a cell of "a\n"
    /// 40,000 times took 25 s, a 1 MB one would take an hour. `StyledText` runs the two steps
    /// (`paragraphBreaks`, `spacingBreaks`) around the joining of `LineSeparatedText`.
    static func joiningLines(_ text: String, after limit: Int) -> (text: String, breaks: Int) {
        let breaks = paragraphBreaks(in: text)
        return (breaks > limit ? spacingBreaks(text, after: limit) : text, breaks)
    }

    /// The paragraph breaks of `text` ("\n", "\r", U+2029), in one pass over its bytes.
    static func paragraphBreaks(in text: String) -> Int {
        // Every cell's text comes here: a loop over the contiguous bytes, not the UTF-8 view.
        text.utf8.withContiguousStorageIfAvailable(paragraphBreaks) ?? Array(text.utf8).withUnsafeBufferPointer(paragraphBreaks)
    }

    private static func paragraphBreaks(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var breaks = 0
        for i in bytes.indices {
            let byte = bytes[i]
            // U+2029 is E2 80 A9; A9 ends no other break.
            if byte == 0x0A || byte == 0x0D || byte == 0xA9 && i >= 2 && bytes[i - 1] == 0x80 && bytes[i - 2] == 0xE2 { breaks += 1 }
        }
        return breaks
    }

    /// Whether `text` is ASCII, from its contiguous bytes.
    static func isASCII(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } } ?? text.utf8.allSatisfy { $0 < 0x80 }
    }

    /// `text` with its breaks past the first `limit` as spaces of the same bytes.
    static func spacingBreaks(_ text: String, after limit: Int) -> String {
        var kept = 0
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n", "\r", "\u{2029}":
                // "\r\n" is one break for Pango but two here: both become spaces past the limit.
                kept += 1
                if kept > limit {
                    for _ in 0..<scalar.utf8.count { scalars.append(" ") }
                    continue
                }
            default: break
            }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// Texts longer than this many bytes are cut into Pango items of about `itemBytes`.
    static let longText = 2048
    static let itemBytes = 256

    /// Cuts a long text into items of about `itemBytes` bytes (at a space where there is one
    /// in the second half of the stretch, else at a character boundary), with no-op attributes
    /// whose boundaries Pango itemizes at. Why: Pango 1.50 shapes the rest of an item again
    /// for every line it wraps, so wrapping one 100,000-character item is quadratic (16,000
    /// characters took 7.5 s); with short items each line reshapes at most one of them and
    /// wrapping is linear. Shorter texts are left as they are, so their glyphs never change.
    static func addItemBreaks(_ text: String, to attributes: TextAttributes) {
        var start = 0, offset = 0, lastSpace = -1
        for character in text {
            let length = character.utf8.count
            if offset - start >= itemBytes {
                let cut = lastSpace > start + itemBytes / 2 ? lastSpace : offset
                attributes.itemBreak(start..<cut)
                start = cut
            }
            offset += length
            if character == " " { lastSpace = offset }
        }
        if start > 0 { attributes.itemBreak(start..<offset) }
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
