import GridDocument
import GridLayout

/// Measures cell contents for `auto` tracks with exactly the Pango settings the painter uses
/// (same `TextContext`, same `TextLayout.prepare`). Text sizes are cached by string, font and
/// wrap settings, so a column's cells are laid out once however often layout asks.
/// A class because `ContentMeasurer`'s methods are non-mutating and the cache must fill.
final class TextMeasurer: ContentMeasurer {
    /// Side of a colour swatch or image when content decides a track's size, in points.
    static let defaultGraphicSize = 16.0

    private struct Key: Hashable {
        var text: String
        var font: FontSpec
        /// Wrap width in points, or -1 for the natural single-line size.
        var width: Double
        var maxLines: Int
        var ellipsize: Ellipsize
    }

    private let source: CellSource
    private let layout: TextLayout
    private var cache: [Key: Size] = [:]

    /// Pixels per point: sizes are rounded up to whole pixels, so snapping a track down to the
    /// pixel grid can never make its own content ellipsize or wrap.
    private let scale: Double

    private let decimals: DecimalColumns?

    init(source: CellSource, context: TextContext, scale: Double = 1, decimals: DecimalColumns? = nil) {
        self.source = source
        self.decimals = decimals
        self.scale = scale
        layout = TextLayout(context: context)
    }

    func width(row: Int, column: Int) -> Double {
        let style = source.style(row: row, column: column, item: nil)
        let padding = style.padding.left + style.padding.right
        switch source.content(row: row, column: column, item: nil) {
        case .empty: return padding
        case .text(let text):
            if style.align == .decimal, let extent = decimals?.extent(column: column) {
                return roundedUp(extent.head + extent.tail + padding)
            }
            return roundedUp(textSize(text, style: style, width: nil).width + padding)
        case .image, .swatch: return roundedUp(TextMeasurer.defaultGraphicSize + padding)
        }
    }

    func height(row: Int, column: Int, width: Double) -> Double {
        let style = source.style(row: row, column: column, item: nil)
        let padding = style.padding.top + style.padding.bottom
        switch source.content(row: row, column: column, item: nil) {
        case .empty: return padding
        case .text(let text):
            let room = style.wrap ? max(0, width - style.padding.left - style.padding.right) : nil
            return roundedUp(textSize(text, style: style, width: room).height + padding)
        case .image, .swatch: return roundedUp(TextMeasurer.defaultGraphicSize + padding)
        }
    }

    private func roundedUp(_ length: Double) -> Double { (length * scale - 1e-9).rounded(.up) / scale }

    /// The logical size of `text` laid out as the painter would in `width` points (nil = natural).
    func textSize(_ text: String, style: ResolvedStyle, width: Double?) -> Size {
        let key = Key(text: text, font: style.font, width: width ?? -1,
                      maxLines: width == nil ? 0 : style.maxLines, ellipsize: width == nil ? .none : style.ellipsize)
        if let size = cache[key] { return size }
        layout.prepare(text, style: style, width: width)
        let rect = layout.logicalRect
        let size = Size(width: rect.width, height: rect.height)
        cache[key] = size
        return size
    }
}
