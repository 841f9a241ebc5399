public import GridDocument
public import GridLayout

/// Building documents in code, as plain values.
extension Document {
    /// A table: columns and rows of cells (literals work: `"Oslo"`, `709_000`, `2.5`, `nil`).
    ///
    /// ```swift
    /// let table = Document(
    ///     columns: [.init(key: "city", title: "City"), .init(key: "population", width: .auto())],
    ///     rows: [["Oslo", 709_000], ["Bergen", 291_000]],
    ///     title: "Largest cities", theme: .striped)
    /// ```
    /// Rows shorter than the column list leave empty cells; numeric columns are right-aligned.
    public init(columns: [Column], rows: [[Cell]], title: String? = nil, theme: Theme? = nil) {
        self.init()
        self.columns = columns
        self.data = .rows(rows)
        self.title = title
        self.theme = theme.map(ThemeReference.init)
    }

    /// A table, with its theme given by preset name or theme file path (`"dark"`, `"brand.json"`),
    /// checked when the document is rendered.
    public init(columns: [Column], rows: [[Cell]], title: String? = nil, theme: String) {
        self.init(columns: columns, rows: rows, title: title)
        self.theme = .named(theme)
    }

    /// A table whose first row names the columns (every column `auto` wide), like a CSV file:
    /// `Document(header: ["City", "Population"], rows: [["Oslo", 709_000]], theme: .dark)`.
    public init(header: [String], rows: [[Cell]], title: String? = nil, theme: Theme? = nil) {
        self.init(columns: header.map { Column(key: $0) }, rows: rows, title: title, theme: theme)
    }

    /// A table whose first row names the columns, themed by preset name or theme file path.
    public init(header: [String], rows: [[Cell]], title: String? = nil, theme: String) {
        self.init(columns: header.map { Column(key: $0) }, rows: rows, title: title, theme: theme)
    }

    /// A table with sections: each titled section gets a full-width header row.
    public init(columns: [Column], sections: [Section], title: String? = nil, theme: Theme? = nil) {
        self.init()
        self.columns = columns
        self.sections = sections
        self.title = title
        self.theme = theme.map(ThemeReference.init)
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
                title: String? = nil, theme: Theme? = nil) {
        self.init()
        self.items = .list(items)
        self.title = title
        self.theme = theme.map(ThemeReference.init)
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

    /// This document with the canvas width, height, scale and padding set where given:
    /// `Document(…).canvas(width: 320, scale: 2, padding: 12)`.
    public func canvas(width: Double? = nil, height: Double? = nil, scale: Double? = nil, padding: Double? = nil) -> Document {
        var d = self
        if let width { d.canvas.width = width }
        if let height { d.canvas.height = height }
        if let scale { d.canvas.scale = scale }
        if let padding { d.canvas.padding = Insets(all: padding) }
        return d
    }
}

/// `doc.theme`: `.dark` (a preset), `"brand.json"` (a preset name or a theme file, checked when
/// rendering), `.theme(myTheme)` (a value built in code) or `.inline(…)` (a document fragment).
extension Document.ThemeReference: ExpressibleByStringLiteral {
    /// A preset name or a theme file path: `doc.theme = "dark"`.
    public init(stringLiteral value: String) { self = .named(value) }

    /// The `striped` preset (the default).
    public static var striped: Self { .named("striped") }
    /// The `plain` preset.
    public static var plain: Self { .named("plain") }
    /// The `dark` preset.
    public static var dark: Self { .named("dark") }
    /// The `minimal` preset.
    public static var minimal: Self { .named("minimal") }
    /// The `ledger` preset.
    public static var ledger: Self { .named("ledger") }

    /// A theme value: a preset by its name (as a document file would write it), any other
    /// theme as the value itself.
    init(_ theme: Theme) {
        self = Theme.named(theme.name) == theme ? .named(theme.name) : .theme(theme)
    }
}
