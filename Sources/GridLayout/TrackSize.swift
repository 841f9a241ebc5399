/// How one column or row is sized (DESIGN.md §3, "TrackSize").
public struct TrackSize: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A fixed length in points.
        case fixed(Double)
        /// The largest content size in the track (text measured with the resolved style, plus padding).
        case auto
        /// A share, by weight, of the space left after fixed, fraction and auto tracks.
        case fill(weight: Double)
        /// A fraction 0…1 of the container length.
        case fraction(Double)
        /// Item mode only, as the default column width: as many columns as fit at width ≥ `min`,
        /// sharing the width equally, each clamped to `max` (AQGridView's and SwiftUI's adaptive grid).
        case adaptive
    }
    public var kind: Kind
    public var min: Double?
    public var max: Double?

    public init(_ kind: Kind, min: Double? = nil, max: Double? = nil) {
        self.kind = kind; self.min = min; self.max = max
    }
    public static func fixed(_ length: Double, min: Double? = nil) -> TrackSize { TrackSize(.fixed(length), min: min) }
    public static func auto(min: Double? = nil, max: Double? = nil) -> TrackSize { TrackSize(.auto, min: min, max: max) }
    public static func fill(_ weight: Double = 1, min: Double? = nil, max: Double? = nil) -> TrackSize {
        TrackSize(.fill(weight: weight), min: min, max: max)
    }
    public static func fraction(_ p: Double, min: Double? = nil, max: Double? = nil) -> TrackSize {
        TrackSize(.fraction(p), min: min, max: max)
    }
    public static func adaptive(min: Double, max: Double? = nil) -> TrackSize { TrackSize(.adaptive, min: min, max: max) }
}
