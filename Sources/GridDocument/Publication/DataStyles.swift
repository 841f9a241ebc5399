extension Document {
    /// `colorScale`: a column's cells coloured by value (gt's `data_color`).
    public struct ColorScale: Sendable, Hashable {
        public enum Palette: Sendable, Hashable {
            /// Colours spread evenly over the domain, low to high.
            case colors([Color])
            case named(NamedPalette)
        }
        public enum NamedPalette: String, Sendable, Hashable, CaseIterable { case viridis, blues, reds, greens, diverging }
        public enum Target: String, Sendable, Hashable, CaseIterable { case background, text }
        public var palette: Palette
        /// nil = the column's data range (symmetric around 0 for `diverging`).
        public var domain: [Double]?
        public var target: Target
        public init(palette: Palette, domain: [Double]? = nil, target: Target = .background) {
            self.palette = palette; self.domain = domain; self.target = target
        }
    }

    /// `bar`: a bar inside each numeric cell, from the zero line, under the text.
    public struct DataBar: Sendable, Hashable {
        public var color: Color
        /// nil = `color`.
        public var negativeColor: Color?
        /// nil = the column's data range, widened to include 0.
        public var domain: [Double]?
        public init(color: Color, negativeColor: Color? = nil, domain: [Double]? = nil) {
            self.color = color; self.negativeColor = negativeColor; self.domain = domain
        }
    }

    /// `rules: [{"when": {…}, "style": Style}]`: a style for the cells the condition holds for.
    public struct ConditionalRule: Sendable, Hashable {
        public var when: Condition
        public var style: Style
        public init(when: Condition, style: Style) { self.when = when; self.style = style }
    }

    /// Every test given must hold. Numbers compare with numeric cells, strings with the text as
    /// written (`lt`/`gt` in code-point order); a comparison never holds for an empty cell.
    public struct Condition: Sendable, Hashable {
        public enum Operator: String, Sendable, Hashable, CaseIterable { case lt, le, gt, ge, eq, ne }
        public enum Operand: Sendable, Hashable { case number(Double), text(String) }
        public struct Comparison: Sendable, Hashable {
            public var op: Operator
            public var operand: Operand
            public init(_ op: Operator, _ operand: Operand) { self.op = op; self.operand = operand }
        }
        public var comparisons: [Comparison]
        /// true: only empty cells; false: only non-empty ones.
        public var empty: Bool?
        public init(comparisons: [Comparison] = [], empty: Bool? = nil) { self.comparisons = comparisons; self.empty = empty }
    }
}
