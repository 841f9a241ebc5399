import GridLayout

/// A document after decoding, data loading, column inference, row flattening and theme
/// application: everything the drawing module needs, as plain values.
/// `Document.prepare()` builds it.
public struct PreparedGrid: Sendable {
    public enum FontMode: String, Sendable, Hashable { case pinned, system }

    /// A PDF page size in points.
    public struct Page: Sendable, Hashable {
        public var width: Double
        public var height: Double
        public init(width: Double, height: Double) { self.width = width; self.height = height }
    }

    /// A title, subtitle or footnote.
    package struct TextBlock: Sendable, Hashable {
        package var text: String
        package var style: ResolvedStyle
        package init(text: String, style: ResolvedStyle) { self.text = text; self.style = style }
    }

    /// Layout input for the grid area (canvas minus padding and text blocks).
    package var spec: GridSpec
    /// Canvas size in points when the document fixes it; nil = fit content.
    package var canvasWidth: Double?
    package var canvasHeight: Double?
    package var scale: Double
    package var background: Color
    package var padding: Insets<Double>
    package var page: Page?
    /// How a paginated table runs across pages (`canvas.page`'s object form).
    package var pageFlow = PageFlow()
    /// The language of the text (BCP 47: the document's `lang`, else "en").
    package var language = "en"
    /// What readers who cannot see the picture are told: title, stub, text alternative.
    package var accessibility = GridAccessibility()
    package var title: TextBlock?
    package var subtitle: TextBlock?
    package var footnote: TextBlock?
    package var gridLines: GridLines
    package var fonts: FontMode
    /// Rows repeated on every PDF page (header rows, and frozen rows).
    package var repeatedRowCount: Int
    /// Directory that relative image paths are resolved against.
    package var baseDirectory: String
    /// The document's name for messages (`people.csv`), nil when built in code.
    package var file: String?
    /// The files `prepare` read (document, data file, theme files, images): the output writer
    /// refuses to write over any of them.
    package var readFiles: [String] = []

    /// Cell contents and styles, indexed by the layout's row and column (table mode) or by
    /// item index (item mode); section header rows are `column == 0`.
    package var cells: CellSource
    /// Item mode: what slots without an item show (`.hidden`: nothing, not even grid lines).
    package var emptySlots: EmptySlots = .hidden
    /// Problems that do not stop rendering (values a column's format cannot read), one line
    /// each (`file:line: key.path: message`); the renderer hands them to its warning handler.
    package var warnings: [String] = []
    /// The links the drawing writes: others are dropped with a warning (document key `linkSchemes`).
    package var linkPolicy = LinkPolicy()

    package init(spec: GridSpec, canvasWidth: Double? = nil, canvasHeight: Double? = nil, scale: Double = 1,
                background: Color = .white, padding: Insets<Double> = Insets(all: 0), page: Page? = nil,
                title: TextBlock? = nil, subtitle: TextBlock? = nil, footnote: TextBlock? = nil,
                gridLines: GridLines = GridLines(), fonts: FontMode = .pinned, repeatedRowCount: Int = 0,
                baseDirectory: String = ".", cells: CellSource, emptySlots: EmptySlots = .hidden) {
        self.spec = spec; self.canvasWidth = canvasWidth; self.canvasHeight = canvasHeight; self.scale = scale
        self.background = background; self.padding = padding; self.page = page
        self.title = title; self.subtitle = subtitle; self.footnote = footnote
        self.gridLines = gridLines; self.fonts = fonts; self.repeatedRowCount = repeatedRowCount
        self.baseDirectory = baseDirectory; self.cells = cells; self.emptySlots = emptySlots
    }
}

/// Content and resolved style of every cell. A protocol so a 100,000-row table can keep its
/// data columnar and resolve styles on demand instead of storing one style per cell.
package protocol CellSource: Sendable {
    /// Table mode: row and column of the layout. Item mode: `row`/`column` of the placed cell
    /// and `item`, the flow index.
    func content(row: Int, column: Int, item: Int?) -> CellContent
    func style(row: Int, column: Int, item: Int?) -> ResolvedStyle
    /// What `decimal` alignment lines up in `column` (its number format's `decimalSeparator`).
    func decimalSeparator(column: Int) -> String
    /// The URL a text cell links to, if any.
    func link(row: Int, column: Int, item: Int?) -> String?
    /// Where a cell is, for messages: `row 3, column "name"`.
    func cellDescription(row: Int, column: Int, item: Int?) -> String
    /// False when no cell can show an image, so a render need not look at every cell for one;
    /// a source that cannot tell cheaply answers true.
    var mayShowImages: Bool { get }
}

extension CellSource {
    package var mayShowImages: Bool { true }
    package func decimalSeparator(column: Int) -> String { "." }
    package func link(row: Int, column: Int, item: Int?) -> String? { nil }
    package func cellDescription(row: Int, column: Int, item: Int?) -> String {
        item.map { "item \($0 + 1)" } ?? "row \(row + 1), column \(column + 1)"
    }
}
