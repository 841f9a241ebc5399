/// A table's data as `gridrender diff` compares it: column keys and titles, and every data row's
/// cells as written (a number keeps its text, an empty or missing cell is ""), top-level data
/// first, then each section's rows, in document order. Formats, styles and summaries are not
/// data: two documents that only look different have the same `DataTable`.
package struct DataTable: Sendable, Equatable {
    package var keys: [String]
    /// The column titles (the key when a column has none).
    package var titles: [String]
    package var rows: [[String]]

    package init(keys: [String], titles: [String], rows: [[String]]) {
        self.keys = keys; self.titles = titles; self.rows = rows
    }

    package func column(_ key: String) -> Int? { keys.firstIndex(of: key) }
}

extension Document {
    /// The document's data (`DataTable`): columns as `prepare` infers them (explicit columns,
    /// else the CSV header, the records' keys, or the first inline row), data files read the same
    /// way (delimiter, missing-value tokens). Item grids have no rows to compare: an error.
    package func dataTable() throws(DocumentError) -> DataTable {
        if isItemMode {
            throw DocumentError(file: file, keyPath: "items", "diff compares tables; this document is an item grid")
        }
        var loaded = try loadData()
        var headerRows = self.headerRows ?? 1
        let columnSpecs = inferredColumns(&loaded, headerRows: &headerRows)
        if let records = loaded.records { loaded.cells = Self.positionalRows(records, columns: columnSpecs) }
        // CSV columns by header name when the document lists its own.
        var csvIndex = Array(columnSpecs.indices)
        if !loaded.header.isEmpty, columns != nil {
            for (i, c) in columnSpecs.enumerated() {
                guard let j = loaded.header.firstIndex(of: c.key) else {
                    throw DocumentError(file: file, keyPath: "columns[\(i)].key", "column \"\(c.key)\" is not in the CSV header")
                }
                csvIndex[i] = j
            }
        }
        // Header rows beyond the titles are not data.
        var skip = max(0, headerRows - 1)
        var cells = loaded.cells
        var sources: [DocumentCellSource.RowSource] =
            loaded.strings.isEmpty ? cells.indices.map { .cells($0) } : loaded.strings.indices.map { .strings($0) }
        while skip > 0, !sources.isEmpty { sources.removeFirst(); skip -= 1 }
        for section in sections {
            for r in section.rows { cells.append(r); sources.append(.cells(cells.count - 1)) }
        }
        let strings = loaded.strings
        let rows = sources.map { source in
            columnSpecs.indices.map { c in
                DocumentCellSource.raw(source, csvIndex: csvIndex[c], cellIndex: c, strings: strings, cells: cells)?.text ?? ""
            }
        }
        return DataTable(keys: columnSpecs.map(\.key), titles: columnSpecs.map { $0.title ?? $0.key }, rows: rows)
    }
}
