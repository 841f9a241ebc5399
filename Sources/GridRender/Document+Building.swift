/// Building documents in code, as plain values.
extension Document {
    /// A table: columns and rows of cells (literals work: `"Oslo"`, `709_000`, `2.5`, `nil`).
    ///
    /// ```swift
    /// let table = Document(
    ///     columns: [.init(key: "city", title: "City"), .init(key: "population", width: .auto())],
    ///     rows: [["Oslo", 709_000], ["Bergen", 291_000]],
    ///     title: "Largest cities", theme: "striped")
    /// ```
    /// Rows shorter than the column list leave empty cells; numeric columns are right-aligned.
    public init(columns: [Column], rows: [[Cell]], title: String? = nil, theme: String? = nil) {
        self.init()
        self.columns = columns
        self.data = .rows(rows)
        self.title = title
        self.theme = theme.map(ThemeReference.named)
    }

    /// A table whose first row names the columns (every column `auto` wide), like a CSV file.
    public init(header: [String], rows: [[Cell]], title: String? = nil, theme: String? = nil) {
        self.init(columns: header.map { Column(key: $0) }, rows: rows, title: title, theme: theme)
    }

    /// A table with sections: each titled section gets a full-width header row.
    public init(columns: [Column], sections: [Section], title: String? = nil, theme: String? = nil) {
        self.init()
        self.columns = columns
        self.sections = sections
        self.title = title
        self.theme = theme.map(ThemeReference.named)
    }

    /// An item grid laid out like SwiftUI's `LazyVGrid(columns:)`: items flow left to right,
    /// then down, into one column per ``GridItem``; a single `.adaptive` item makes as many
    /// columns as fit the canvas `width` (which it then needs).
    ///
    /// ```swift
    /// var grid = Document(items: (1...12).map { .text("Item \($0)") },
    ///                     columns: [.flexible(), .flexible(), .flexible()], spacing: 8)
    /// grid.canvas.width = 360
    /// ```
    public init(items: [Cell], columns: [GridItem], spacing: Double = 0, itemHeight: ItemHeight? = nil,
                title: String? = nil, theme: String? = nil) {
        self.init()
        self.items = .list(items)
        self.title = title
        self.theme = theme.map(ThemeReference.named)
        self.itemHeight = itemHeight
        self.layout.rowSpacing = Spacing(spacing)
        self.layout.columnSpacing = Spacing(spacing)
        self.flow = .rows
        if columns.count == 1, columns[0].isAdaptive {
            self.layout.defaultColumnWidth = columns[0].trackSize
        } else {
            self.lineLimit = .maxColumns(Swift.max(1, columns.count))
            self.layout.columnWidths = columns.map(\.trackSize)
            self.layout.columnSpacings = columns.dropLast().map { $0.spacing.map { Spacing($0) } }
        }
    }

    /// Sets the canvas width, scale and padding in one call and returns the document.
    public func canvas(width: Double? = nil, height: Double? = nil, scale: Double? = nil, padding: Double? = nil) -> Document {
        var d = self
        if let width { d.canvas.width = width }
        if let height { d.canvas.height = height }
        if let scale { d.canvas.scale = scale }
        if let padding { d.canvas.padding = Insets(all: padding) }
        return d
    }
}
