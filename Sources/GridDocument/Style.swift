import GridLayout

public enum TextAlign: String, Sendable, Hashable, CaseIterable { case left, center, right, decimal }
public enum VerticalAlign: String, Sendable, Hashable, CaseIterable { case top, middle, bottom }
public enum Ellipsize: String, Sendable, Hashable, CaseIterable { case end, middle, start, none }

/// A font request; every field optional so the cascade can override one at a time
/// (a header that sets only `weight: bold` keeps the family and size from below).
public struct FontSpec: Sendable, Hashable {
    public var family: String?
    public var size: Double?
    /// CSS/Pango numeric weight, 100…1000 (400 normal, 700 bold).
    public var weight: Int?
    public var italic: Bool?
    public init(family: String? = nil, size: Double? = nil, weight: Int? = nil, italic: Bool? = nil) {
        self.family = family; self.size = size; self.weight = weight; self.italic = italic
    }
    /// Fields of `self` where set, else those of `lower`.
    package func over(_ lower: FontSpec) -> FontSpec {
        FontSpec(family: family ?? lower.family, size: size ?? lower.size,
                 weight: weight ?? lower.weight, italic: italic ?? lower.italic)
    }
}

/// A stroked line: grid line or cell border.
public struct LineStyle: Sendable, Hashable {
    public var width: Double
    public var color: Color
    /// Dash lengths in points; empty = solid.
    public var dash: [Double]
    public init(width: Double, color: Color, dash: [Double] = []) { self.width = width; self.color = color; self.dash = dash }
}

/// A glow painted around a cell (used for selection).
public struct Shadow: Sendable, Hashable {
    public var radius: Double
    public var color: Color
    public init(radius: Double, color: Color) { self.radius = radius; self.color = color }
}

/// One layer of the style cascade, as written in a document or theme. Unset = inherit.
public struct Style: Sendable, Hashable {
    public var background: Color?
    public var color: Color?
    public var font: FontSpec?
    public var padding: Insets<Double>?
    public var align: TextAlign?
    public var verticalAlign: VerticalAlign?
    public var wrap: Bool?
    /// 0 = unlimited.
    public var maxLines: Int?
    public var ellipsize: Ellipsize?
    public var borders: Borders?
    public var opacity: Double?
    public var shadow: Shadow?
    /// How the text is read (`none` as written, `markdown` inline Markdown).
    public var markup: MarkupMode?
    /// The colour of link text (underlined).
    public var linkColor: Color?
    public init() {}

    /// Per-edge borders; an unset edge inherits.
    public struct Borders: Sendable, Hashable {
        public var top: LineStyle?
        public var right: LineStyle?
        public var bottom: LineStyle?
        public var left: LineStyle?
        public init(top: LineStyle? = nil, right: LineStyle? = nil, bottom: LineStyle? = nil, left: LineStyle? = nil) {
            self.top = top; self.right = right; self.bottom = bottom; self.left = left
        }
    }
}

/// A style with every value decided: what the painter uses.
package struct ResolvedStyle: Sendable, Hashable {
    package var background: Color = .transparent
    package var color: Color = .black
    /// Always complete: family, size, weight and italic are set.
    package var font = FontSpec(family: "DejaVu Sans", size: 9, weight: 400, italic: false)
    package var padding = Insets<Double>(top: 4, right: 8, bottom: 4, left: 8)
    package var align: TextAlign = .left
    package var verticalAlign: VerticalAlign = .middle
    package var wrap = false
    package var maxLines = 0
    package var ellipsize: Ellipsize = .end
    package var borders = Insets<LineStyle?>(all: nil)
    package var opacity = 1.0
    package var shadow: Shadow?
    /// A data bar under the text (a column's `bar`); nil = none.
    package var bar: CellBar?
    /// `.none` unless the input is a Markdown table or a style sets it.
    package var markup: MarkupMode = .none
    /// Link text colour when no theme or style sets one.
    package var linkColor = Color(red: 0x2f / 255, green: 0x6f / 255, blue: 0xed / 255, alpha: 1)
    /// Points left out at each end of the bottom border: a spanner's rule, so the rules of two
    /// spanners side by side stay apart (booktabs' trimmed `\cmidrule(lr)`). Not a style key.
    package var bottomBorderTrim = 0.0
    /// UTF-8 bytes of footnote marks at the end of a right-aligned cell's text: they hang into
    /// the right padding, so the figures of a marked cell line up with the rest of the column
    /// (as gt and booktabs set marks). Set for cells that carry marks. Not a style key.
    package var hangingMarkBytes = 0
    package init() {}
}

/// The named layers of a document's or theme's `styles`.
public struct StyleSheet: Sendable, Hashable {
    public var cell: Style?
    public var row: Style?
    public var alternateRow: Style?
    public var header: Style?
    public var sectionHeader: Style?
    public var selectedRow: Style?
    /// By column key.
    public var columns: [String: Style] = [:]
    /// The stub (row-label) column's cells, over its column style.
    public var stub: Style?
    /// Summary rows.
    public var summary: Style?
    /// Title, subtitle and footnote text blocks.
    public var title: Style?
    public var subtitle: Style?
    public var footnote: Style?
    public init() {}
}

/// `gridLines`: which lines are painted on the layout's edges, and which family is on top.
public struct GridLines: Sendable, Hashable {
    public enum Family: String, Sendable, Hashable { case horizontal, vertical }
    public var horizontal: LineStyle?
    public var vertical: LineStyle?
    /// Around the grid, inset inside it.
    public var outer: LineStyle?
    /// Below the last header row.
    public var header: LineStyle?
    public var onTop: Family?
    public init() {}
}
