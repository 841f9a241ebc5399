/// The accessible name of an SVG link (`<a aria-label>`): the link's text as shown, its white
/// space runs made one space and trimmed (a wrapped link's line breaks are layout, not words),
/// or the URL when the text is empty, so a screen reader never announces a nameless link.
/// `SVGLinks` escapes it with `XMLText.escaped`, as every attribute.
enum SVGLinkName {
    static func name(_ area: LinkArea) -> String {
        let words = area.text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return words.isEmpty ? area.url : words
    }
}
