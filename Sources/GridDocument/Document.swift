import GridLayout

/// A decoded gridrender document (DESIGN.md §2): plain values, validated, not yet prepared.
///
/// Decoding checks types, ranges and unknown keys and nothing else: data files are read, columns
/// inferred and the theme applied by `prepare(theme:width:scale:)`, so a document can be
/// decoded once and prepared with different CLI overrides.
public struct Document: Sendable, Hashable {
    /// Name used in error messages (`people.json`, `-`); nil for documents built in code.
    package var file: String?
    /// Directory that data files, theme files and images are resolved against.
    package var baseDirectory: String = "."

    public var canvas = Canvas()
    public var title: String?
    public var subtitle: String?
    public var footnote: String?
    /// `alt`: the picture's text alternative (`altText()`); nil = generated from the data.
    package var alt: String?
    /// `lang`: the language of the table's text, a BCP 47 tag (tagged PDF's `/Lang`); nil = "en".
    package var lang: String?

    /// Table mode: explicit columns; nil = inferred from the data.
    public var columns: [Column]?
    /// Number of header rows; nil = the default (1 in table mode).
    public var headerRows: Int?
    public var data: DataSource?
    /// `data.delimiter` and `data.na` (or `--delimiter`, `--na`): how CSV text is read.
    package var dataReading = DataReading()
    public var sections: [Section] = []

    /// Item mode: top-level items (nil when the document is a table).
    public var items: ItemList?
    public var flow: Flow?
    public var lineLimit: LineLimit?
    public var itemHeight: ItemHeight?
    public var sectionsStartOnNewLine: Bool?
    /// Item mode: what slots without an item show (default `.hidden`), and the items' size in
    /// their slots (nil = fill the slot).
    public var emptySlots: EmptySlots = .hidden
    public var itemSize: ItemSize?
    /// Item mode, horizontal direction: column widths from the row height (`itemWidth`).
    public var itemWidth: ItemHeight?

    /// The layout keys (`Document.emptyLayout()` when the document sets none).
    package var layout = Document.emptyLayout()
    public var selection = Selection()

    public var theme: ThemeReference?
    public var styles = StyleSheet()
    public var gridLines = GridLinesOverride()
    /// Alpha-blend layered style backgrounds (default true); false = topmost set value wins.
    public var blending = true
    public var fonts: PreparedGrid.FontMode = .pinned
    /// The page the picture is made for (`"light"` or `"dark"`); nil = the theme as named (see
    /// ``Appearance``).
    public var appearance: Appearance?
    /// `linkSchemes`: link schemes written besides http, https and mailto (``LinkPolicy``).
    public var linkSchemes: [String] = []

    // Publication tables (issue 15).
    /// `stub`: the key of the column that holds row labels.
    public var stub: String?
    public var spanners: [Spanner] = []
    public var summary: [SummaryRow] = []
    public var footnotes: [Footnote] = []
    public var footnoteMarks: FootnoteMarks = .numbers
    /// `headerHeight`: the height of every header row (spanner rows included); nil = as the other rows.
    public var headerHeight: Double?
    /// The `markup` every style starts from, below the theme: `.markdown` for a Markdown pipe
    /// table (where people write `**bold**`), `.none` for every other input.
    public var defaultMarkup: MarkupMode = .none

    /// Lines of a few keys (`data`, `theme`, `spans`, `selection`) so errors found while preparing
    /// (a missing CSV file, an unknown theme) can still point at the document line.
    package var sourceLines: [String: Int] = [:]
    /// Every image cell of the document, with where it is written; `prepare` checks the files.
    package var imageReferences: [ImageReference] = []
    /// The largest data file (CSV, TSV, JSON) `prepare` reads for this document; `load` sets it.
    package var maxInputBytes: Int = Document.defaultMaxInputBytes
    /// Cells, columns, text and image bytes `prepare` accepts (docs/robustness.md).
    public var budget: InputBudget = .standard

    public init() {}

    /// True when the document flows items (it has `items`, or sections holding items).
    public var isItemMode: Bool { items != nil || sections.contains { $0.items != nil } }
}

extension Document {
    public struct Canvas: Sendable, Hashable {
        public var width: Double?
        public var height: Double?
        public var scale: Double = 1
        /// nil = the theme's background (or white).
        public var background: Color?
        public var padding = Insets<Double>(all: 0)
        public var page: PreparedGrid.Page?
        /// `canvas.page`'s keys beside the size (continued, continues, split, order).
        package var pageFlow = PreparedGrid.PageFlow()
        public init() {}
    }

