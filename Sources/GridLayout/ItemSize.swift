/// The size of an item inside its slot in item mode (`itemSize` in a document; DESIGN.md §9).
///
/// Slots are what the tracks give each item; an item with a size smaller than its slot is
/// placed in it by `cellAlignment` (`fill`, the default, centres it on that axis, as AQGridView
/// centres fixed-size cells). A side left nil fills the slot along that axis. Without explicit
/// track sizes the slots are at least the item size: columns default to `{"fill": 1, "min":
/// width}` and item rows to `height` (unless `itemHeight` or `defaultRowHeight` says otherwise).
public struct ItemSize: Sendable, Hashable {
    public var width: Double?
    public var height: Double?
    public init(width: Double? = nil, height: Double? = nil) { self.width = width; self.height = height }
}
