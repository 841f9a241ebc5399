/// Every key of `format.number` as an argument, each defaulting to the format's default, so a
/// format in code names only what its JSON would:
/// `.init(decimals: 1, negative: .parentheses)` for `{"decimals": 1, "negative": "parentheses"}`.
extension NumberFormatSpec {
    public init(decimals: Int? = nil, grouping: Bool = false, percent: Bool = false, prefix: String = "", suffix: String = "",
                notation: NumberFormat.Notation = .standard, negative: NumberFormat.Negative = .minus, scale: Double = 1,
                decimalSeparator: String = ".", groupSeparator: String = ",") {
        self.init(decimals: decimals, grouping: grouping, percent: percent, prefix: prefix, suffix: suffix)
        self.notation = notation; self.negative = negative; self.scale = scale
        self.decimalSeparator = decimalSeparator; self.groupSeparator = groupSeparator
    }
}
