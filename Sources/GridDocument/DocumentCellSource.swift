import GridLayout

/// The `CellSource` built by `Document.prepare`: cell contents formatted on demand and styles
/// looked up in a small table of pre-resolved row-class × column × selected combinations.
///
/// Storage stays compact for big tables: CSV rows are kept as the parser's strings and one
/// `RowRef` (a few bytes) per layout row says where a row comes from; no per-cell
/// `ResolvedStyle` or `CellContent` is stored. Only cells with their own style are resolved
/// per call.
package struct DocumentCellSource: CellSource, Sendable {
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
        /// A row of spanner labels over the column titles (`PublishedTable.headerCells`).
        case spanner
        /// A summary row; index into `PublishedTable.summaryRows`.
        case summary(Int)
    }

    /// Style classes; the row part of the cascade. `titles` is the header row of column titles
    /// (where a column's `headerStyle` applies); `summaryFirst` the first summary row of a group,
    /// with the rule above it.
    enum RowClass: Int, Sendable, CaseIterable { case header, section, row, alternateRow, item, titles, summary, summaryFirst }

    struct RowRef: Sendable {
        var source: RowSource
        var rowClass: RowClass
    }

    struct Column: Sendable {
        var key: String
        /// The title as shown (with its footnote marks).
        var title: String
        var format: CompiledCellFormat
        /// Index of the column in a CSV row (CSV sources only).
        var csvIndex: Int
        /// Index of the column in an inline row (the document's column order; the stub moves first).
        var cellIndex: Int
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
    /// Spanner rows, summary rows, footnote marks and data-driven styles.
    var publication = PublishedTable()

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
        case .spanner:
            return publication.headerCells[row * columns.count + column].map { .text($0.text) } ?? .empty
        case .summary(let i):
            let r = publication.summaryRows[i]
            return r.indices.contains(column) ? r[column] : .empty
        case .strings(let i):
            let r = strings[i]
            let index = columns[column].csvIndex
            let content = r.indices.contains(index) ? columns[column].format.content(text: r[index], value: nil) : columns[column].format.empty
            return marked(content, row: row, column: column)
        case .cells(let i):
            let r = cells[i]
            let index = columns[column].cellIndex
            let cell = r.indices.contains(index) ? r[index] : .empty
            let format = cell.format.map(CompiledCellFormat.init) ?? columns[column].format
            return marked(Self.format(cell, format), row: row, column: column)
        }
    }

    /// Images come only from image cells (inline rows, records, items, summary rows); CSV text
    /// never becomes one.
    package var mayShowImages: Bool {
        func isImage(_ cell: Document.Cell) -> Bool { if case .image = cell.value { true } else { false } }
        return cells.contains { $0.contains(where: isImage) }
            || itemLists.contains { $0?.contains(where: isImage) ?? false }
            || publication.summaryRows.contains { $0.contains { if case .image = $0 { true } else { false } } }
    }

    public func decimalSeparator(column: Int) -> String {
        columns.indices.contains(column) ? columns[column].format.number?.decimalSeparator ?? "." : "."
    }

    /// `content` with the footnote marks of the cell after its text.
    private func marked(_ content: CellContent, row: Int, column: Int) -> CellContent {
        guard !publication.marks.isEmpty, let mark = publication.marks[row * columns.count + column] else { return content }
        switch content {
        case .text(let s): return .text(s + mark)
        case .empty: return .text(mark)
        default: return content
        }
    }

    /// The value of a data cell as written: nil when empty; `number` when it reads as one.
    func raw(row: Int, column: Int) -> RawValue? {
        guard rows.indices.contains(row), columns.indices.contains(column) else { return nil }
        return Self.raw(rows[row].source, csvIndex: columns[column].csvIndex, cellIndex: columns[column].cellIndex,
                        strings: strings, cells: cells)
    }

    struct RawValue {
        var text: String
        var number: Double?
    }

    static func raw(_ source: RowSource, csvIndex: Int, cellIndex: Int, strings: [[String]], cells: [[Document.Cell]]) -> RawValue? {
        switch source {
        case .strings(let i):
            let r = strings[i]
            guard r.indices.contains(csvIndex), !r[csvIndex].isEmpty else { return nil }
            return RawValue(text: r[csvIndex], number: NumberFormat.parseNumber(r[csvIndex]))
        case .cells(let i):
            let r = cells[i]
            guard r.indices.contains(cellIndex) else { return nil }
            switch r[cellIndex].value {
            case .empty: return nil
            case .number(let v, let t): return RawValue(text: t, number: v)
            case .text(let t): return t.isEmpty ? nil : RawValue(text: t, number: NumberFormat.parseNumber(t))
            case .bool(let b): return RawValue(text: b ? "true" : "false", number: nil)
            case .image(let p, _): return RawValue(text: p, number: nil)
            case .swatch(let c): return RawValue(text: c.hexString, number: nil)
            }
        default: return nil
        }
    }

    public func style(row: Int, column: Int, item: Int?) -> ResolvedStyle {
        var style = unmarkedStyle(row: row, column: column, item: item)
        // A right-aligned cell's footnote marks hang into its padding (`hangingMarkBytes`).
        if style.align == .right, !isItemMode, !publication.marks.isEmpty, rows.indices.contains(row),
           columns.indices.contains(column), let mark = publication.marks[row * columns.count + column] {
            switch rows[row].source {
            case .strings, .cells: style.hangingMarkBytes = mark.utf8.count
            default: break
            }
        }
        return style
    }

    private func unmarkedStyle(row: Int, column: Int, item: Int?) -> ResolvedStyle {
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
        if case .spanner = ref.source, let cell = publication.headerCells[row * columns.count + column] { return cell.style }
        let selected = selectedRows.contains(row)
        var base: ResolvedStyle
        if (ref.rowClass == .row || ref.rowClass == .alternateRow), publication.hasDataStyles(column: column) {
            // Data-driven layers sit on the column style and under the selection.
            base = styleFor(ref.rowClass, column: column, selected: false)
            base = publication.applyDataStyles(to: base, column: column, value: raw(row: row, column: column), blending: blending)
            if selected, let layer = publication.selectedRow { base = base.cascading(layer, blending: blending) }
        } else {
            base = styleFor(ref.rowClass, column: ref.rowClass == .section ? 0 : column, selected: selected)
        }
        if case .cells(let i) = ref.source, columns.indices.contains(column), cells[i].indices.contains(columns[column].cellIndex),
           let own = cells[i][columns[column].cellIndex].style {
            return base.cascading(own, blending: blending)
        }
        return base
    }

    public func link(row: Int, column: Int, item: Int?) -> String? {
        if isItemMode { return item.flatMap { itemCell($0)?.link } }
        guard rows.indices.contains(row), case .cells(let i) = rows[row].source, columns.indices.contains(column),
              cells[i].indices.contains(columns[column].cellIndex) else { return nil }
        return cells[i][columns[column].cellIndex].link   // the stub may have moved the column
    }

    /// `header, column "name"`, `row 3, column "name"` (data rows counted from 1, section
    /// header rows not counted), `section "Europe"` or `item 4`.
    public func cellDescription(row: Int, column: Int, item: Int?) -> String {
        if isItemMode { return item.map { "item \($0 + 1)" } ?? "section header row \(row + 1)" }
        let key = columns.indices.contains(column) ? "column \"\(columns[column].key)\"" : "column \(column + 1)"
        guard rows.indices.contains(row) else { return "row \(row + 1), \(key)" }
        switch rows[row].source {
        case .titles, .spanner: return "header, \(key)"
        case .summary(let i): return "summary row \(i + 1), \(key)"
        case .section(let s): return "section \"\(sectionTitles[s])\""
        case .strings(let i), .cells(let i): return "row \(i + 1), \(key)"
        }
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

    static func format(_ cell: Document.Cell) -> CellContent {
        format(cell, cell.format.map(CompiledCellFormat.init) ?? .none)
    }

    /// Numbers, and text that the format reads, go through the format; other values pass
    /// through (text the format cannot read is shown as written).
    static func format(_ cell: Document.Cell, _ format: CompiledCellFormat) -> CellContent {
        switch cell.value {
        case .empty: return format.empty
        case .text(let s): return format.content(text: s, value: nil)
        case .number(let v, let text): return format.content(text: text, value: v)
        case .bool(let b): return .text(b ? "true" : "false")
        case .image(let path, let fit): return .image(path: path, fit: fit)
        case .swatch(let c): return .swatch(c)
        }
    }
}
