import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// The C baseline's table (/work/shared/bench/baseline/table.c) rendered through GridDrawing:
/// bold header on a dark fill, zebra rows, 1 px grid lines, auto columns, 24 pt rows, numbers
/// right-aligned. Runs only with GRIDRENDER_BENCH=<csv path> (build with `-c release -Xswiftc -enable-testing`).
@Suite struct BenchmarkTests {
    struct CSVCells: CellSource {
        var rows: [[String]]
        var numeric: [[Bool]]
        static let styles: [ResolvedStyle] = {
            var header = ResolvedStyle()
            header.background = Color(red: 0.22, green: 0.29, blue: 0.40)
            header.color = .white
            header.font.weight = 700
            var odd = ResolvedStyle()
            odd.color = Color(red: 0.1, green: 0.1, blue: 0.12)
            var even = odd
            even.background = Color(red: 0.95, green: 0.96, blue: 0.98)
            var oddRight = odd, evenRight = even
            oddRight.align = .right
            evenRight.align = .right
            return [header, odd, even, oddRight, evenRight]
        }()
        func content(row: Int, column: Int, item: Int?) -> CellContent {
            column < rows[row].count ? .text(rows[row][column]) : .empty
        }
        func style(row: Int, column: Int, item: Int?) -> ResolvedStyle {
            if row == 0 { return Self.styles[0] }
            let right = column < numeric[row].count && numeric[row][column]
            return Self.styles[(row % 2 == 0 ? 2 : 1) + (right ? 2 : 0)]
        }
    }

    static func grid(csv path: String, scale: Double = 1) throws -> PreparedGrid {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(whereSeparator: \.isNewline)
        let rows = lines.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let numeric = rows.map { $0.map { Double($0) != nil } }
        var spec = GridSpec(content: .table(.init(columnCount: rows[0].count, rows: [.header] + Array(repeating: .data, count: rows.count - 1))))
        spec.defaultRowHeight = .fixed(24)
        spec.defaultColumnWidth = .auto()
        var grid = PreparedGrid(spec: spec, scale: scale, cells: CSVCells(rows: rows, numeric: numeric))
        let line = LineStyle(width: 1, color: Color(red: 0.80, green: 0.82, blue: 0.86))
        grid.gridLines.horizontal = line
        grid.gridLines.vertical = line
        return grid
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["GRIDRENDER_BENCH"] != nil))
    func renderBaselineTable() throws {
        let path = ProcessInfo.processInfo.environment["GRIDRENDER_BENCH"]!
        let out = ProcessInfo.processInfo.environment["GRIDRENDER_BENCH_OUT"] ?? NSTemporaryDirectory()
        let clock = ContinuousClock()
        let formats = (ProcessInfo.processInfo.environment["GRIDRENDER_BENCH_FORMATS"] ?? "png,svg,pdf")
            .split(separator: ",").compactMap { OutputFormat(rawValue: String($0)) }
        for format in formats {
            var times: [Duration] = []
            for _ in 0..<3 {
                let grid = try Self.grid(csv: path)
                times.append(try clock.measure { try GridRenderer.render(grid, to: "\(out)/bench.\(format.rawValue)") })
            }
            print("BENCH \(format) \(path.split(separator: "/").last!): best \(times.min()!) of \(times)")
        }
    }
}
