import GridDocument
import GridLayout
@testable import GridDrawing
import GridTestSupport

/// Tables made from a seed for the accessible SVG's generated cases: random sizes, header rows,
/// section rows, spans, and cell texts that hold what XML must escape (`<&>"'`), controls XML
/// does not allow, newlines, non-Latin scripts and empty cells.
struct GeneratedTables {
    private var random: SplitMix

    init(seed: UInt64) { random = SplitMix(seed: seed) }

    private mutating func below(_ n: Int) -> Int { random.below(n) }

    static let pieces = ["a", "Zürich", "<b>", "&amp;", "\"q\"", "'s", "1,250.5", "\u{1}", "\u{FFFE}", "line\nbreak", "東京", "שלום", " ", "-", "x > y"]

    mutating func text() -> String {
        if below(6) == 0 { return "" }
        return (0...below(3)).map { _ in Self.pieces[below(Self.pieces.count)] }.joined(separator: below(2) == 0 ? " " : "")
    }

    /// A table of 1–6 columns and 2–30 rows: 0–2 header rows, a section row now and then, and
    /// a few spans that do not overlap.
    mutating func table() -> PreparedGrid {
        let columns = 1 + below(6), rows = 2 + below(29), headers = below(3)
        let kinds: [RowKind] = (0..<rows).map { $0 < headers ? .header : ($0 > headers && below(8) == 0 ? .section : .data) }
        let contents: [[CellContent]] = (0..<rows).map { _ in (0..<columns).map { _ in .text(text()) } }
        var spec = GridSpec(content: .table(.init(columnCount: columns, rows: kinds)))
        spec.defaultRowHeight = .fixed(20)
        var taken = Set<[Int]>()
        for _ in 0..<below(4) {
            let r = below(rows), c = below(columns), h = 1 + below(3), w = 1 + below(3)
            guard r + h <= rows, c + w <= columns, h * w > 1 else { continue }
            let positions = (r..<r + h).flatMap { y in (c..<c + w).map { [y, $0] } }
            guard (r..<r + h).allSatisfy({ kinds[$0] != .section }), positions.allSatisfy({ !taken.contains($0) }) else { continue }
            taken.formUnion(positions)
            spec.spans.append(CellSpan(row: r, column: c, rows: h, columns: w))
        }
        var grid = PreparedGrid(spec: spec, cells: TestCells(contents: contents, styler: { _, _ in ResolvedStyle() }))
        grid.padding = Insets(all: Double(below(10)))
        grid.gridLines.horizontal = LineStyle(width: 1, color: Color(hex: 0xd0d4dc))
        return grid
    }
}
