/// Lengths written as number literals: `padding = 12` is 12 points on every side,
/// `columnSpacing = 4` a 4-point gap with no stretch.
extension Insets: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral where Value == Double {
    public init(integerLiteral value: Int) { self.init(all: Double(value)) }
    public init(floatLiteral value: Double) { self.init(all: value) }
}

extension Spacing: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    public init(integerLiteral value: Int) { self.init(Double(value)) }
    public init(floatLiteral value: Double) { self.init(value) }
}
