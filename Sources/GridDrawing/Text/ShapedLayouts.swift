import CPangoCairo
import GridDocument
import GridLayout

/// Text the measurer has already laid out at its natural size, kept so the painter can show the
/// same `PangoLayout` instead of shaping the text a second time. Only one-line, left-to-right,
/// single-paragraph texts are kept (`TextLayout.singleLineWidth`): for them the natural layout is
/// exactly what Pango would lay out for the painter, with no width or with a wider, left-aligned,
/// non-wrapping one (an ellipsis is added only to a line wider than the width). Keyed by text and
/// font, the only settings a natural layout depends on; bounded to `capacity` layouts, so a large
/// table keeps its first texts and shapes the rest twice as before. One per `TextContext`, used
/// on its thread only (or by another once that thread is idle: `TextLanes`).
///
/// It also keeps, on request (`prepare`), layouts shaped with exactly the settings a cell is
/// painted with, for text the natural layout cannot stand in for (aligned right or centre in a
/// width, wrapped, limited): lanes prepare them for their rows in parallel before a PDF page is
/// painted on one thread.
final class ShapedLayouts {
    struct Key: Hashable {
        var text: String
        var font: FontSpec
        var markup: MarkupMode
    }

    struct Entry {
        let layout: TextLayout
        /// Logical width in Pango units.
        let width: Int32
    }

    /// Up to this many layouts (each a few hundred bytes to a few KiB of Pango data) are kept.
    static let defaultCapacity = 16384

    /// A painted layout's text, font and every setting `TextLayout.prepare` gives it.
    struct PaintedKey: Hashable {
        var text: String
        var font: FontSpec
        var markup: MarkupMode
        var settings: TextLayout.Settings
        init(_ text: String, _ font: FontSpec, _ markup: MarkupMode, _ settings: TextLayout.Settings) {
            self.text = text; self.font = font; self.markup = markup; self.settings = settings
        }
    }

    let context: TextContext
    let capacity: Int
    private var entries: [Key: Entry] = [:]
    private var painted: [PaintedKey: TextLayout] = [:]

    init(context: TextContext, capacity: Int = ShapedLayouts.defaultCapacity) {
        self.context = context
        self.capacity = capacity
    }

    var isFull: Bool { entries.count + painted.count >= capacity }

    /// Lets go of every kept layout (a streamed SVG paints other chunks than the ones measured,
    /// so a lane's layouts would only hold memory while it paints). Call on the owning thread.
    func removeAll() {
        entries = [:]
        painted = [:]
    }

    /// Lays `text` out at its natural size in a layout of its own and keeps it when it qualifies.
    /// Returns the natural logical size, or nil when the store is full (the caller measures).
    func measure(_ text: String, style: ResolvedStyle) -> Size? {
        guard !isFull, ShapedLayouts.naturalLayoutIsShown(style) else { return nil }
        let key = Key(text: text, font: style.font, markup: style.markup)
        if let entry = entries[key] {
            let rect = entry.layout.logicalRect
            return Size(width: rect.width, height: rect.height)
        }
        let layout = TextLayout(context: context)
        layout.prepare(text, style: style, width: nil)
        let rect = layout.logicalRect
        if ShapedLayouts.plainLine(text), let width = layout.singleLineWidth {
            entries[key] = Entry(layout: layout, width: width)
        }
        return Size(width: rect.width, height: rect.height)
    }

    /// The kept layout to show for `text` painted with `settings` (what `TextLayout.prepare` would
    /// set), when it is provably the layout Pango would make for those settings.
    func layout(for text: String, font: FontSpec, markup: MarkupMode = .none, settings: TextLayout.Settings) -> TextLayout? {
        if settings.height == -1, settings.lineLimit == 0, let entry = entries[Key(text: text, font: font, markup: markup)] {
            if settings.width < 0 { return entry.layout }
            if !settings.wraps, settings.alignment == PANGO_ALIGN_LEFT, entry.width <= settings.width { return entry.layout }
        }
        return painted.isEmpty ? nil : painted[PaintedKey(text, font, markup, settings)]
    }

    /// Shapes `text` as it is painted with `style` in `width` (`TextLayout.prepare`) and keeps
    /// it, unless a kept layout already stands in for it or the store is full.
    func prepare(_ text: String, style: ResolvedStyle, width: Double?) {
        let settings = TextLayout.settings(style: style, width: width)
        guard !isFull, layout(for: text, font: style.font, markup: style.markup, settings: settings) == nil else { return }
        let layout = TextLayout(context: context)
        layout.prepare(text, style: style, width: width)
        _ = layout.logicalRect   // shaped here, on this lane
        painted[PaintedKey(text, style.font, style.markup, settings)] = layout
    }

    /// Whether the painter can show a natural layout for text in `style`: when it is
    /// left-aligned (or decimal-aligned, which the painter places itself), or when Pango gets no
    /// width (no wrapping, no ellipsis). Right- or centre-aligned text in a width is laid out
    /// by Pango in that width, so keeping its natural layout would only cost memory.
    static func naturalLayoutIsShown(_ style: ResolvedStyle) -> Bool {
        switch style.align {
        case .left, .decimal: true
        case .right, .center: !style.wrap && style.ellipsize == .none
        }
    }

    /// No line or paragraph breaks and no other control characters.
    private static func plainLine(_ text: String) -> Bool {
        for unit in text.utf8 where unit < 0x20 || unit == 0x7f { return false }
        for scalar in text.unicodeScalars where scalar.value >= 0x80 {
            let v = scalar.value
            if (0x80...0x9f).contains(v) || v == 0x2028 || v == 0x2029 { return false }
        }
        return true
    }
}
