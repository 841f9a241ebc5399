import GridLayout

/// The range one numeric key may take: every number the decoder accepts is checked against one
/// of the ranges below, with the key path in the message, so that nothing the decoder lets
/// through can overflow later (Pango measures in `Int32` units of 1/1024 px, Cairo's
/// coordinates are 24.8 fixed point, layout and item counts are `Int`).
///
/// docs/robustness.md lists this table; a new numeric key takes one of these ranges (or a new
/// entry here), never an unchecked `number`.
struct NumericRange: Sendable {
    var lower: Double
    var upper: Double
    /// True when `lower` itself is excluded (a font size must be greater than 0).
    var lowerOpen = false
    /// What the number is, for the message: "a length", "a font size".
    var noun: String
    /// " pt" after the bounds, or "".
    var unit = ""
    /// Whole numbers only.
    var integral = false
    /// Nonzero numbers smaller than this in size are refused (subnormals among them): a weight
    /// of 4e-320 made a share of the stretch infinite. 0 itself stays allowed.
    var smallestNonzero = 1e-6

    func contains(_ v: Double) -> Bool {
        guard v.isFinite, v <= upper, lowerOpen ? v > lower : v >= lower else { return false }
        return !integral || v == v.rounded()
    }

    /// "a length from 0 to 1,000,000 pt", "a font size greater than 0 and at most 1,000 pt".
    var expectation: String {
        let low = NumericRange.text(lower), high = NumericRange.text(upper)
        if lowerOpen { return "\(noun) greater than \(low) and at most \(high)\(unit)" }
        return "\(noun) from \(low) to \(high)\(unit)"
    }

    static func text(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return FileIO.grouped(Int(abs(v))).withSign(v < 0) }
        return String(v)
    }
}

extension NumericRange {
    /// Lengths in points: sizes, paddings, spacings, margins, line widths, dashes, radii. One
    /// million points is the canvas's own limit (`Document.maxCanvasSide` at scale 1), far below
    /// where sums of many such lengths lose precision.
    static let length = NumericRange(lower: 0, upper: 1_000_000, noun: "a length", unit: " pt")
    /// Font sizes: at scale 16 a 1,000 pt font is 21,333 px, whose glyph and line metrics still
    /// fit Pango's `Int32` units many times over (3,000,000 pt overflowed them).
    static let fontSize = NumericRange(lower: 0, upper: 1_000, lowerOpen: true, noun: "a font size", unit: " pt")
    /// `fill` weights: a weight is divided by the sum of weights, so both ends are bounded
    /// (1e-308 overflowed the share computation).
    static let fillWeight = NumericRange(lower: 0.0001, upper: 1_000_000, noun: "a fill weight")
    /// `stretch` of a spacing: 0 (does not stretch) up to the same bound as fill weights.
    static let stretch = NumericRange(lower: 0, upper: 1_000_000, noun: "a stretch weight", smallestNonzero: 0.0001)
    /// `itemHeight.multiplier`: the item height as a multiple of its width.
    static let multiplier = NumericRange(lower: 0, upper: 1_000, noun: "a multiplier")
    /// `itemHeight.extension`: points added to the item width (may be negative).
    static let signedLength = NumericRange(lower: -1_000_000, upper: 1_000_000, noun: "a length", unit: " pt")
    /// A PDF page side: at least one inch, so a row, its padding and the page margins fit.
    static let pageSide = NumericRange(lower: 72, upper: 1_000_000, noun: "a page side", unit: " pt")
    /// Counts and indices (rows, columns, items, `maxLines`, spans, frozen tracks): at most the
    /// cell budget, so sums and products of two stay far inside `Int`.
    static let count = NumericRange(lower: 0, upper: Double(InputBudget.defaultCells), noun: "a whole number", integral: true)
    /// Font weights, as CSS and fontconfig number them.
    static let fontWeight = NumericRange(lower: 1, upper: 1_000, noun: "a weight", integral: true)
    /// `format.number.decimals`: what a `Double` can hold.
    static let decimals = NumericRange(lower: 0, upper: 15, noun: "a number of decimals", integral: true)
    /// `shadow.radius`: the selection glow's blur radius (σ = radius / 2); the painter queries
    /// cells this far (× 1.5) around every band, so it is bounded.
    static let glowRadius = NumericRange(lower: 0, upper: 16, noun: "a glow radius", unit: " pt")
    /// Opacity and `fraction` track sizes.
    static let unit = NumericRange(lower: 0, upper: 1, noun: "a number")
    /// Data values (conditions compare cells with them): any finite number.
    static let value = NumericRange(lower: -.greatestFiniteMagnitude, upper: .greatestFiniteMagnitude, noun: "a number", smallestNonzero: 0)
    /// `canvas.width`/`height`: any length ≥ 0 here; the sides are checked in pixels, after the
    /// scale, against the PNG limits (`Document.checkCanvasLimits`: 2,147,483,647 px per side).
    static let canvasSide = NumericRange(lower: 0, upper: .greatestFiniteMagnitude, noun: "a length", unit: " pt")
    /// `canvas.scale`: pixels per point (DESIGN.md §8).
    static let scale = NumericRange(lower: 0, upper: 16, lowerOpen: true, noun: "a number")
}

private extension String {
    func withSign(_ negative: Bool) -> String { negative ? "-" + self : self }
}
