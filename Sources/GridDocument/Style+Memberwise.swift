import GridLayout

/// Memberwise initialisers for the style values, every argument optional (unset = inherit), so a
/// style reads like the JSON it stands for:
/// `Style(background: "#102030", color: .white, font: .init(size: 11, weight: .bold), padding: 6)`.
extension Style {
    public init(background: Color? = nil, color: Color? = nil, font: FontSpec? = nil, padding: Insets<Double>? = nil,
                align: TextAlign? = nil, verticalAlign: VerticalAlign? = nil, wrap: Bool? = nil, maxLines: Int? = nil,
                ellipsize: Ellipsize? = nil, borders: Borders? = nil, opacity: Double? = nil, shadow: Shadow? = nil) {
        self.init()
        self.background = background; self.color = color; self.font = font; self.padding = padding
        self.align = align; self.verticalAlign = verticalAlign; self.wrap = wrap; self.maxLines = maxLines
        self.ellipsize = ellipsize; self.borders = borders; self.opacity = opacity; self.shadow = shadow
    }
}

extension FontSpec {
    /// A CSS/Pango font weight with the usual names; `.init(size: 11, weight: .bold)`.
    public struct Weight: Sendable, Hashable, RawRepresentable {
        /// 100…1000.
        public var rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let thin = Weight(rawValue: 100)
        public static let light = Weight(rawValue: 300)
        public static let regular = Weight(rawValue: 400)
        public static let medium = Weight(rawValue: 500)
        public static let semibold = Weight(rawValue: 600)
        public static let bold = Weight(rawValue: 700)
        public static let heavy = Weight(rawValue: 900)
    }

    /// A font request with a named weight: `.init(family: "DejaVu Sans Mono", size: 10, weight: .bold)`.
    public init(family: String? = nil, size: Double? = nil, weight: Weight, italic: Bool? = nil) {
        self.init(family: family, size: size, weight: weight.rawValue, italic: italic)
    }
}

extension PreparedGrid.Page {
    /// ISO A4 portrait, 595.28 × 841.89 points (the document format's `"a4"`).
    public static let a4 = PreparedGrid.Page(width: 595.28, height: 841.89)
    /// US Letter portrait, 612 × 792 points (the document format's `"letter"`).
    public static let letter = PreparedGrid.Page(width: 612, height: 792)
    /// The same page turned sideways.
    public var landscape: PreparedGrid.Page { PreparedGrid.Page(width: Swift.max(width, height), height: Swift.min(width, height)) }
}
