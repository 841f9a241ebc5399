/// Bounds that keep the layout core total: any `GridSpec`, however odd, lays out without
/// trapping. The document decoder rejects such values with a clear error long before they get
/// here; these limits only stop a hand-built spec from overflowing integers, producing NaN
/// geometry or exhausting memory.
package enum LayoutLimits {
    /// The longest length, in points, that any size, spacing or container may have.
    static let maxLength: Double = 1e9
    /// The largest fill or stretch weight.
    static let maxWeight: Double = 1e9
    /// The most columns a grid may have (table `columnCount`, item-mode limits).
    static let maxColumns = 1 << 20
    /// The most items an item-mode grid places; further items are dropped.
    package static let maxItems = 1 << 22
    /// The most cells whose content sizes are kept for non-`fill` cell alignment; larger
    /// grids fall back to `fill` alignment rather than allocating without bound.
    static let maxAlignedCells = 1 << 23
    /// The most positions an item-mode span may cover.
    static let maxItemSpanArea = 1 << 20
    /// The most cells a rectangle query reserves room for up front.
    static let maxReservedCells = 1 << 16
    /// Pixels per point.
    static let scaleRange: ClosedRange<Double> = 0.001...1000
}

extension Double {
    /// A length the layout can use: NaN and negatives become 0, infinities and huge values
    /// are capped at `LayoutLimits.maxLength`.
    var sanitizedLength: Double {
        guard self == self, self > 0 else { return 0 }
        return self < LayoutLimits.maxLength ? self : LayoutLimits.maxLength
    }

    /// A weight the layout can use: NaN and negatives become 0, huge values are capped.
    var sanitizedWeight: Double {
        guard self == self, self > 0 else { return 0 }
        return self < LayoutLimits.maxWeight ? self : LayoutLimits.maxWeight
    }

    /// A position (which may be negative, e.g. a viewport origin): NaN becomes 0, the
    /// magnitude is capped at `LayoutLimits.maxLength`.
    var sanitizedCoordinate: Double {
        guard self == self else { return 0 }
        return Swift.min(Swift.max(self, -LayoutLimits.maxLength), LayoutLimits.maxLength)
    }

    /// A scale the layout can use: non-finite or non-positive values become 1.
    var sanitizedScale: Double {
        guard isFinite, self > 0 else { return 1 }
        return Swift.min(Swift.max(self, LayoutLimits.scaleRange.lowerBound), LayoutLimits.scaleRange.upperBound)
    }
}

extension Spacing {
    /// The spacing with a usable size and stretch weight.
    var sanitized: Spacing { Spacing(size.sanitizedLength, stretch: stretch.sanitizedWeight) }
}

extension Int {
    /// `self` clamped into `lower...upper` (upper ≥ lower assumed).
    func clamped(_ lower: Int, _ upper: Int) -> Int { Swift.min(Swift.max(self, lower), upper) }
}
