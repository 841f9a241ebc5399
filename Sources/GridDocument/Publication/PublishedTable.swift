#if canImport(Glibc)
import Glibc
#endif

/// What `prepare` works out for a publication table, kept by `DocumentCellSource` as plain
/// values: the cells of the spanner rows, the summary rows' contents, the footnote marks of body
/// cells and the data-driven styles of each column. Nothing here is computed while painting.
struct PublishedTable: Sendable {
    struct HeaderCell: Sendable {
        var text: String
        var style: ResolvedStyle
    }
    /// Spanner labels, and column titles that reach up into the spanner rows, by
    /// `row * columnCount + column` of their anchor.
    var headerCells: [Int: HeaderCell] = [:]
    /// The cells of each summary row, in display column order.
    var summaryRows: [[CellContent]] = []
    /// Footnote marks shown after body cells, by `row * columnCount + column`.
    var marks: [Int: String] = [:]
    /// Per display column: colour scale, bar and rules, resolved against the column's data.
    var dataStyles: [ColumnDataStyle?] = []
    /// `styles.selectedRow`, re-applied over the data-driven layers.
    var selectedRow: Style?

    func hasDataStyles(column: Int) -> Bool {
        dataStyles.indices.contains(column) && dataStyles[column] != nil
    }

    func applyDataStyles(to base: ResolvedStyle, column: Int, value: DocumentCellSource.RawValue?, blending: Bool) -> ResolvedStyle {
        guard let data = dataStyles[column] else { return base }
        return data.apply(to: base, value: value, blending: blending)
    }
}

/// A column's `colorScale`, `bar` and `rules` with their domains settled.
struct ColumnDataStyle: Sendable {
    var colorScale: ResolvedColorScale?
    var bar: ResolvedDataBar?
    var rules: [Document.ConditionalRule] = []

    /// Colour scale, then bar, then the rules in order.
    func apply(to base: ResolvedStyle, value: DocumentCellSource.RawValue?, blending: Bool) -> ResolvedStyle {
        var style = base
        if let scale = colorScale, let v = value?.number {
            let color = scale.color(at: v)
            switch scale.target {
            case .text: style.color = color
            case .background:
                style.background = blending ? color.composited(over: style.background) : color
                style.color = style.background.contrastingText
            }
        }
        if let bar, let v = value?.number { style.bar = bar.bar(for: v) }
        for rule in rules where rule.when.holds(for: value) { style = style.cascading(rule.style, blending: blending) }
        return style
    }
}

struct ResolvedColorScale: Sendable {
    var stops: [Color]
    var low: Double
    var high: Double
    var target: Document.ColorScale.Target

    /// The palette's colour for `value`: stops spread evenly over [low, high], interpolated in
    /// sRGB; values outside the domain take the end colours.
    func color(at value: Double) -> Color {
        guard stops.count > 1, high > low else { return stops.first ?? .transparent }
        let t = Swift.min(1, Swift.max(0, (value - low) / (high - low))) * Double(stops.count - 1)
        let i = Swift.min(stops.count - 2, Int(t.rounded(.down)))
        let f = t - Double(i)
        let a = stops[i], b = stops[i + 1]
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
        return Color(red: mix(a.red, b.red), green: mix(a.green, b.green), blue: mix(a.blue, b.blue), alpha: mix(a.alpha, b.alpha))
    }
}

struct ResolvedDataBar: Sendable {
    var color: Color
    var negativeColor: Color
    var low: Double
    var high: Double

    /// The bar from the zero line (clamped into the domain) to the value, as fractions of the width.
    func bar(for value: Double) -> CellBar? {
        guard high > low else { return nil }
        func fraction(_ v: Double) -> Double { (Swift.min(high, Swift.max(low, v)) - low) / (high - low) }
        let zero = fraction(0), end = fraction(value)
        guard end != zero else { return nil }
        return CellBar(start: Swift.min(zero, end), end: Swift.max(zero, end), color: value < 0 ? negativeColor : color)
    }
}

extension Document.Condition {
    /// Whether every test holds for a cell holding `value` (nil: empty).
    func holds(for value: DocumentCellSource.RawValue?) -> Bool {
        if let empty, empty != (value == nil) { return false }
        for c in comparisons {
            guard let value else { return false }
            let order: Int
            switch c.operand {
            case .number(let n):
                guard let v = value.number else { return false }
                order = v < n ? -1 : v > n ? 1 : 0
            case .text(let s):
                order = value.text < s ? -1 : value.text > s ? 1 : 0
            }
            let ok: Bool = switch c.op {
            case .lt: order < 0
            case .le: order <= 0
            case .gt: order > 0
            case .ge: order >= 0
            case .eq: order == 0
            case .ne: order != 0
            }
            if !ok { return false }
        }
        return true
    }
}

extension Color {
    /// White or black, whichever contrasts more with this colour (WCAG relative luminance),
    /// as gt's `autocolor_text` does.
    public var contrastingText: Color {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        let l = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        return (1.05 / (l + 0.05)) > ((l + 0.05) / 0.05) ? .white : .black
    }
}
