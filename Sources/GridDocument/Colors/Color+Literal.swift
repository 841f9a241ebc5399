/// CSS colours written as Swift string literals: `let accent: Color = "#e11d48"`,
/// `Style(background: "rgb(16 32 48)")`, `.swatch("teal")`.
///
/// A literal is source code, so an invalid one is a programming error: it stops a debug build
/// with a message naming the literal (`assertionFailure`); an optimised build paints it magenta
/// (`#ff00ff`), which is easy to spot. Text read at run time goes through the failable
/// ``init(css:)`` instead.
extension Color: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        guard let color = Color(css: value) else {
            assertionFailure("invalid CSS colour literal \"\(value)\"; expected #rgb, #rrggbb, #rrggbbaa, rgb(…), hsl(…) or a CSS colour name")
            self = Color(red: 1, green: 0, blue: 1)
            return
        }
        self = color
    }
}
