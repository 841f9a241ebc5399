import GridLayout

/// Changes applied to a decoded document before it is prepared: what the CLI's `--title`,
/// `--columns`, `--sort` and `--limit` do, available to Swift callers too.
///
/// Table mode, in this order: rows are sorted (within the top-level data and within each
/// section; numerically when every non-empty value of the column is a number, else by text,
/// case-insensitively; empty values last; ties keep their order), then cut to `limit` data rows
/// counted in display order (sections left with no room are dropped), then the columns are
/// selected and ordered. Header rows taken from the data (`header: {"rows": n}`) stay in place.
/// Item mode takes `title` and `limit` (the first N items); `columns` and `sort` are errors.
///
/// Sorting, limiting or selecting columns reads the table's data (CSV, TSV, JSON, records) into
/// inline rows with explicit columns, so the result prepares exactly as the original would;
/// selected rows and spans follow their rows (a row that was cut, or a span whose rows are no
/// longer side by side, is dropped).
public struct DocumentOverrides: Sendable, Hashable {
    public struct Sort: Sendable, Hashable {
        /// A column key (or, failing that, a column title).
        public var key: String
        public var descending: Bool
        public init(key: String, descending: Bool = false) { self.key = key; self.descending = descending }

        /// `KEY` ascending, `-KEY` descending.
        public init(parsing text: String) {
            if text.hasPrefix("-") && text.count > 1 { self.init(key: String(text.dropFirst()), descending: true) }
            else { self.init(key: text) }
        }
    }

    public var title: String?
    /// Column keys (or titles) to show, in this order.
    public var columns: [String]?
    public var sort: Sort?
    /// At most this many data rows (table mode) or items (item mode).
    public var limit: Int?

    public init(title: String? = nil, columns: [String]? = nil, sort: Sort? = nil, limit: Int? = nil) {
        self.title = title; self.columns = columns; self.sort = sort; self.limit = limit
    }

    public var isEmpty: Bool { title == nil && columns == nil && sort == nil && limit == nil }
}

