import GridLayout

/// The settings the CLI offers for a document it has none for (`--page`, `--format KEY=SPEC`,
/// `--rename`, `--wrap`, `--max-column-width`): each sets what one document key would, applied
/// after `DocumentOverrides` (so `--format` and `--rename` name the columns as they are then)
/// and before `PreviewOptions`.
package struct TableSettings: Sendable, Hashable {
    /// Replaces `canvas.page`.
    package var page: PreparedGrid.Page?
    /// Replace the named columns' `format`, in order.
    package var formats: [ColumnFormatArgument] = []
    /// Set the named columns' `title`, after the formats.
    package var renames: [ColumnRenameArgument] = []
    /// Sets `styles.cell.wrap`: text wraps to its column's width.
    package var wrap = false
    /// Caps every column's width (a fixed width is shortened, others get a `max`), in points.
    package var maxColumnWidth: Double?

    package init(page: PreparedGrid.Page? = nil, formats: [ColumnFormatArgument] = [], renames: [ColumnRenameArgument] = [],
                 wrap: Bool = false, maxColumnWidth: Double? = nil) {
        self.page = page; self.formats = formats; self.renames = renames; self.wrap = wrap; self.maxColumnWidth = maxColumnWidth
    }

    package var isEmpty: Bool { self == TableSettings() }
}

extension Document {
    /// This document with `settings` applied. Naming a column it does not have is an error
    /// naming the option and suggesting the nearest key (`--rename: no column "prce"; did you
    /// mean "price"?`); `--format` and `--rename` on an item grid are errors.
    package func applying(_ settings: TableSettings) throws(DocumentError) -> Document {
        var d = self
        if let page = settings.page { d.canvas.page = page }
        if settings.wrap {
            var cell = d.styles.cell ?? Style()
            cell.wrap = true
            d.styles.cell = cell
        }
        if let cap = settings.maxColumnWidth {
            guard cap.isFinite, cap > 0 else {
                throw DocumentError(file: file, keyPath: "--max-column-width", "expected a length > 0, found \(cap)")
            }
            d.layout.columnWidths = d.layout.columnWidths.map { $0.map { Self.capped($0, at: cap) } }
            d.layout.defaultColumnWidth = Self.capped(d.layout.defaultColumnWidth ?? .auto(), at: cap)
            if var columns = d.columns {
                for i in columns.indices { columns[i].width = columns[i].width.map { Self.capped($0, at: cap) } }
                d.columns = columns
            }
        }
        guard !settings.formats.isEmpty || !settings.renames.isEmpty else { return d }
        if isItemMode {
            let option = settings.formats.isEmpty ? "--rename" : "--format"
            throw DocumentError(file: file, keyPath: option, "applies to tables; this document is an item grid")
        }
        // A CSV, TSV or record list has its columns only once read: read it as `--columns` does.
        if d.columns == nil { try d.materializeTable() }
        var columns = d.columns ?? []
        for f in settings.formats {
            let i = try Self.columnIndex(f.key, in: columns, file: file, option: "--format")
            columns[i].format = f.format.number; columns[i].dateFormat = f.format.date; columns[i].missing = f.format.missing
        }
        for r in settings.renames {
            let i = try Self.columnIndex(r.key, in: columns, file: file, option: "--rename")
            columns[i].title = r.title
        }
        d.columns = columns
        return d
    }

    /// `track` no wider than `cap` points.
    static func capped(_ track: TrackSize, at cap: Double) -> TrackSize {
        var t = track
        if case .fixed(let length) = t.kind { t.kind = .fixed(Swift.min(length, cap)) } else { t.max = Swift.min(t.max ?? cap, cap) }
        if let min = t.min { t.min = Swift.min(min, cap) }
        return t
    }
}
