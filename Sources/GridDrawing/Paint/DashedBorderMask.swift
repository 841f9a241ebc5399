import GridDocument
import GridLayout

/// Dashed cell borders mask what they cover (DESIGN.md §9, issue 14): a dashed border replaces
/// the grid line on its edge, as a dashed header rule replaces the row line under it, so the
/// line does not show through the dash gaps. Solid borders keep the line under them (nothing
/// shows through a solid border). The outer line, drawn after the cells, leaves those edges out
/// too (`GridPainter.unmasked`). Only edges where tracks touch carry a grid line; with spacing,
/// table lines run down the gaps' middles (nothing to mask) and item boxes lie on the items'
/// frames (`paintItemBoxes` leaves out a side a dashed border draws).
///
/// Built per region from the cells being painted, so a band costs what is in it; empty (and free
/// to query) when no cell has a dashed border.
struct MaskedEdges {
    /// Edge `j` between rows `j − 1` and `j`, under column `c`.
    private var horizontal: Set<EdgeKey> = []
    /// Edge `i` between columns `i − 1` and `i`, beside row `r`.
    private var vertical: Set<EdgeKey> = []

    private struct EdgeKey: Hashable {
        var edge: Int
        var track: Int
    }

    var isEmpty: Bool { horizontal.isEmpty && vertical.isEmpty }

    init() {}

    init(_ items: [(cell: PlacedCell, style: ResolvedStyle)]) {
        for (cell, style) in items {
            let b = style.borders
            let columns = cell.column..<(cell.column + cell.columnSpan), rows = cell.row..<(cell.row + cell.rowSpan)
            if b.top.isDashed { for c in columns { horizontal.insert(EdgeKey(edge: cell.row, track: c)) } }
            if b.bottom.isDashed { for c in columns { horizontal.insert(EdgeKey(edge: rows.upperBound, track: c)) } }
            if b.left.isDashed { for r in rows { vertical.insert(EdgeKey(edge: cell.column, track: r)) } }
            if b.right.isDashed { for r in rows { vertical.insert(EdgeKey(edge: columns.upperBound, track: r)) } }
        }
    }

    /// Adds the edges of `other` (the masks of a region painted in slabs: `ItemSlabs`).
    mutating func add(_ other: MaskedEdges) {
        horizontal.formUnion(other.horizontal)
        vertical.formUnion(other.vertical)
    }

    /// The columns along which a dashed border lies on row edge `edge` (the outer line's top
    /// and bottom: `GridPainter.unmasked`).
    func columns(alongRowEdge edge: Int) -> [Int] { horizontal.filter { $0.edge == edge }.map(\.track) }

    /// The rows along which a dashed border lies on column edge `edge`.
    func rows(alongColumnEdge edge: Int) -> [Int] { vertical.filter { $0.edge == edge }.map(\.track) }

    /// True when a dashed border lies on the row edge `edge` above or below column `column`.
    func hidesRowEdge(_ edge: Int, column: Int) -> Bool {
        !horizontal.isEmpty && horizontal.contains(EdgeKey(edge: edge, track: column))
    }

    /// True when a dashed border lies on the column edge `edge` beside row `row`.
    func hidesColumnEdge(_ edge: Int, row: Int) -> Bool {
        !vertical.isEmpty && vertical.contains(EdgeKey(edge: edge, track: row))
    }
}

extension Optional where Wrapped == LineStyle {
    /// A border that is drawn dashed (a dash list with some length in it).
    var isDashed: Bool {
        guard let line = self else { return false }
        return line.width > 0 && line.dash.contains { $0 > 0 }
    }
}
