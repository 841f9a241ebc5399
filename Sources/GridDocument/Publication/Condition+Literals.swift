/// A rule's condition written as the JSON writes it: a dictionary literal of operators and
/// operands, `[.lt: 0]` for `{"lt": 0}` and `[.ge: 10, .lt: 20]` for `{"ge": 10, "lt": 20}`
/// (every test must hold). `Condition(empty: true)` is `{"empty": true}`.
extension Document.Condition: ExpressibleByDictionaryLiteral {
    /// No tests: holds for every cell. (Spelled out so `Condition()` is not ambiguous between
    /// the memberwise initialiser's defaults and an empty literal.)
    public init() { self.init(comparisons: [], empty: nil) }

    /// The tests in the literal's order.
    public init(dictionaryLiteral elements: (Operator, Operand)...) {
        self.init(comparisons: elements.map { Comparison($0.0, $0.1) })
    }
}

/// An operand is a number literal (compared with numeric cells) or a string literal (compared
/// with the text as written), as in the JSON.
extension Document.Condition.Operand: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral {
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .text(value) }
}