extension Document {
    /// This document with `overrides` applied (see ``DocumentOverrides``). Errors name the option:
    /// `people.csv: --sort: no column "prce"; did you mean "price"?`.
    package func applying(_ overrides: DocumentOverrides) throws(DocumentError) -> Document {
        var d = self
        if let title = overrides.title { d.title = title }
        if let limit = overrides.limit, limit < 0 {
            throw DocumentError(file: file, keyPath: "--limit", "expected a count of 0 or more, found \(limit)")
        }
        if isItemMode {
            if overrides.columns != nil {
                throw DocumentError(file: file, keyPath: "--columns", "applies to tables; this document is an item grid")
            }
            if overrides.sort != nil {
                throw DocumentError(file: file, keyPath: "--sort", "applies to tables; this document is an item grid")
            }
            if let limit = overrides.limit { d.limitItems(to: limit) }
            return d
        }
        guard overrides.columns != nil || overrides.sort != nil || overrides.limit != nil else { return d }

        // Without sorting, `--limit N` needs only the first rows of a CSV: the rest is never
        // turned into cells (reading all of it made --limit 10 cost more than no limit).
        let rowLimit = overrides.sort == nil ? overrides.limit.map { $0 + Swift.max(0, (d.headerRows ?? 1) - 1) } : nil
        try d.materializeTable(rowLimit: rowLimit)
        var columns = d.columns ?? []
        let hasTitles = (d.headerRows ?? 1) > 0 && !columns.isEmpty
        let headerCount = hasTitles ? (d.headerRows ?? 1) : 0
        // Rows of the top-level data that are header rows 2…n stay on top.
        let fixedTop = Swift.max(0, headerCount - 1)
        guard case .rows(let topRows) = d.data ?? .rows([]) else { return d }
        // Every row keeps its original index, so selected rows and spans can follow their data.
        var top = topRows.indices.map { IndexedRow(id: $0, cells: topRows[$0]) }
        var sections = d.sections.enumerated().map { s, section in
            IndexedSection(id: s, section: section, rows: section.rows.indices.map { IndexedRow(id: $0, cells: section.rows[$0]) })
        }
        let before = Self.rowIDs(hasTitles: hasTitles, top: top, sections: sections)

        if let sort = overrides.sort {
            let index = try Self.columnIndex(sort.key, in: columns, file: file, option: "--sort")
            let body = Array(top.dropFirst(fixedTop))
            let numeric = Self.isNumeric(column: index, rows: body.map(\.cells) + sections.flatMap { $0.rows.map(\.cells) })
            func sorted(_ rows: [IndexedRow]) -> [IndexedRow] {
                Self.sortOrder(rows.map(\.cells), by: index, numeric: numeric, descending: sort.descending).map { rows[$0] }
            }
            top = Array(top.prefix(fixedTop)) + sorted(body)
            for s in sections.indices { sections[s].rows = sorted(sections[s].rows) }
        }

        if let limit = overrides.limit {
            var left = limit
            let body = top.dropFirst(fixedTop)
            top = Array(top.prefix(fixedTop)) + Array(body.prefix(left))
            left -= Swift.min(left, body.count)
            var kept: [IndexedSection] = []
            for var s in sections {
                guard left > 0 else { break }
                if !s.section.collapsed {
                    s.rows = Array(s.rows.prefix(left))
                    left -= s.rows.count
                }
                kept.append(s)
            }
            sections = kept
        }

        // Selected rows and spans move with their rows; a span whose rows are no longer
        // adjacent, or a row that was cut, is dropped.
        let after = Self.rowIDs(hasTitles: hasTitles, top: top, sections: sections)
        var newIndex: [RowID: Int] = [:]
        for (i, id) in after.enumerated() { newIndex[id] = i }
        func moved(_ row: Int) -> Int? { row < before.count ? newIndex[before[row]] : nil }
        d.selection.rows = d.selection.rows.compactMap(moved)
        d.layout.spans = d.layout.spans.compactMap { span in
            guard let first = moved(span.row) else { return nil }
            for k in 0..<span.rows where moved(span.row + k) != first + k { return nil }
            var s = span
            s.row = first
            return s
        }
        var topCells = top.map(\.cells)
        var sectionList = sections.map { s -> Section in
            var section = s.section
            section.rows = s.rows.map(\.cells)
            return section
        }

        if let names = overrides.columns {
            guard !names.isEmpty else { throw DocumentError(file: file, keyPath: "--columns", "no columns given") }
            var picked: [Int] = []
            for name in names {
                let i = try Self.columnIndex(name, in: columns, file: file, option: "--columns")
                guard !picked.contains(i) else {
                    throw DocumentError(file: file, keyPath: "--columns", "column \"\(name)\" is listed twice")
                }
                picked.append(i)
            }
            func pick(_ row: [Cell]) -> [Cell] { picked.map { $0 < row.count ? row[$0] : .empty } }
            topCells = topCells.map(pick)
            for s in sectionList.indices { sectionList[s].rows = sectionList[s].rows.map(pick) }
            let keptKeys = Set(picked.map { columns[$0].key })
            d.styles.columns = d.styles.columns.filter { keptKeys.contains($0.key) }
            var widths = d.layout.columnWidths
            if widths.count < columns.count { widths += [TrackSize?](repeating: nil, count: columns.count - widths.count) }
            d.layout.columnWidths = picked.map { widths[$0] }
            // A span survives when its columns are still side by side, in order.
            d.layout.spans = d.layout.spans.compactMap { span in
                guard let first = picked.firstIndex(of: span.column) else { return nil }
                for k in 0..<span.columns where first + k >= picked.count || picked[first + k] != span.column + k { return nil }
                var s = span
                s.column = first
                return s
            }
            columns = picked.map { columns[$0] }
            d.layout.frozenColumns = Swift.min(d.layout.frozenColumns, columns.count)
        }

        d.columns = columns
        d.data = .rows(topCells)
        d.sections = sectionList
        return d
    }

    struct IndexedRow {
        var id: Int
        var cells: [Cell]
    }

    struct IndexedSection {
        var id: Int
        var section: Section
        var rows: [IndexedRow]
    }

    /// What a layout row shows, by original indices.
    enum RowID: Hashable {
        case titles
        case top(Int)
        case sectionHeader(Int)
        case section(Int, Int)
    }

    /// The layout rows of a table in order, as `prepare` builds them.
    static func rowIDs(hasTitles: Bool, top: [IndexedRow], sections: [IndexedSection]) -> [RowID] {
        var ids: [RowID] = hasTitles ? [.titles] : []
        ids += top.map { .top($0.id) }
        for s in sections {
            if s.section.title != nil { ids.append(.sectionHeader(s.id)) }
            if !s.section.collapsed { ids += s.rows.map { .section(s.id, $0.id) } }
        }
        return ids
    }

