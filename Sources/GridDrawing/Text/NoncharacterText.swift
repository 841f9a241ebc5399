/// Text as Cairo accepts it. Cairo 1.16 checks the text that Pango hands to a PDF surface
/// (`cairo_show_text_glyphs`) and refuses Unicode noncharacters (U+FDD0…U+FDEF and every
/// U+nFFFE/U+nFFFF) as "not valid UTF-8", which failed the whole render; PNG and SVG took them.
/// Each noncharacter becomes a character of the same UTF-8 length that Cairo accepts:
/// U+FFFD for the three-byte ones, U+nFFFD (same plane) for the four-byte ones. Byte offsets
/// (markup spans, links) stay valid. Only text with a byte ≥ 0xEF can hold one, so ASCII and
/// most text is returned as it is.
enum NoncharacterText {
    static func drawable(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0xEF }),
              text.unicodeScalars.contains(where: isNoncharacter) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isNoncharacter(scalar) else { out.append(scalar); continue }
            let value = scalar.value < 0x10000 ? 0xFFFD : (scalar.value & 0xFFFF0000) | 0xFFFD
            out.append(Unicode.Scalar(value)!)
        }
        return String(out)
    }

    static func isNoncharacter(_ scalar: Unicode.Scalar) -> Bool {
        (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE
    }
}
