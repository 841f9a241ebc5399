import GridLayout

/// The `CellSource` built by `Document.prepare`: cell contents formatted on demand and styles
/// looked up in a small table of pre-resolved row-class × column × selected combinations.
///
/// Storage stays compact for big tables: CSV rows are kept as the parser's strings and one
/// `RowRef` (a few bytes) per layout row says where a row comes from; no per-cell
/// `ResolvedStyle` or `CellContent` is stored. Only cells with their own style are resolved
/// per call.
public struct DocumentCellSource: CellSource, Sendable {
    /// Where a layout row's cells come from.
    enum RowSource: Sendable, Hashable {
        /// Column titles (the first header row).
        case titles
        /// Index into `strings` (CSV/TSV rows).
        case strings(Int)
        /// Index into `cells` (inline rows, records, JSON records).
        case cells(Int)
        /// A section header; the section's index.
        case section(Int)
    }

    /// Style classes; the row part of the cascade.
    enum RowClass: Int, Sendable, CaseIterable { case header, section, row, alternateRow, item }

    struct RowRef: Sendable {
        var source: RowSource
        var rowClass: RowClass
    }

    struct Column: Sendable {
        var key: String
        var title: String
        var format: NumberFormatSpec?
        /// Index of the column in a CSV row (CSV sources only).
        var csvIndex: Int
    }

    let columns: [Column]
    let rows: [RowRef]
    let strings: [[String]]
    let cells: [[Document.Cell]]
    let sectionTitles: [String]
    let selectedRows: Set<Int>

    // Item mode.
    let isItemMode: Bool
    /// Items of each item section (nil = placeholders); `itemStarts[s]` is the flow index of its first item.
    let itemLists: [[Document.Cell]?]
    let itemStarts: [Int]
    let selectedItems: Set<Int>
    /// Section index of each section header row, where the placement is predictable.
    let itemSectionHeaderRows: [Int: Int]

    let blending: Bool
    /// Resolved styles by (class, column, selected).
    let styleTable: [ResolvedStyle]
    let columnCountForStyles: Int

    public func content(row: Int, column: Int, item: Int?) -> CellContent {
        if isItemMode {
            if let item { return itemCell(item).map(Self.format) ?? .empty }
            if column == 0, let s = itemSectionHeaderRows[row] { return .text(sectionTitles[s]) }
            return .empty
        }
        guard rows.indices.contains(row), columns.indices.contains(column) else { return .empty }
        switch rows[row].source {
        case .titles:
            return .text(columns[column].title.withVisibleNUL)
        case .section(let s):
            return column == 0 ? .text(sectionTitles[s]) : .empty
        case .strings(let i):
            let r = strings[i]
            let index = columns[column].csvIndex
            guard r.indices.contains(index) else { return .empty }
            return formatText(r[index], columns[column].format)
        case .cells(let i):
            let r = cells[i]
            guard r.indices.contains(column) else { return .empty }
            return format(r[column], columns[column].format)
        }
    }

    public func style(row: Int, column: Int, item: Int?) -> ResolvedStyle {
        if isItemMode {
            if let item {
                let base = styleFor(.item, column: 0, selected: selectedItems.contains(item))
                if let own = itemCell(item)?.style { return base.cascading(own, blending: blending) }
                return base
            }
            return styleFor(.section, column: 0, selected: false)
        }
        guard rows.indices.contains(row) else { return ResolvedStyle() }
        let ref = rows[row]
        let base = styleFor(ref.rowClass, column: ref.rowClass == .section ? 0 : column, selected: selectedRows.contains(row))
        if case .cells(let i) = ref.source, cells[i].indices.contains(column), let own = cells[i][column].style {
            return base.cascading(own, blending: blending)
        }
        return base
    }

    /// The title of section `section` (what a section header row shows); for item mode, where the
    /// row of a section header depends on placement, the drawer can use `PlacedCell.section`.
    public func sectionTitle(_ section: Int) -> String? {
        sectionTitles.indices.contains(section) ? sectionTitles[section] : nil
    }

    /// Number of layout rows in table mode (header rows, section headers, data rows).
    public var rowCount: Int { rows.count }

    func styleFor(_ rowClass: RowClass, column: Int, selected: Bool) -> ResolvedStyle {
        let c = Swift.max(0, Swift.min(column, columnCountForStyles - 1))
        return styleTable[(rowClass.rawValue * columnCountForStyles + c) * 2 + (selected ? 1 : 0)]
    }

    func itemCell(_ item: Int) -> Document.Cell? {
        guard item >= 0 else { return nil }
        // Binary search for the last section starting at or before `item`.
        var lo = 0, hi = itemStarts.count - 1, found = -1
        while lo <= hi {
            let mid = (lo + hi) / 2
            if itemStarts[mid] <= item { found = mid; lo = mid + 1 } else { hi = mid - 1 }
        }
        guard found >= 0, let list = itemLists[found] else { return nil }
        let local = item - itemStarts[found]
        return list.indices.contains(local) ? list[local] : nil
    }

    static func format(_ cell: Document.Cell) -> CellContent { format(cell, nil) }

    /// Number cells go through the column's format; other values pass through.
    static func format(_ cell: Document.Cell, _ spec: NumberFormatSpec?) -> CellContent {
        switch cell.value {
        case .empty: return .empty
        case .text(let s): return formatText(s, spec)
        case .number(let v, let text): return .text(spec.map { $0.numberFormat.format(v) } ?? text)
        case .bool(let b): return .text(b ? "true" : "false")
        case .image(let path, let fit): return .image(path: path, fit: fit)
        case .swatch(let c): return .swatch(c)
        }
    }

    func format(_ cell: Document.Cell, _ spec: NumberFormatSpec?) -> CellContent { Self.format(cell, spec) }
    func formatText(_ s: String, _ spec: NumberFormatSpec?) -> CellContent { Self.formatText(s, spec) }

    /// Text from CSV or the document: formatted when the column has a number format and the
    /// text parses as a number; otherwise shown as written.
    static func formatText(_ s: String, _ spec: NumberFormatSpec?) -> CellContent {
        if s.isEmpty { return .empty }
        if let spec, let v = NumberFormat.parseNumber(s) { return .text(spec.numberFormat.format(v)) }
        return .text(s.withVisibleNUL)
    }
}
