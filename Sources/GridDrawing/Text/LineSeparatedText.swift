/// A text of many paragraphs laid out as one paragraph of lines. Pango 1.50 itemizes each
/// paragraph of a layout after counting the characters of all the text before it
/// (`pango_itemize_with_font` calls `g_utf8_strlen(text, start_index)`), so a text of many
/// paragraphs costs paragraphs × length: a cell of "a\n" × 40,000 took 25 s, 24,000 one-word
/// footnotes 9.8 s. With U+2028 LINE SEPARATOR in place of each "\n", Pango breaks the line
/// there just as at a paragraph's end, in one pass, and the lines, extents and pixels are the
/// same (`LineSeparatedTextTests`); the newlines that end the text stay (a separator that ends a
/// paragraph makes no empty line after it, a newline does). Only where nothing else differs: the separator is drawn in
/// the font of the text around it and its line is as tall as that font, so only ASCII text in
/// one family (no code span, no fallback font) is joined; and a paragraph's direction is found
/// from its own text. Other texts keep their paragraphs, bounded by `StyledText.joiningLines`.
enum LineSeparatedText {
    /// Texts with fewer "\n" than this keep them (their cost is small, their glyphs unchanged).
    static let minParagraphs = 64

    /// `text` with every "\n" but those that end it replaced by U+2028 and the map from its byte
    /// offsets to the new text's (each replaced "\n" grows by two bytes), or nil when it is to
    /// be laid out as it is.
    static func joined(_ text: String) -> (text: String, offset: (Int) -> Int)? {
        var newlines: [Int] = []
        var offset = 0
        for byte in text.utf8 {
            if byte == 0x0A { newlines.append(offset) }
            if byte >= 0x80 || byte == 0x0D { return nil }   // see above: ASCII only
            offset += 1
        }
        // The newlines that end the text stay: a separator that ends a paragraph makes no empty
        // line after it, a newline does.
        var end = offset
        while newlines.last == end - 1 { newlines.removeLast(); end -= 1 }
        guard newlines.count >= minParagraphs else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(offset + 2 * newlines.count)
        var next = 0
        for (i, byte) in text.utf8.enumerated() {
            if next < newlines.count && newlines[next] == i {
                bytes += [0xE2, 0x80, 0xA8]
                next += 1
            } else {
                bytes.append(byte)
            }
        }
        let joined = String(decoding: bytes, as: UTF8.self)
        return (joined, { old in
            // Replaced newlines before `old`: those at offsets below it.
            var low = 0, high = newlines.count
            while low < high {
                let mid = (low + high) / 2
                if newlines[mid] < old { low = mid + 1 } else { high = mid }
            }
            return old + 2 * low
        })
    }
}
