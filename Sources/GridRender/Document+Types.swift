public import GridDocument
public import GridLayout

/// The value types a document is made of, named inside ``Document`` and ``Style`` so they never
/// collide with the names of other modules.
extension Document {
    /// How wide a column or how tall a row is: `.fixed(80)`, `.auto()`, `.fill(2, min: 120)`,
    /// `.fraction(0.25)`, or (item grids) `.adaptive(min: 80)` — the document format's `width`.
    public typealias TrackSize = GridLayout.TrackSize
    /// A gap between tracks: a number literal (`4`) or `Spacing(4, stretch: 1)`.
    public typealias Spacing = GridLayout.Spacing
    /// A length per side in points, CSS order; a number literal sets all four (`padding = 12`).
    public typealias Insets = GridLayout.Insets<Double>
    /// A PDF page size: `.a4`, `.letter`, `Page(width:height:)` in points, `.a4.landscape`.
    public typealias Page = PreparedGrid.Page
    /// A column's number format: decimals, grouping, prefix, suffix… (the `format.number` key).
    public typealias NumberFormat = NumberFormatSpec
    /// How an image fills its cell: `.contain`, `.cover` or `.fill`.
    public typealias ImageFit = GridDocument.ImageFit
    /// The height of item-grid rows when no row height is given (`.lineSize(0)` = square cells).
    public typealias ItemHeight = GridLayout.ItemHeight
    /// How items flow in an item grid: `.rows` or `.columns`.
    public typealias Flow = GridLayout.Flow
    /// How many tracks an item grid's lines hold (`.maxColumns(4)`).
    public typealias LineLimit = GridLayout.LineLimit
    /// Where the space left over on an axis goes (`start`, `center`, `spaceBetween`…).
    public typealias Distribution = GridLayout.Distribution
    /// How a cell's content box sits in its track (`fill`, `start`, `center`, `end`).
    public typealias CellAlignment = GridLayout.CellAlignment
    /// A cell spanning several rows or columns (the `spans` key).
    public typealias CellSpan = GridLayout.CellSpan
    /// The layout keys of the format (`columnWidths`, `rowHeights`, spacing, margins,
    /// distribution, frozen rows, viewport, spans…): ``Document/grid``.
    public typealias GridSettings = GridSpec
    /// The file formats ``Document/load(path:as:)`` reads.
    public typealias InputFormat = GridDocument.InputFormat
    /// What `gridrender render --title --columns --sort --limit` changes: ``Document/applying(_:)``.
    public typealias Overrides = DocumentOverrides
    /// Fonts, PNG compression and filter, and a handler for font warnings, for one render call.
    public typealias RenderOptions = GridDocument.RenderOptions
    /// Pinned fonts (deterministic, the default) or the system's fonts.
    public typealias FontMode = PreparedGrid.FontMode
    /// The grid-line overrides of a document (`gridLines`): per family a line, `none`, or unset.
    public typealias GridLinesOverride = GridDocument.GridLinesOverride
    /// `appearance`: `light` or `dark` (the dark counterpart of the theme).
    public typealias Appearance = GridDocument.Appearance
    /// A column's date format (the `format.date` key).
    public typealias DateFormat = DateFormatSpec
    /// A column's number and date formats and its text for missing values, together.
    public typealias CellFormat = GridDocument.CellFormat
    /// How an item grid shows the slots after its last item (`emptySlots`).
    public typealias EmptySlots = GridDocument.EmptySlots
    /// The size of every item of an item grid (`itemSize`).
    public typealias ItemSize = GridLayout.ItemSize

    /// The layout keys (`columnWidths`, `rowHeights`, `columnSpacing`, `rowSpacing`, margins,
    /// `distribution`, `cellAlignment`, `frozen`, `viewport`, `spans`…), by their format names:
    /// `doc.grid.columnSpacing = 4`, `doc.grid.columnWidths = [.fixed(40), .fill()]`.
    public var grid: GridSettings {
        get { layout }
        set { layout = newValue }
    }
}

extension Style {
    /// A CSS colour: a string literal (`"#e11d48"`, `"rgb(16 32 48)"`, `"teal"`), `.white`,
    /// `.black`, `.transparent`, `Color(red:green:blue:alpha:)` or `Color(css:)` for text read
    /// at run time. An invalid literal stops a debug build with a message naming it.
    public typealias Color = GridDocument.Color
    /// A font request: `.init(family: "DejaVu Sans", size: 11, weight: .bold, italic: false)`.
    public typealias Font = FontSpec
    /// A stroked line (grid line or border): width, colour, dash.
    public typealias Line = LineStyle
    /// Horizontal text alignment: `.left`, `.center`, `.right`, `.decimal`.
    public typealias Align = TextAlign
    /// The named layers of a document's `styles`: `cell`, `row`, `alternateRow`, `header`…
    public typealias Sheet = StyleSheet
    /// The `gridLines` a theme paints: horizontal, vertical, outer, header.
    public typealias GridLines = GridDocument.GridLines
    /// How cell text is read (the `markup` key): plain, or inline Markdown.
    public typealias Markup = MarkupMode
}
