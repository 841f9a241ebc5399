/// A colour scale's `palette` written as the JSON writes it: a palette name as a string literal
/// (`"viridis"`, `"blues"`, `"reds"`, `"greens"`, `"diverging"`) or an array literal of colours
/// (`["#f7fbff", "#08306b"]`), so `ColorScale(palette: "viridis")` reads like
/// `{"palette": "viridis"}`.
///
/// A literal is source code, so a name that is no palette is a programming error, as an invalid
/// colour literal is: a debug build stops naming it; an optimised build uses `viridis`. Names
/// read at run time go through `NamedPalette(rawValue:)`.
extension Document.ColorScale.Palette: ExpressibleByStringLiteral, ExpressibleByArrayLiteral {
    public init(stringLiteral value: String) {
        guard let named = Document.ColorScale.NamedPalette(rawValue: value) else {
            let names = Document.ColorScale.NamedPalette.allCases.map(\.rawValue).joined(separator: ", ")
            assertionFailure("invalid palette literal \"\(value)\"; expected one of \(names) or an array of colours")
            self = .named(.viridis)
            return
        }
        self = .named(named)
    }

    public init(arrayLiteral colors: Color...) { self = .colors(colors) }
}
