extension Document.ColorScale.NamedPalette {
    /// The stops of each named palette, low to high: viridis (matplotlib's at 0, ¼, ½, ¾, 1), ColorBrewer's
    /// sequential Blues, Reds and Greens, and ColorBrewer's RdBu reversed (red low, blue high)
    /// for `diverging`.
    public var colors: [Color] {
        let hex: [String] = switch self {
        case .viridis: ["#440154", "#3b528b", "#21918c", "#5ec962", "#fde725"]
        case .blues: ["#f7fbff", "#deebf7", "#c6dbef", "#9ecae1", "#6baed6", "#4292c6", "#2171b5", "#08519c", "#08306b"]
        case .reds: ["#fff5f0", "#fee0d2", "#fcbba1", "#fc9272", "#fb6a4a", "#ef3b2c", "#cb181d", "#a50f15", "#67000d"]
        case .greens: ["#f7fcf5", "#e5f5e0", "#c7e9c0", "#a1d99b", "#74c476", "#41ab5d", "#238b45", "#006d2c", "#00441b"]
        case .diverging: ["#b2182b", "#d6604d", "#f4a582", "#fddbc7", "#f7f7f7", "#d1e5f0", "#92c5de", "#4393c3", "#2166ac"]
        }
        return hex.compactMap { Color(css: $0) }
    }
}
