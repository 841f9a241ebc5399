/// `format: {"number": {…}}` as written; kept separate from `NumberFormat` (which does the
/// formatting) so the document stays a plain Hashable value whatever that type conforms to.
public struct NumberFormatSpec: Sendable, Hashable {
    public var decimals: Int?
    public var grouping = false
    public var percent = false
    public var prefix = ""
    public var suffix = ""
    public init(decimals: Int? = nil, grouping: Bool = false, percent: Bool = false, prefix: String = "", suffix: String = "") {
        self.decimals = decimals; self.grouping = grouping; self.percent = percent; self.prefix = prefix; self.suffix = suffix
    }
    public var numberFormat: NumberFormat {
        NumberFormat(decimals: decimals, grouping: grouping, percent: percent, prefix: prefix, suffix: suffix)
    }
}
