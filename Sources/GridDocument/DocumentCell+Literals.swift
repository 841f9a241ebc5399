/// Cells written as literals in Swift: `"Oslo"`, `42`, `3.5`, `true`, `nil`, so a table built in
/// code reads like the data: `rows: [["Oslo", 709_000], ["Bergen", nil]]`.
extension Document.Cell: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
                         ExpressibleByBooleanLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self.init(.text(value)) }
    public init(integerLiteral value: Int) { self.init(.number(Double(value), text: String(value))) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self.init(.bool(value)) }
    public init(nilLiteral: ()) { self.init(.empty) }

    /// Text, optionally with its own style (the top of the cascade).
    public static func text(_ text: String, style: Style? = nil) -> Document.Cell { Document.Cell(.text(text), style: style) }

    /// Text that links to `url` (a link annotation in PDF, an `<a>` in SVG, styled text in PNG).
    public static func link(_ text: String, url: String, style: Style? = nil) -> Document.Cell {
        Document.Cell(.text(text), style: style, link: url)
    }

    /// A number; shown as written (`12`, `3.5`) unless the column has a number format.
    public static func number(_ value: Double, style: Style? = nil) -> Document.Cell {
        let text = value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        return Document.Cell(.number(value, text: text), style: style)
    }

    /// An image file scaled into the cell (`contain` keeps it whole, `cover` fills and crops,
    /// `fill` stretches). Relative paths resolve against the document's `baseDirectory`.
    public static func image(_ path: String, fit: ImageFit = .contain) -> Document.Cell { Document.Cell(.image(path: path, fit: fit)) }

    /// A colour swatch.
    public static func swatch(_ color: Color) -> Document.Cell { Document.Cell(.swatch(color)) }
}
