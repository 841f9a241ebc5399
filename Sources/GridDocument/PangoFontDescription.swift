/// Pango font descriptions ("DejaVu Sans Bold 9") → `FontSpec`, so documents can name fonts the
/// way Pango users already do while the cascade still overrides family, size, weight and slant
/// one at a time.
extension FontSpec {
    static func normalizeWord(_ s: String) -> String {
        String(s.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
    }

    /// Weight names Pango and CSS use, lower-cased without separators, to numeric weights.
    package static let weights: [String: Int] = [
        "thin": 100, "hairline": 100, "ultralight": 200, "extralight": 200, "light": 300,
        "semilight": 350, "demilight": 350, "book": 380, "normal": 400, "regular": 400,
        "medium": 500, "semibold": 600, "demibold": 600, "bold": 700, "ultrabold": 800,
        "extrabold": 800, "heavy": 900, "black": 900, "ultraheavy": 1000, "extrablack": 1000,
    ]
    private static let styleWords: [String: Bool] = ["italic": true, "oblique": true, "roman": false]
    /// Words Pango accepts in a description that do not change family, size, weight or slant.
    private static let ignoredWords: Set<String> = [
        "smallcaps", "ultracondensed", "extracondensed", "condensed", "semicondensed",
        "semiexpanded", "expanded", "extraexpanded", "ultraexpanded", "allsmallcaps", "petitecaps",
        "allpetitecaps", "unicase", "titlecaps",
    ]

    /// Parses a Pango font description ("[FAMILY-LIST] [STYLE-OPTIONS] [SIZE]", e.g.
    /// "DejaVu Sans Bold Italic 9", "Sans 12px", "Serif,Monospace Light"): style words and the size
    /// are taken from the end, the rest is the family. Returns nil for an empty description.
    package init?(pangoDescription text: String) {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard !words.isEmpty else { return nil }
        var spec = FontSpec()
        if let last = words.last {
            var number = last
            if number.lowercased().hasSuffix("px") { number = String(number.dropLast(2)) }
            if let size = Double(number), size.isFinite, size > 0, !(last.first?.isLetter ?? false) {
                spec.size = size
                words.removeLast()
            }
        }
        while let last = words.last {
            let w = Self.normalizeWord(last)
            if w == "normal" || w == "regular" { spec.weight = spec.weight ?? 400; words.removeLast(); continue }
            if let weight = Self.weights[w] { spec.weight = spec.weight ?? weight; words.removeLast(); continue }
            if let italic = Self.styleWords[w] { spec.italic = spec.italic ?? italic; words.removeLast(); continue }
            if Self.ignoredWords.contains(w) { words.removeLast(); continue }
            break
        }
        var family = words.joined(separator: " ")
        while family.hasSuffix(",") { family.removeLast() }
        if !family.isEmpty { spec.family = family }
        if spec.family == nil && spec.size == nil && spec.weight == nil && spec.italic == nil { return nil }
        self = spec
    }
}
