import GridLayout

/// What an item grid paints in slots that hold no item (the end of the last line, the rest of
/// a section's line): `emptySlots` in a document (DESIGN.md §9).
public enum EmptySlots: String, Sendable, Hashable, CaseIterable {
    /// Nothing: no background, no lines, no borders — the grid ends with its last item.
    case hidden
    /// A cell without content: the cell style's background, borders and the grid lines.
    case placeholder
}

extension NodeDecoder {
    /// `emptySlots`, `itemSize` and `itemWidth` (item mode only).
    func decodeItemSlots(_ o: ObjectReader, into d: inout Document) throws(DocumentError) {
        for key in ["emptySlots", "itemSize", "itemWidth"] where o.has(key) && !d.isItemMode {
            throw error(o[key], key, "`\(key)` belongs to item mode (a document with `items`)")
        }
        if let n = o["emptySlots"] { d.emptySlots = try enumeration(n, "emptySlots", EmptySlots.self) }
        if let n = o["itemSize"] {
            let so = try object(n, "itemSize", allowed: ["width", "height"])
            var size = ItemSize()
            if let w = so["width"] { size.width = try length(w, so.path("width")) }
            if let h = so["height"] { size.height = try length(h, so.path("height")) }
            guard size.width != nil || size.height != nil else {
                throw error(n, "itemSize", "expected `width`, `height` or both")
            }
            d.itemSize = size
        }
        if let n = o["itemWidth"] { d.itemWidth = try itemHeight(n, "itemWidth") }
    }
}
