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
/// spans and selected rows that no longer point at the same cells are dropped.
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
    public func applying(_ overrides: DocumentOverrides) throws(DocumentError) -> Document {
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

        try d.materializeTable()
        var columns = d.columns ?? []
        let headerCount = (d.headerRows ?? 1) > 0 && !columns.isEmpty ? (d.headerRows ?? 1) : 0
        // Rows of the top-level data that are header rows 2…n.
        let fixedTop = Swift.max(0, headerCount - 1)
        guard case .rows(var top) = d.data ?? .rows([]) else { return d }
        var sections = d.sections

        if let sort = overrides.sort {
            let index = try Self.columnIndex(sort.key, in: columns, file: file, option: "--sort")
            let body = Array(top.dropFirst(fixedTop))
            let allRows = body + sections.flatMap(\.rows)
            let numeric = Self.isNumeric(column: index, rows: allRows)
            top = Array(top.prefix(fixedTop)) + Self.sorted(body, by: index, numeric: numeric, descending: sort.descending)
            for s in sections.indices {
                sections[s].rows = Self.sorted(sections[s].rows, by: index, numeric: numeric, descending: sort.descending)
            }
            d.layout.spans.removeAll { $0.row + $0.rows > headerCount }
            d.selection.rows.removeAll { $0 >= headerCount }
        }

        if let limit = overrides.limit {
            var left = limit
            let body = top.dropFirst(fixedTop)
            top = Array(top.prefix(fixedTop)) + Array(body.prefix(left))
            left -= Swift.min(left, body.count)
            var kept: [Section] = []
            for var s in sections {
                guard left > 0 else { break }
                if !s.collapsed {
                    s.rows = Array(s.rows.prefix(left))
                    left -= s.rows.count
                }
                kept.append(s)
            }
            sections = kept
            let total = headerCount + (top.count - fixedTop) + sections.reduce(0) { n, s in
                n + (s.title != nil ? 1 : 0) + (s.collapsed ? 0 : s.rows.count)
            }
            d.layout.spans.removeAll { $0.row + $0.rows > total }
            d.selection.rows.removeAll { $0 >= total }
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
            top = top.map(pick)
            for s in sections.indices { sections[s].rows = sections[s].rows.map(pick) }
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
        d.data = .rows(top)
        d.sections = sections
        return d
    }

    /// Replaces the data source and inferred columns by explicit columns and inline rows, in the
    /// same way `prepare` reads them.
    mutating func materializeTable() throws(DocumentError) {
        let loaded = try loadData()
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
            rows = records.map { r in columnSpecs.map { c in r.first { $0.key == c.key }?.value ?? .empty } }
        } else {
            rows = loaded.cells
            if let columns {
                columnSpecs = columns
            } else {
                let width = (rows + sections.flatMap(\.rows)).map(\.count).max() ?? 0
                if (headerRows ?? 1) > 0, !rows.isEmpty {
                    let first = rows.removeFirst()
                    var seen = Set<String>()
                    columnSpecs = (0..<width).map { i in
                        var key = i < first.count ? Self.plainText(first[i]) : "\(i + 1)"
                        if !seen.insert(key).inserted { key = "\(i + 1)"; seen.insert(key) }
                        return Column(key: key)
                    }
                } else {
                    if headerRows == nil { headerRows = 0 }
                    columnSpecs = (0..<width).map { Column(key: "\($0 + 1)") }
                }
            }
        }
        columns = columnSpecs
        data = .rows(rows)
    }

    static func plainText(_ cell: Cell) -> String {
        switch cell.value {
        case .empty: return ""
        case .text(let s): return s
        case .number(_, let t): return t
        case .bool(let b): return b ? "true" : "false"
        case .image(let p, _): return p
        case .swatch(let c): return c.hexString
        }
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

    /// A stable sort; empty cells last in both directions.
    static func sorted(_ rows: [[Cell]], by column: Int, numeric: Bool, descending: Bool) -> [[Cell]] {
        func isEmpty(_ row: [Cell]) -> Bool {
            guard column < row.count else { return true }
            return plainText(row[column]).isEmpty
        }
        return rows.enumerated().sorted { a, b in
            let ea = isEmpty(a.element), eb = isEmpty(b.element)
            if ea != eb { return eb }
            if ea && eb { return a.offset < b.offset }
            let x = a.element[column], y = b.element[column]
            var order: Bool?
            if numeric, let p = number(x), let q = number(y) {
                if p != q { order = descending ? p > q : p < q }
            } else {
                let s = plainText(x).lowercased(), t = plainText(y).lowercased()
                if s != t { order = descending ? s > t : s < t }
            }
            return order ?? (a.offset < b.offset)
        }.map(\.element)
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
