extension Layout {
    /// The JSON of `gridrender layout` (DESIGN.md §6):
    ///
    ///     {"size": {"width": 320, "height": 42}, "scale": 1,
    ///      "columns": [{"x": 0, "width": 54}, …],
    ///      "rows": [{"y": 0, "height": 21, "kind": "item"}, …],
    ///      "cells": [{"row": 0, "column": 0, "x": 0, "y": 0, "width": 54, "height": 21, "item": 0}, …]}
    ///
    /// `contentSize` follows `size` when it differs. A spanning cell adds `rowSpan`/
    /// `columnSpan` (when > 1) after `height`; `item` appears in item mode for item cells only.
    /// A table with spanners adds `"spanners": [{"label", "level", "x", "y", "width", "height"}]`
    /// (level 0 nearest the column titles) after the cells.
    /// Integers print without ".0". Pixel values (`units: .pixels`) are the snapped points times
    /// the scale — exactly, at an integer scale; at a fractional one each edge is rounded to the
    /// nearest pixel and sizes are differences of rounded edges (`PixelEdges`) — whole numbers
    /// unless snapping is `none`. The text is deterministic and has no trailing newline.
    package func json(units: LayoutUnits) -> String {
        let factor = units == .pixels ? scale : 1
        let whole = units == .pixels && cellMap.snapping != .none
        var out = JSONWriter(capacity: Swift.min(64 * (columns.count + rows.count) + 96 * cellCount + 128, 1 << 26))
        /// A position: points × scale; in whole pixels, rounded to the nearest (`PixelEdges`).
        func position(_ points: Double) {
            out.number(whole ? PixelEdges.edge(points, scale: factor) : points * factor)
        }
        /// A length starting at `start`: in whole pixels, the difference of its rounded edges.
        func length(_ points: Double, from start: Double = 0) {
            out.number(whole ? PixelEdges.span(start: start, length: points, scale: factor).length : points * factor)
        }
        out.raw("{\"size\": {\"width\": "); length(size.width)
        out.raw(", \"height\": "); length(size.height); out.raw("}")
        if contentSize != size {
            out.raw(", \"contentSize\": {\"width\": "); length(contentSize.width)
            out.raw(", \"height\": "); length(contentSize.height); out.raw("}")
        }
        out.raw(", \"scale\": "); out.number(scale)
        out.raw(",\n \"columns\": [")
        for (index, column) in columns.enumerated() {
            if index > 0 { out.raw(", ") }
            out.raw("{\"x\": "); position(column.offset)
            out.raw(", \"width\": "); length(column.size, from: column.offset); out.raw("}")
        }
        out.raw("],\n \"rows\": [")
        for (index, row) in rows.enumerated() {
            if index > 0 { out.raw(", ") }
            out.raw("{\"y\": "); position(row.offset)
            out.raw(", \"height\": "); length(row.size, from: row.offset)
            out.raw(", \"kind\": "); out.string(index < rowKinds.count ? rowKinds[index].rawValue : RowKind.data.rawValue)
            out.raw("}")
        }
        out.raw("],\n \"cells\": [")
        var first = true
        forEachCell { cell in
            if !first { out.raw(", ") }
            first = false
            out.raw("{\"row\": "); out.integer(cell.row)
            out.raw(", \"column\": "); out.integer(cell.column)
            out.raw(", \"x\": "); position(cell.frame.x)
            out.raw(", \"y\": "); position(cell.frame.y)
            out.raw(", \"width\": "); length(cell.frame.width, from: cell.frame.x)
            out.raw(", \"height\": "); length(cell.frame.height, from: cell.frame.y)
            if cell.rowSpan > 1 { out.raw(", \"rowSpan\": "); out.integer(cell.rowSpan) }
            if cell.columnSpan > 1 { out.raw(", \"columnSpan\": "); out.integer(cell.columnSpan) }
            if let item = cell.item { out.raw(", \"item\": "); out.integer(item) }
            out.raw("}")
        }
        out.raw("]")
        if !spanners.isEmpty {
            // Level 0 is the row nearest the column titles.
            out.raw(",\n \"spanners\": [")
            var firstSpanner = true
            for spanner in spanners {
                guard let frame = frame(of: spanner) else { continue }
                if !firstSpanner { out.raw(", ") }
                firstSpanner = false
                out.raw("{\"label\": "); out.string(spanner.label)
                out.raw(", \"level\": "); out.integer(spanner.level)
                out.raw(", \"x\": "); length(frame.x)
                out.raw(", \"y\": "); length(frame.y)
                out.raw(", \"width\": "); length(frame.width)
                out.raw(", \"height\": "); length(frame.height)
                out.raw("}")
            }
            out.raw("]")
        }
        out.raw("}")
        return out.text
    }
}

/// JSON number text, as `Layout.json(units:)` writes it.
enum JSONNumber {
    static func format(_ value: Double) -> String {
        var writer = JSONWriter(capacity: 24)
        writer.number(value)
        return writer.text
    }
}
