/// The column keys of a prepared table, in layout order, so a comparison mask can name columns
/// (`{"document": "t.json", "columns": ["updated_at"]}`, GridSnapshot's `SemanticMask`).
extension DocumentCellSource {
    package var columnKeys: [String] { columns.map(\.key) }
}

extension PreparedGrid {
    /// The table's column keys in layout order; nil for item-mode grids and grids built in code.
    package var columnKeys: [String]? {
        guard let source = cells as? DocumentCellSource, !source.isItemMode else { return nil }
        return source.columnKeys
    }
}
