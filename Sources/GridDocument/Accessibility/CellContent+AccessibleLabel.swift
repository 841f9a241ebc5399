/// The text a cell gives assistive technology (the SVG's `aria-label`): what it shows, as
/// characters. Inline markup is taken out as the painter takes it out (`**5**` is "5", a link
/// `[docs](https://…)` is "docs"); a number is its formatted text, as shown; the whole text
/// even where the picture ellipsizes it. An image has no text of its own in the document: it
/// is named by its file's name without the extension; a colour swatch by its colour.
extension CellContent {
    package func accessibleLabel(markup: MarkupMode) -> String {
        switch self {
        case .empty: return ""
        case .text(let s): return markup == .markdown ? InlineMarkup.parse(s).text : s
        case .image(let path, _):
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let stem = name.lastIndex(of: ".").map { name[..<$0] }.map(String.init) ?? name
            return "image " + (stem.isEmpty ? name : stem)
        case .swatch(let color): return "colour " + color.accessibleHex
        }
    }
}
