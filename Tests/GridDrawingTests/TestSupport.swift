import Foundation
import GridDocument
import GridLayout
@testable import GridDrawing
import GridTestSupport

/// A hand-built cell source: contents row-major, styles from a closure of (row, column).
struct TestCells: CellSource {
    var contents: [[CellContent]]
    var styler: @Sendable (Int, Int) -> ResolvedStyle

    func content(row: Int, column: Int, item: Int?) -> CellContent {
        row < contents.count && column < contents[row].count ? contents[row][column] : .empty
    }
    func style(row: Int, column: Int, item: Int?) -> ResolvedStyle { styler(row, column) }
}

extension Color {
    init(hex: UInt32) {
        self.init(red: Double((hex >> 16) & 0xff) / 255, green: Double((hex >> 8) & 0xff) / 255, blue: Double(hex & 0xff) / 255)
    }
}

/// A table-mode grid: one header row then data rows, fixed or auto columns, fixed row height.
func makeTable(_ rows: [[CellContent]], columnWidths: [TrackSize?] = [], rowHeight: Double? = 24,
               header: Bool = true, scale: Double = 1,
               styler: @escaping @Sendable (Int, Int) -> ResolvedStyle = { _, _ in ResolvedStyle() },
               configure: (inout PreparedGrid) -> Void = { _ in }) -> PreparedGrid {
    let columnCount = rows.map(\.count).max() ?? 0
    let kinds: [RowKind] = rows.indices.map { header && $0 == 0 ? .header : .data }
    var spec = GridSpec(content: .table(.init(columnCount: columnCount, rows: kinds)), scale: scale)
    spec.columnWidths = columnWidths
    if let rowHeight { spec.defaultRowHeight = .fixed(rowHeight) }
    var grid = PreparedGrid(spec: spec, scale: scale, cells: TestCells(contents: rows, styler: styler))
    configure(&grid)
    return grid
}

func text(_ rows: [[String]]) -> [[CellContent]] { rows.map { $0.map { .text($0) } } }

/// Runs a command, returning its exit status and standard output.
@discardableResult
func run(_ arguments: [String], input: Data? = nil) throws -> (status: Int32, output: Data) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, data)
}

/// A fresh temporary directory for one test.
func temporaryDirectory() throws -> URL {
    URL(fileURLWithPath: try TestScratch.directory("drawing"))
}

/// Renders every grid at once, one task each; the bytes in the order of `grids`.
func renderConcurrently(_ grids: [PreparedGrid], format: OutputFormat) async throws -> [[UInt8]] {
    try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
        for (index, grid) in grids.enumerated() {
            group.addTask { (index, try GridRenderer.render(grid, format: format)) }
        }
        var results = [[UInt8]](repeating: [], count: grids.count)
        for try await (index, bytes) in group { results[index] = bytes }
        return results
    }
}

/// The text styles glyph tests draw real text in: four DejaVu faces (sans, bold, serif italic,
/// mono) at 6.5, 9, 13 and 24 points, and the text they show (kerned pairs, digits, descenders).
enum GlyphSampleStyles {
    static let text = "Quick brown fox, jumps AVAT over lazy dogs: 0123456789 Wy // jj"

    /// Each style with its size in points.
    static var all: [(style: ResolvedStyle, size: Double)] {
        [("DejaVu Sans", 400, false), ("DejaVu Sans", 700, false), ("DejaVu Serif", 400, true), ("DejaVu Sans Mono", 400, false)]
            .flatMap { family, weight, italic in
                [6.5, 9.0, 13.0, 24.0].map { size in
                    var style = ResolvedStyle()
                    style.font.family = family
                    style.font.size = size
                    style.font.weight = weight
                    style.font.italic = italic
                    return (style, size)
                }
            }
    }
}