    /// Replaces the data source and inferred columns by explicit columns and inline rows, in the
    /// same way `prepare` reads them.
    mutating func materializeTable(rowLimit: Int? = nil) throws(DocumentError) {
        let loaded = try loadData(rowLimit: rowLimit)
        dataReading.warnings += loaded.warnings   // the data becomes rows: prepare reports them
        var columnSpecs: [Column]
        var rows: [[Cell]]
        func text(_ s: String) -> Cell { s.isEmpty ? .empty : Cell(.text(s)) }
        if !loaded.header.isEmpty {
            columnSpecs = columns ?? loaded.header.map { Column(key: $0) }
            var indices: [Int] = []
            for (i, c) in columnSpecs.enumerated() {
                guard let j = loaded.header.firstIndex(of: c.key) else {
                    throw DocumentError(file: file, line: sourceLines["columns"], keyPath: "columns[\(i)].key",
                                        "column \"\(c.key)\" is not in the CSV header (\(loaded.header.joined(separator: ", ")))")
                }
                indices.append(j)
            }
            rows = loaded.strings.map { r in indices.map { $0 < r.count ? text(r[$0]) : .empty } }
        } else if let records = loaded.records {
            if let columns {
                columnSpecs = columns
            } else {
                var keys: [String] = [], seen = Set<String>()
                for r in records { for f in r where seen.insert(f.key).inserted { keys.append(f.key) } }
                columnSpecs = keys.map { Column(key: $0) }
            }
            rows = Self.positionalRows(records, columns: columnSpecs)
        } else {
            rows = loaded.cells
            if let columns {
                columnSpecs = columns
            } else {
                let width = (rows + sections.flatMap(\.rows)).map(\.count).max() ?? 0
                if (headerRows ?? 1) > 0, !rows.isEmpty {
                    columnSpecs = Column.named(by: rows.removeFirst(), count: width)
                } else {
                    if headerRows == nil { headerRows = 0 }
                    columnSpecs = (0..<width).map { Column(key: "\($0 + 1)") }
                }
            }
        }
        columns = columnSpecs
        data = .rows(rows)
    }


    /// The index of the column whose key is `name`, else whose title is, else case-insensitively.
    static func columnIndex(_ name: String, in columns: [Column], file: String?, option: String) throws(DocumentError) -> Int {
        if let i = columns.firstIndex(where: { $0.key == name }) { return i }
        if let i = columns.firstIndex(where: { $0.title == name }) { return i }
        let lower = name.lowercased()
        if let i = columns.firstIndex(where: { $0.key.lowercased() == lower || $0.title?.lowercased() == lower }) { return i }
        let keys = columns.map(\.key)
        var message = "no column \"\(name)\""
        if let s = EditDistance.suggestion(for: name, among: keys) { message += "; did you mean \"\(s)\"?" }
        else { message += "; the columns are " + keys.map { "\"\($0)\"" }.joined(separator: ", ") }
        throw DocumentError(file: file, keyPath: option, message)
    }

    static func number(_ cell: Cell) -> Double? {
        switch cell.value {
        case .number(let v, _): return v
        case .text(let s): return NumberFormat.parseNumber(s)
        default: return nil
        }
    }

    static func isNumeric(column: Int, rows: [[Cell]]) -> Bool {
        var sawNumber = false
        for row in rows where column < row.count {
            let cell = row[column]
            if case .empty = cell.value { continue }
            if case .text(let s) = cell.value, s.isEmpty { continue }
            guard number(cell) != nil else { return false }
            sawNumber = true
        }
        return sawNumber
    }

    /// The order of a stable sort, as indices into `rows`; empty cells last in both directions.
    static func sortOrder(_ rows: [[Cell]], by column: Int, numeric: Bool, descending: Bool) -> [Int] {
        func isEmpty(_ row: [Cell]) -> Bool {
            guard column < row.count else { return true }
            return row[column].plainText.isEmpty
        }
        return rows.indices.sorted { a, b in
            let ea = isEmpty(rows[a]), eb = isEmpty(rows[b])
            if ea != eb { return eb }
            if ea && eb { return a < b }
            let x = rows[a][column], y = rows[b][column]
            var order: Bool?
            if numeric, let p = number(x), let q = number(y) {
                if p != q { order = descending ? p > q : p < q }
            } else {
                let s = x.plainText.lowercased(), t = y.plainText.lowercased()
                if s != t { order = descending ? s > t : s < t }
            }
            return order ?? (a < b)
        }
    }

    /// Keeps the first `limit` items in flow order (counts and lists alike).
    mutating func limitItems(to limit: Int) {
        var left = limit
        func cut(_ list: ItemList?) -> ItemList? {
            guard let list else { return nil }
            let n = Swift.min(left, list.count)
            left -= n
            switch list {
            case .count: return .count(n)
            case .list(let l): return .list(Array(l.prefix(n)))
            }
        }
        items = cut(items)
        for s in sections.indices where !sections[s].collapsed { sections[s].items = cut(sections[s].items) }
        selection.items.removeAll { $0 >= limit }
    }
}
