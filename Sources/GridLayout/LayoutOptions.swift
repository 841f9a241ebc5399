/// Where leftover space goes on an axis when no fill track or stretchable spacing takes it.
public enum Distribution: String, Sendable, Hashable, CaseIterable {
    /// `start` leaves the space after the last track (in the trailing margin), `end` before the
    /// first, `center` half each side. `spaceBetween` puts it in the gaps (one track: `start`),
    /// `spaceAround` half a share at each end and a share per gap, `spaceEvenly` equal shares
    /// at both ends and in every gap.
    case start, center, end, spaceBetween, spaceAround, spaceEvenly
    /// Auto tracks grow equally; with no auto track every track grows equally, so `stretch`
    /// always fills the container. The growth ignores `max`.
    case stretch
}

/// How a cell's frame sits inside the slot its tracks give it.
public enum CellAlignment: String, Sendable, Hashable, CaseIterable {
    /// The frame is the whole slot (the default).
    case fill
    case start, center, end
}

/// What happens when a fill track's share is below its `min` (DESIGN.md §3 step 3).
public enum MinimumPolicy: String, Sendable, Hashable, CaseIterable {
    /// IGGridView's rule: one pass; a track below its min gets its min, the others keep their share.
    /// A track above its max gets its max; the surplus is not shared again but goes by `Distribution`.
    case overflow
    /// CSS `fr`: clamped tracks are frozen and the rest is shared again until nothing violates.
    case reflow
}

/// How unrounded edges become pixels (DESIGN.md §3, "Pixel snapping").
public enum Snapping: String, Sendable, Hashable, CaseIterable {
    /// Floor every segment, then hand the leftover pixels to the largest fractional parts.
    case distribute
    /// Round every absolute edge to the nearest pixel (halves up).
    case nearest
    /// Unrounded.
    case none
}

/// The order items are placed in, in item mode.
public enum Flow: String, Sendable, Hashable, CaseIterable {
    /// Left to right, then down.
    case rows
    /// Top to bottom, then right.
    case columns
}

/// How tall item-mode rows are, derived from the column width (DESIGN.md §3).
public enum ItemHeight: Sendable, Hashable {
    /// A fixed height; `lineSize(0)` means the average column width, rounded.
    case lineSize(Double)
    /// Column width × m.
    case multiplier(Double)
    /// Column width + e.
    case `extension`(Double)
}

/// The limit that decides the track count along the flow's cross axis in item mode.
public enum LineLimit: Sendable, Hashable {
    case maxColumns(Int)
    case maxRows(Int)
}

/// What a row holds, as reported by `gridrender layout`.
public enum RowKind: String, Sendable, Hashable {
    case header, section, data, item
}

/// A cell that covers more than one track.
public struct CellSpan: Sendable, Hashable {
    public var row: Int
    public var column: Int
    public var rows: Int
    public var columns: Int
    public init(row: Int, column: Int, rows: Int = 1, columns: Int = 1) {
        self.row = row; self.column = column; self.rows = rows; self.columns = columns
    }
}
