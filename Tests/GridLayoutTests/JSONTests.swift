import Testing
@testable import GridLayout

/// `Layout.json(units:)`: the exact text of DESIGN.md §6.
@Suite struct JSONTests {
    @Test func workedExample1() {
        var spec = tableSpec(columns: 6, width: 320)
        spec.defaultColumnWidth = .fill(1)
        spec.defaultRowHeight = .fixed(21)
        let expected = """
            {"size": {"width": 320, "height": 21}, "scale": 1,
             "columns": [{"x": 0, "width": 54}, {"x": 54, "width": 54}, {"x": 108, "width": 53}, \
            {"x": 161, "width": 53}, {"x": 214, "width": 53}, {"x": 267, "width": 53}],
             "rows": [{"y": 0, "height": 21, "kind": "data"}],
             "cells": [{"row": 0, "column": 0, "x": 0, "y": 0, "width": 54, "height": 21}, \
            {"row": 0, "column": 1, "x": 54, "y": 0, "width": 54, "height": 21}, \
            {"row": 0, "column": 2, "x": 108, "y": 0, "width": 53, "height": 21}, \
            {"row": 0, "column": 3, "x": 161, "y": 0, "width": 53, "height": 21}, \
            {"row": 0, "column": 4, "x": 214, "y": 0, "width": 53, "height": 21}, \
            {"row": 0, "column": 5, "x": 267, "y": 0, "width": 53, "height": 21}]}
            """
        #expect(LayoutEngine.layout(spec).json(units: .points) == expected)
    }

    @Test func itemModeInPixelsWithOverflowAndSpans() {
        var spec = itemSpec(3, limit: .maxColumns(2), itemHeight: .lineSize(10), width: 20)
        spec.height = 15
        spec.scale = 2
        spec.spans = [CellSpan(row: 1, column: 0, columns: 2)]
        let expected = """
            {"size": {"width": 40, "height": 30}, "contentSize": {"width": 40, "height": 40}, "scale": 2,
             "columns": [{"x": 0, "width": 20}, {"x": 20, "width": 20}],
             "rows": [{"y": 0, "height": 20, "kind": "item"}, {"y": 20, "height": 20, "kind": "item"}],
             "cells": [{"row": 0, "column": 0, "x": 0, "y": 0, "width": 20, "height": 20, "item": 0}, \
            {"row": 0, "column": 1, "x": 20, "y": 0, "width": 20, "height": 20, "item": 1}, \
            {"row": 1, "column": 0, "x": 0, "y": 20, "width": 40, "height": 20, "columnSpan": 2, "item": 2}]}
            """
        let layout = LayoutEngine.layout(spec)
        #expect(layout.json(units: .pixels) == expected)
        #expect(layout.json(units: .points).hasPrefix("{\"size\": {\"width\": 20, \"height\": 15}, \"contentSize\": {\"width\": 20, \"height\": 20}, \"scale\": 2,"))
    }

    @Test func fractionalPointsAndSectionCells() {
        var spec = GridSpec(content: .items(.init(sections: [.init(count: 1, hasHeader: true)], limit: .maxColumns(1),
                                                  itemHeight: .lineSize(4))), width: 10, scale: 2)
        spec.defaultColumnWidth = .fixed(1.5)
        spec.snapping = .none
        spec.content = .items(.init(sections: [.init(count: 1, hasHeader: true)], limit: .maxColumns(1),
                                    itemHeight: .lineSize(4)))
        let json = LayoutEngine.layout(spec).json(units: .points)
        #expect(json.contains("\"columns\": [{\"x\": 0, \"width\": 1.5}]"))
        #expect(json.contains("\"kind\": \"section\""))
        #expect(json.contains("{\"row\": 0, \"column\": 0, \"x\": 0, \"y\": 0, \"width\": 1.5, \"height\": 0}, "))
        #expect(JSONNumber.format(-0.0) == "0")
        #expect(JSONNumber.format(.nan) == "0")
        #expect(JSONNumber.format(33.5) == "33.5")
    }