    public struct Column: Sendable, Hashable {
        public var key: String
        public var title: String?
        public var width: TrackSize?
        public var align: TextAlign?
        public var format: NumberFormatSpec?
        public var style: Style?
        /// `format.date`.
        public var dateFormat: DateFormatSpec?
        /// `format.missing`: shown for empty and null cells.
        public var missing: String?
        /// `headerStyle`: the style of this column's title cell, over `styles.header`.
        public var headerStyle: Style?
        public var colorScale: ColorScale?
        public var bar: DataBar?
        public var rules: [ConditionalRule] = []
        public init(key: String, title: String? = nil, width: TrackSize? = nil, align: TextAlign? = nil,
                    format: NumberFormatSpec? = nil, style: Style? = nil) {
            self.key = key; self.title = title; self.width = width; self.align = align
            self.format = format; self.style = style
        }
        /// `format` as a whole: number, date and missing.
        public var cellFormat: CellFormat { CellFormat(number: format, date: dateFormat, missing: missing) }
    }

    /// Where table rows come from.
    public enum DataSource: Sendable, Hashable {
        case rows([[Cell]])
        /// Each record keeps its keys in document order.
        case records([[RecordField]])
        case csv(path: String)
        case tsv(path: String)
        /// A JSON file holding an array of records.
        case json(path: String)
    }

    public struct RecordField: Sendable, Hashable {
        public var key: String
        public var value: Cell
        public init(key: String, value: Cell) { self.key = key; self.value = value }
    }

    /// A section: in table mode it holds rows, in item mode items.
    public struct Section: Sendable, Hashable {
        public var title: String?
        public var rows: [[Cell]]
        public var items: ItemList?
        public var collapsed: Bool
        public init(title: String? = nil, rows: [[Cell]] = [], items: ItemList? = nil, collapsed: Bool = false) {
            self.title = title; self.rows = rows; self.items = items; self.collapsed = collapsed
        }
    }

    /// `items`: a count of placeholder cells or a list of cell contents.
    public enum ItemList: Sendable, Hashable {
        case count(Int)
        case list([Cell])
        public var count: Int {
            switch self { case .count(let n): return n; case .list(let l): return l.count }
        }
    }

    /// One cell as written in the document, before number formatting.
    public struct Cell: Sendable, Hashable {
        public enum Value: Sendable, Hashable {
            case empty
            case text(String)
            /// The value and its text as written.
            case number(Double, text: String)
            case bool(Bool)
            case image(path: String, fit: ImageFit)
            case swatch(Color)
        }
        public var value: Value
        /// The cell's own style (`{"text": …, "style": {…}}`): top of the cascade.
        public var style: Style?
        /// The cell's own `format`, replacing its column's.
        public var format: CellFormat?
        /// The URL a text cell links to (`{"text": …, "link": "https://…"}`): clickable in PDF and SVG.
        public var link: String?
        public init(_ value: Value, style: Style? = nil, link: String? = nil) { self.value = value; self.style = style; self.link = link }
        public static let empty = Cell(.empty)
    }

    /// An image cell's path and where the document names it.
    public struct ImageReference: Sendable, Hashable {
        public var path: String
        public var file: String?
        public var line: Int?
        public var keyPath: String
        public init(path: String, file: String?, line: Int?, keyPath: String) {
            self.path = path; self.file = file; self.line = line; self.keyPath = keyPath
        }
    }

    /// `selection`: layout row indices (table mode) or item flow indices (item mode).
    public struct Selection: Sendable, Hashable {
        public var rows: [Int] = []
        public var items: [Int] = []
        public init(rows: [Int] = [], items: [Int] = []) { self.rows = rows; self.items = items }
    }

    /// `theme`: a preset name, a theme file, or an inline theme extending a preset.
    public enum ThemeReference: Sendable, Hashable {
        case named(String)
        case file(String)
        case inline(ThemeOverride)
        /// A theme value built in code (a preset, or one extended or made from scratch).
        case theme(Theme)
    }

    /// A theme written as a document fragment: styles, grid lines, canvas background.
    public struct ThemeOverride: Sendable, Hashable {
        public var name: String?
        /// A preset name or a theme file path.
        public var extends: String?
        public var styles = StyleSheet()
        public var gridLines = GridLinesOverride()
        public var background: Color?
        public init() {}
    }

    /// The layout keys of §2 (`columnWidths` … `spans`) are decoded straight into a layout-core
    /// spec, so each key is declared once; `prepare` gives it the content and the canvas size.
    /// Its `content` is a placeholder until then.
    package static func emptyLayout() -> GridSpec { GridSpec(content: .table(GridSpec.Table(columnCount: 0, rows: []))) }
}
