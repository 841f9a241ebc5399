import GridLayout

/// The grids the benchmark lays out.
enum Scenarios {
    /// A 1000×1000 table with mixed fixed and fill tracks in a fixed canvas, gaps and margins.
    static func mixedTable(size: Int = 1000) -> GridSpec {
        var spec = GridSpec(content: .table(.init(columnCount: size, rows: Array(repeating: .data, count: size))),
                            width: 120_000, height: 40_000, scale: 2)
        spec.columnWidths = (0..<size).map { index in
            switch index % 3 {
            case 0: return .fixed(80)
            case 1: return .fill(1, min: 20)
            default: return .fill(2, max: 400)
            }
        }
        spec.rowHeights = (0..<size).map { index in index % 2 == 0 ? .fixed(24) : .fill(1, min: 18) }
        spec.columnSpacing = Spacing(1)
        spec.rowSpacing = Spacing(1)
        spec.margins = Insets(all: Spacing(8))
        spec.frozenRows = 1
        spec.frozenColumns = 1
        return spec
    }

    /// A million items in 1000 columns.
    static func items() -> GridSpec {
        GridSpec(content: .items(.init(sections: [.init(count: 1_000_000)], limit: .maxColumns(1000),
                                       itemHeight: .lineSize(0))), width: 64_000)
    }
}

/// A cheap stand-in for Pango: sizes from the position, so auto sizing does real work.
struct ArithmeticMeasurer: ContentMeasurer {
    func width(row: Int, column: Int) -> Double { Double((row &* 31 &+ column &* 17) % 120) + 8 }
    func height(row: Int, column: Int, width: Double) -> Double { 14 + (width < 40 ? 14 : 0) }
}

extension Scenarios {
    /// A 1000×1000 table whose columns and rows are all `auto`: 2M measurer calls.
    static func autoTable(size: Int = 1000) -> GridSpec {
        GridSpec(content: .table(.init(columnCount: size, rows: Array(repeating: .data, count: size))))
    }
}
