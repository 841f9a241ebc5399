extension Color {
    /// `#rrggbb` (and `aa` when not opaque), as a person would read the colour's value.
    var accessibleHex: String {
        func byte(_ v: Double) -> String {
            let b = String(Int((min(max(v, 0), 1) * 255).rounded()), radix: 16)
            return b.count == 1 ? "0" + b : b
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }
}
