public import GridDocument
public import GridLayout

extension Document {
    /// A column of a grid built in code, described the way SwiftUI's `GridItem` describes the
    /// columns of a `LazyVGrid`: `.fixed(80)`, `.flexible(minimum:maximum:)` or
    /// `.adaptive(minimum:maximum:)`.
    ///
    /// ```swift
    /// let columns: [Document.GridItem] = [.fixed(48), .flexible(minimum: 120), .flexible()]
    /// ```
    ///
    /// Each maps onto a `TrackSize` (``trackSize``): `fixed` is a fixed track, `flexible` a fill
    /// track of weight 1 clamped to the bounds, `adaptive` the item-mode adaptive column (as many
    /// columns as fit at the minimum width). One difference from SwiftUI: gridrender has no default
    /// gap, so `spacing` is 0 unless set.
    public struct GridItem: Sendable, Hashable {
        /// How wide the column is.
        public enum Size: Sendable, Hashable {
            /// Exactly this many points.
            case fixed(Double)
            /// A share of the width left after fixed columns, kept within the bounds.
            case flexible(minimum: Double = 10, maximum: Double = .infinity)
            /// As many columns as fit at `minimum` points or wider, sharing the width; item grids only.
            case adaptive(minimum: Double, maximum: Double = .infinity)
        }

        /// How wide the column is.
        public var size: Size
        /// The gap after this column, in points (nil = the grid's `columnSpacing`).
        public var spacing: Double?

        /// A column of `size` with the gap after it (nil = the grid's column spacing).
        public init(_ size: Size = .flexible(), spacing: Double? = nil) {
            self.size = size; self.spacing = spacing
        }

        /// A column exactly `width` points wide.
        public static func fixed(_ width: Double, spacing: Double? = nil) -> GridItem { GridItem(.fixed(width), spacing: spacing) }

        /// A column sharing the free width (weight 1), at least `minimum` and at most `maximum` points.
        public static func flexible(minimum: Double = 10, maximum: Double = .infinity, spacing: Double? = nil) -> GridItem {
            GridItem(.flexible(minimum: minimum, maximum: maximum), spacing: spacing)
        }

        /// As many columns as fit at `minimum` points or wider (item grids only).
        public static func adaptive(minimum: Double, maximum: Double = .infinity, spacing: Double? = nil) -> GridItem {
            GridItem(.adaptive(minimum: minimum, maximum: maximum), spacing: spacing)
        }

        /// The layout core's track size for this column.
        public var trackSize: TrackSize {
            switch size {
            case .fixed(let w): return .fixed(w)
            case .flexible(let lo, let hi): return .fill(1, min: lo > 0 ? lo : nil, max: hi.isFinite ? hi : nil)
            case .adaptive(let lo, let hi): return .adaptive(min: lo, max: hi.isFinite ? hi : nil)
            }
        }

        var isAdaptive: Bool { if case .adaptive = size { return true } else { return false } }
    }

}
