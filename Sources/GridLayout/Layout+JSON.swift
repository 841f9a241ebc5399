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
    /// Integers print without ".0"; the text is deterministic and has no trailing newline.
    public func json(units: LayoutUnits) -> String {
        let factor = units == .pixels ? scale : 1
        let whole = units == .pixels && cellMap.snapping != .none
        func number(_ points: Double) -> String {
            var value = points * factor
            if whole { value = value.rounded() }
            return JSONNumber.format(value)
        }
        var out = "{\"size\": {\"width\": \(number(size.width)), \"height\": \(number(size.height))}"
        if contentSize != size {
            out += ", \"contentSize\": {\"width\": \(number(contentSize.width)), \"height\": \(number(contentSize.height))}"
        }
        out += ", \"scale\": \(JSONNumber.format(scale)),\n \"columns\": ["
        for (index, column) in columns.enumerated() {
            if index > 0 { out += ", " }
            out += "{\"x\": \(number(column.offset)), \"width\": \(number(column.size))}"
        }
        out += "],\n \"rows\": ["
        for (index, row) in rows.enumerated() {
            if index > 0 { out += ", " }
            let kind = index < rowKinds.count ? rowKinds[index].rawValue : RowKind.data.rawValue
            out += "{\"y\": \(number(row.offset)), \"height\": \(number(row.size)), \"kind\": \"\(kind)\"}"
        }
        out += "],\n \"cells\": ["
        var first = true
        forEachCell { cell in
            if !first { out += ", " }
            first = false
            let frame = cell.frame
            out += "{\"row\": \(cell.row), \"column\": \(cell.column), \"x\": \(number(frame.x)), "
            out += "\"y\": \(number(frame.y)), \"width\": \(number(frame.width)), \"height\": \(number(frame.height))"
            if cell.rowSpan > 1 { out += ", \"rowSpan\": \(cell.rowSpan)" }
            if cell.columnSpan > 1 { out += ", \"columnSpan\": \(cell.columnSpan)" }
            if let item = cell.item { out += ", \"item\": \(item)" }
            out += "}"
        }
        out += "]}"
        return out
    }
}

/// JSON number text: whole numbers without ".0" (and never "-0"), others in Swift's shortest
/// round-tripping form; non-finite values (which the layout never produces) as 0.
enum JSONNumber {
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
