@testable import GridLayout
import GridTestSupport

/// A measurer driven by closures, standing in for Pango in tests.
struct FakeMeasurer: ContentMeasurer, Sendable {
    var widthOf: @Sendable (Int, Int) -> Double = { _, _ in 0 }
    var heightOf: @Sendable (Int, Int, Double) -> Double = { _, _, _ in 0 }
    func width(row: Int, column: Int) -> Double { widthOf(row, column) }
    func height(row: Int, column: Int, width: Double) -> Double { heightOf(row, column, width) }
    /// Item sizes by flow index (the horizontal direction); zero by default.
    var itemSizeOf: @Sendable (Int) -> Size = { _ in Size(width: 0, height: 0) }
    func itemSize(item: Int, row: Int, column: Int) -> Size { itemSizeOf(item) }
}

/// A table of `columns` columns and `rows` data rows.
func tableSpec(columns: Int, rows: Int = 1, width: Double? = nil, height: Double? = nil) -> GridSpec {
    GridSpec(content: .table(.init(columnCount: columns, rows: Array(repeating: .data, count: rows))),
             width: width, height: height)
}

/// An item grid of `count` items in one section.
func itemSpec(_ count: Int, limit: LineLimit? = nil, flow: Flow = .rows, itemHeight: ItemHeight? = nil,
              width: Double? = nil) -> GridSpec {
    GridSpec(content: .items(.init(sections: [.init(count: count)], flow: flow, limit: limit, itemHeight: itemHeight)),
             width: width)
}

extension Layout {
    var columnWidths: [Double] { columns.map(\.size) }
    var columnXs: [Double] { columns.map(\.offset) }
    var rowHeights: [Double] { rows.map(\.size) }
    var rowYs: [Double] { rows.map(\.offset) }
    var allCells: [PlacedCell] {
        var cells: [PlacedCell] = []
        forEachCell { cells.append($0) }
        return cells
    }
}

/// Rounds for comparing unsnapped values.
func rounded(_ values: [Double], _ places: Double = 100) -> [Double] { values.map { ($0 * places).rounded() / places } }
