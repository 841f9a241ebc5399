import GridDocument
import GridLayout

/// How an item grid's lines go (DESIGN.md §9, `emptySlots`, `itemSize`):
/// - with spacing between items, or items smaller than their slots, lines and borders belong to
///   the items: each item gets its own box (the grid lines' styles, inset in its frame) and no
///   line runs down a gutter;
/// - packed items share the grid lines, but a line between two empty slots (or an empty slot
///   and the grid's edge) is not drawn when `emptySlots` is `hidden` (the default), so the grid
///   ends with its last item; `placeholder` draws empty slots as cells without content.
extension GridPainter {
    /// True for item grids whose items own their lines (spacing, or an item size).
    var itemsOwnLines: Bool {
        guard case .items(let items) = grid.spec.content else { return false }
        return items.itemSize != nil || grid.spec.columnSpacing.size > 0 || grid.spec.rowSpacing.size > 0
            || !grid.spec.columnSpacings.allSatisfy({ ($0?.size ?? 0) == 0 }) || !grid.spec.rowSpacings.allSatisfy({ ($0?.size ?? 0) == 0 })
    }

    /// True for item grids that leave empty slots unpainted and have some.
    var hidesEmptySlots: Bool {
        guard case .items = grid.spec.content, grid.emptySlots == .hidden else { return false }
        return geometry.cellCount < geometry.rows.count * geometry.columns.count
    }

    /// Whether slot (row, column) is an empty item slot (or outside the grid).
    private func isEmptySlot(row: Int, column: Int) -> Bool {
        guard row >= 0, row < geometry.rows.count, column >= 0, column < geometry.columns.count else { return true }
        if geometry.rowKinds[row] == .section { return false }
        return geometry.cell(row: row, column: column) == nil
    }

    /// A horizontal line at row edge `row` (between rows `row - 1` and `row`) in `column` has
    /// empty slots on both sides (hidden empty slots only).
    func emptyOnBothSides(row: Int, column: Int) -> Bool {
        guard hidesEmptySlots else { return false }
        return isEmptySlot(row: row - 1, column: column) && isEmptySlot(row: row, column: column)
    }

    /// A vertical line at column edge `column` in `row` has empty slots on both sides.
    func emptyOnBothSides(column: Int, row: Int) -> Bool {
        guard hidesEmptySlots else { return false }
        if geometry.rowKinds[row] == .section { return false }
        return isEmptySlot(row: row, column: column - 1) && isEmptySlot(row: row, column: column)
    }

    /// The styles of an item box's lines: `across` for its top and bottom, `down` for its sides
    /// (the outer line's where those are unset). The selection glow covers the same lines.
    var itemBoxLines: (across: LineStyle?, down: LineStyle?) {
        let lines = grid.gridLines
        return (lines.horizontal ?? lines.outer ?? lines.vertical, lines.vertical ?? lines.outer ?? lines.horizontal)
    }

    /// Each item's box — and each empty slot's, for `placeholder` — in the grid lines' styles
    /// (horizontal for top and bottom, vertical for the sides, the outer line's where those are
    /// unset), inset in the frame so boxes never reach into the gutters.
    func paintItemBoxes(_ cr: CairoContext, _ device: DeviceTransform, rows: Range<Int>, columns: Range<Int>) {
        let (across, down) = itemBoxLines
        // A side that a dashed border draws is left to it (`MaskedEdges`).
        func box(_ f: Rect, _ borders: Insets<LineStyle?> = Insets(all: nil)) {
            if let across {
                if !borders.top.isDashed { horizontalLine(device, y: f.y, x0: f.x, x1: f.maxX, across, .after) }
                if !borders.bottom.isDashed { horizontalLine(device, y: f.maxY, x0: f.x, x1: f.maxX, across, .before) }
            }
            if let down {
                if !borders.left.isDashed { verticalLine(device, x: f.x, y0: f.y, y1: f.maxY, down, .after) }
                if !borders.right.isDashed { verticalLine(device, x: f.maxX, y0: f.y, y1: f.maxY, down, .before) }
            }
        }
        forEachSlab { for (cell, style) in items where cell.item != nil { box(cell.frame, style.borders) } }
        if grid.emptySlots == .placeholder {
            let R = geometry.rows, C = geometry.columns
            for row in rows where geometry.rowKinds[row] != .section {
                for column in columns where isEmptySlot(row: row, column: column) {
                    box(Rect(x: C[column].offset, y: R[row].offset, width: C[column].size, height: R[row].size))
                }
            }
        }
        flushLines(cr)
    }
}
