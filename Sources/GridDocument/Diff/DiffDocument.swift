import GridLayout

/// The picture of a `TableDiff` (`gridrender diff OLD NEW -o FILE`): NEW's table, in NEW's theme,
/// styles and columns, with added rows tinted green, removed rows in place struck through on red,
/// changed cells as ~~old~~ → new on yellow, and the counts as the subtitle. Tints are translucent
/// so they read on light and dark themes alike. With `context`, unchanged runs longer than
/// twice the context are folded into one "⋯ N unchanged rows" row.
extension Document {
    static let addedTint = Color(red: 0.18, green: 0.64, blue: 0.27, alpha: 0.20)
    static let removedTint = Color(red: 0.86, green: 0.18, blue: 0.18, alpha: 0.16)
    static let changedTint = Color(red: 0.98, green: 0.76, blue: 0.08, alpha: 0.28)

    /// `self` is NEW, `table` its data (`dataTable()`).
    package func diffDocument(_ diff: TableDiff, old: DataTable, new table: DataTable, context: Int? = nil) -> Document {
        var d = self
        d.data = .rows(Self.diffRows(diff, old: old, new: table, context: context, markdownValues: defaultMarkup == .markdown))
        d.sections = []
        d.summary = []
        d.footnotes = []
        d.headerRows = 1
        // The columns as NEW shows them; numeric ones stay right-aligned although changed cells
        // hold text now.
        var columns = self.columns ?? zip(table.keys, table.titles).map { Column(key: $0, title: $1 == $0 ? nil : $1) }
        for c in columns.indices where columns[c].align == nil {
            guard let at = table.column(columns[c].key) else { continue }
            let values = table.rows.lazy.map { at < $0.count ? $0[at] : "" }.filter { !$0.isEmpty }
            if !values.isEmpty, values.allSatisfy({ NumberFormat.parseNumber($0) != nil }) { columns[c].align = .right }
        }
        d.columns = columns
        d.subtitle = "Changes: " + diff.summaryLine + (subtitle.map { " · " + $0 } ?? "")
        // A subtitle on a bare table gets the padding a title would give it.
        if d.canvas.padding == Insets(all: 0) { d.canvas.padding = Insets(all: PreviewOptions.defaultTitledPadding) }
        return d
    }

    static func diffRows(_ diff: TableDiff, old: DataTable, new: DataTable, context: Int?, markdownValues: Bool) -> [[Cell]] {
        func literal(_ s: String) -> String { markdownValues ? s : InlineMarkupText.literal(s) }
        func struck(_ s: String) -> String { s.isEmpty ? "_(empty)_" : "~~" + literal(s) + "~~" }
        func styled(_ text: String, _ tint: Color?, markup: Bool) -> Cell {
            var style = Style(background: tint)
            if markup { style.markup = .markdown }
            return Cell(text.isEmpty ? .empty : .text(text), style: tint == nil && !markup ? nil : style)
        }
        func newValues(_ j: Int) -> [String] { new.keys.indices.map { $0 < new.rows[j].count ? new.rows[j][$0] : "" } }
        var rows: [[Cell]] = []
        for entry in Self.folded(diff.rows, context: context) {
            guard case .row(let row) = entry else {
                if case .fold(let n) = entry {
                    var style = Style(font: FontSpec(), align: .left)
                    style.font?.italic = true
                    style.color = Color(red: 0.45, green: 0.45, blue: 0.45)
                    rows.append([Cell(.text("⋯ \(n) unchanged row\(n == 1 ? "" : "s")"), style: style)]
                                + Array(repeating: .empty, count: max(0, new.keys.count - 1)))
                }
                continue
            }
            switch row.status {
            case .unchanged:
                rows.append(newValues(row.newIndex!).map { styled($0, nil, markup: false) })
            case .added:
                rows.append(newValues(row.newIndex!).map { styled($0, addedTint, markup: false) })
            case .removed:
                let values = old.rows[row.oldIndex!]
                rows.append(new.keys.map { key in
                    let v = old.column(key).map { $0 < values.count ? values[$0] : "" } ?? ""
                    return styled(v.isEmpty ? "" : struck(v), removedTint, markup: true)
                })
            case .changed:
                let changed = Dictionary(row.cells.map { ($0.column, $0) }, uniquingKeysWith: { a, _ in a })
                rows.append(zip(new.keys, newValues(row.newIndex!)).map { key, value in
                    guard let change = changed[key] else { return styled(value, nil, markup: false) }
                    let now = change.new.isEmpty ? "_(empty)_" : literal(change.new)
                    return styled(struck(change.old) + " → " + now, changedTint, markup: true)
                })
            }
        }
        return rows
    }

    enum DiffLine: Equatable {
        case row(TableDiff.Row)
        case fold(Int)
    }

    /// `rows` with unchanged runs folded to `context` rows next to each change (all rows when
    /// `context` is nil).
    static func folded(_ rows: [TableDiff.Row], context: Int?) -> [DiffLine] {
        guard let context else { return rows.map { .row($0) } }
        var out: [DiffLine] = []
        var i = 0
        while i < rows.count {
            guard rows[i].status == .unchanged else { out.append(.row(rows[i])); i += 1; continue }
            var end = i
            while end < rows.count, rows[end].status == .unchanged { end += 1 }
            let keepHead = i == 0 ? 0 : context, keepTail = end == rows.count ? 0 : context
            if end - i > keepHead + keepTail {
                out += rows[i..<i + keepHead].map { .row($0) }
                out.append(.fold(end - i - keepHead - keepTail))
                out += rows[end - keepTail..<end].map { .row($0) }
            } else {
                out += rows[i..<end].map { .row($0) }
            }
            i = end
        }
        return out
    }
}