    @Test func tableSectionRowAndAlignedFrames() {
        var spec = GridSpec(content: .table(.init(columnCount: 2, rows: [.header, .section, .data])))
        spec.defaultColumnWidth = .fixed(10)
        spec.defaultRowHeight = .fixed(4)
        spec.cellAlignment = AxisPair(horizontal: .center, vertical: .fill)
        let measurer = FakeMeasurer(widthOf: { _, _ in 4 })
        let expected = """
            {"size": {"width": 20, "height": 12}, "scale": 1,
             "columns": [{"x": 0, "width": 10}, {"x": 10, "width": 10}],
             "rows": [{"y": 0, "height": 4, "kind": "header"}, {"y": 4, "height": 4, "kind": "section"}, \
            {"y": 8, "height": 4, "kind": "data"}],
             "cells": [{"row": 0, "column": 0, "x": 3, "y": 0, "width": 4, "height": 4}, \
            {"row": 0, "column": 1, "x": 13, "y": 0, "width": 4, "height": 4}, \
            {"row": 1, "column": 0, "x": 8, "y": 4, "width": 4, "height": 4, "columnSpan": 2}, \
            {"row": 2, "column": 0, "x": 3, "y": 8, "width": 4, "height": 4}, \
            {"row": 2, "column": 1, "x": 13, "y": 8, "width": 4, "height": 4}]}
            """
        #expect(LayoutEngine.layout(spec, measurer: measurer).json(units: .points) == expected)
    }

    @Test func emptyGrid() {
        let layout = LayoutEngine.layout(GridSpec(content: .table(.init(columnCount: 0, rows: []))))
        #expect(layout.json(units: .points) == "{\"size\": {\"width\": 0, \"height\": 0}, \"scale\": 1,\n \"columns\": [],\n \"rows\": [],\n \"cells\": []}")
    }

    /// The lengths of a layout JSON text: every `x`, `y`, `width` and `height` value, in order.
    static func lengths(_ json: String) -> [Double] {
        var values: [Double] = []
        let chars = Array(json)
        var index = 0
        var key = ""
        while index < chars.count {
            if chars[index] == "\"" {
                var end = index + 1
                while end < chars.count && chars[end] != "\"" { end += 1 }
                key = String(chars[(index + 1)..<end])
                index = end + 1
            } else if "0123456789-".contains(chars[index]) {
                var end = index
                while end < chars.count && "0123456789.-".contains(chars[end]) { end += 1 }
                if ["x", "y", "width", "height"].contains(key) { values.append(Double(String(chars[index..<end]))!) }
                key = ""
                index = end
            } else {
                index += 1
            }
        }
        return values
    }

    @Test func pixelsAtScale2And3AreExactMultiplesOfScale1() {
        var spec = tableSpec(columns: 7, rows: 5, width: 333)
        spec.defaultColumnWidth = .fill(1)
        spec.columnSpacing = Spacing(3.4)
        spec.margins = Insets(top: Spacing(1.3), right: Spacing(2.6), bottom: Spacing(0), left: Spacing(2.2))
        spec.rowHeights = [.fixed(20.6), .fixed(21.2), nil, .fixed(19.5)]
        spec.defaultRowHeight = .fixed(22.25)
        spec.spans = [CellSpan(row: 1, column: 2, rows: 2, columns: 3)]
        let one = Self.lengths(LayoutEngine.layout(spec).json(units: .pixels))
        #expect(one.count > 40 && one.allSatisfy { $0 == $0.rounded() })
        for scale in [2.0, 3] {
            spec.scale = scale
            let layout = LayoutEngine.layout(spec)
            #expect(Self.lengths(layout.json(units: .pixels)) == one.map { $0 * scale })
            #expect(layout.json(units: .points).replacingScale() == LayoutEngine.layout({ var s = spec; s.scale = 1; return s }()).json(units: .points).replacingScale())
        }
    }

    @Test func pixelsAtAFractionalScaleRoundEdgesAndKeepNeighbours() {
        var spec = tableSpec(columns: 2, width: 200)
        spec.defaultColumnWidth = .fixed(50)
        spec.columnSpacing = Spacing(5)
        spec.margins = Insets(top: Spacing(0), right: Spacing(10, stretch: 1), bottom: Spacing(0),
                              left: Spacing(10, stretch: 1))
        spec.defaultRowHeight = .fixed(10)
        spec.scale = 1.5
        let json = LayoutEngine.layout(spec).json(units: .pixels)
        // DESIGN.md worked example 7 (x = 48 and 103 points), then × 1.5 rounded half up.
        #expect(json.contains("\"columns\": [{\"x\": 72, \"width\": 75}, {\"x\": 155, \"width\": 75}]"))
        #expect(json.hasPrefix("{\"size\": {\"width\": 300, \"height\": 15}"))
    }
}

private extension String {
    /// The text with its `"scale": n` entry removed.
    func replacingScale() -> String {
        let parts = split(separator: ",", omittingEmptySubsequences: false)
        return parts.filter { !$0.contains("\"scale\": ") }.joined(separator: ",")
    }
}
