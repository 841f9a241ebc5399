/// `format: {"number": {…}}` as written; kept separate from `NumberFormat` (which does the
/// formatting) so the document stays a plain Hashable value whatever that type conforms to.
public struct NumberFormatSpec: Sendable, Hashable {
    public var decimals: Int?
    public var grouping = false
    public var percent = false
    public var prefix = ""
    public var suffix = ""
    /// `standard`, `scientific` (1.23 × 10⁴) or `compact` (1.2K, 3.4M, 5.6B).
    public var notation: NumberFormat.Notation = .standard
    /// `minus` (-1,234) or `parentheses` ((1,234)).
    public var negative: NumberFormat.Negative = .minus
    /// Multiplies the value first (100: percent from fractions).
    public var scale: Double = 1
    public var decimalSeparator = "."
    public var groupSeparator = ","
    public init(decimals: Int? = nil, grouping: Bool = false, percent: Bool = false, prefix: String = "", suffix: String = "") {
        self.decimals = decimals; self.grouping = grouping; self.percent = percent; self.prefix = prefix; self.suffix = suffix
    }
    public var numberFormat: NumberFormat {
        var f = NumberFormat(decimals: decimals, grouping: grouping, percent: percent, prefix: prefix, suffix: suffix)
        f.notation = notation; f.negative = negative; f.scale = scale
        f.decimalSeparator = decimalSeparator; f.groupSeparator = groupSeparator
        return f
    }
}
