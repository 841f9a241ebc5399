/// Everything the layout core needs to place a grid: plain values, no C, no I/O.
/// The document decoder builds one of these; tests build them by hand.
public struct GridSpec: Sendable, Hashable {
    /// Table mode: one column per column spec; one row per header row, section header and data row.
    package struct Table: Sendable, Hashable {
        package var columnCount: Int
        /// Every row top to bottom. A `.section` row is one cell spanning all columns.
        package var rows: [RowKind]
        /// The section index of each row, when the caller knows it (untitled sections have no
        /// `.section` row to derive it from). nil, or missing entries, use the derived rule
        /// documented on `Layout.rowSections`.
        package var rowSections: [Int]? = nil
        /// Spanner labels over the column titles (header rows); reported by `Layout.json`.
        package var spanners: [SpannerPlacement] = []
        package init(columnCount: Int, rows: [RowKind]) { self.columnCount = columnCount; self.rows = rows }
    }

    /// Item mode: items flowed into tracks.
    package struct Items: Sendable, Hashable {
        package struct Section: Sendable, Hashable {
            package var count: Int
            /// A titled section gets a full-width section header row and always starts a new line.
            package var hasHeader: Bool
            /// A collapsed section shows its header only.
            package var collapsed: Bool
            package init(count: Int, hasHeader: Bool = false, collapsed: Bool = false) {
                self.count = count; self.hasHeader = hasHeader; self.collapsed = collapsed
            }
        }
        package var sections: [Section]
        package var flow: Flow
        package var limit: LineLimit?
        package var itemHeight: ItemHeight?
        package var sectionsStartOnNewLine: Bool
        /// The height of section header rows. nil = `.auto`: the measurer's
        /// `height(row:column:0,width:)` at the full grid width (the only time item mode
        /// consults the measurer), at least `minimumRowHeight`.
        package var sectionHeaderHeight: TrackSize? = nil
        /// Items smaller than their slots (`ItemSize`); nil = every item fills its slot.
        package var itemSize: ItemSize? = nil
        /// The horizontal direction's `itemHeight`: column widths from the average row height,
        /// in the same forms (`lineSize(0)`: square). Used only when `isHorizontal`.
        package var itemWidth: ItemHeight? = nil

        /// RDH's horizontal direction (DESIGN.md §3, "flow `columns` swaps the axes"): flow
        /// `.columns` in a grid that has a height to share (`height`, the canvas's or the
        /// viewport's) or no width at all. Rows then share the height and column widths come
        /// from `itemWidth`, `itemSize.width` or the items' content; otherwise (a width and
        /// no height) columns share the width and rows follow `itemHeight`, as with flow `.rows`.
        package func isHorizontal(width: Double?, height: Double?) -> Bool {
            flow == .columns && (height != nil || width == nil)
        }
        package init(sections: [Section], flow: Flow = .rows, limit: LineLimit? = nil,
                    itemHeight: ItemHeight? = nil, sectionsStartOnNewLine: Bool = true) {
            self.sections = sections; self.flow = flow; self.limit = limit
            self.itemHeight = itemHeight; self.sectionsStartOnNewLine = sectionsStartOnNewLine
        }
    }

    package enum Content: Sendable, Hashable {
        case table(Table)
        case items(Items)
    }

    package var content: Content
    /// Container width and height in points; nil sizes that axis to its content.
    package var width: Double?
    package var height: Double?
    /// Pixels per point. It does not change the layout (snapping is in whole points); the
    /// layout keeps it to convert to pixels (`Layout.json(units: .pixels)`).
    package var scale: Double = 1

    /// Per-track sizes; a nil entry (or a missing one) uses the default. In item mode,
    /// `rowHeights[i]` is row i counting section header rows, and overrides `itemHeight`.
    public var columnWidths: [TrackSize?] = []
    public var rowHeights: [TrackSize?] = []
    /// nil = the mode's default: table columns and rows `auto`; item columns `fill 1`.
    public var defaultColumnWidth: TrackSize?
    public var defaultRowHeight: TrackSize?
    /// The `min` of every track that sets none.
    public var minimumColumnWidth: Double?
    public var minimumRowHeight: Double?

    public var columnSpacing: Spacing = .zero
    public var rowSpacing: Spacing = .zero
    /// Per-gap overrides: entry i is the gap after track i.
    public var columnSpacings: [Spacing?] = []
    public var rowSpacings: [Spacing?] = []
    public var margins: Insets<Spacing> = Insets(all: .zero)

    /// Every non-fill track's base becomes the largest base of the axis (then each is clamped
    /// to its own min/max). Fill tracks keep sharing free space by weight.
    public var uniformColumnWidths = false
    public var uniformRowHeights = false
    public var distribution = AxisPair<Distribution>(horizontal: .start, vertical: .start)
    public var cellAlignment = AxisPair<CellAlignment>(horizontal: .fill, vertical: .fill)
    public var minimumPolicy: MinimumPolicy = .overflow
    public var snapping: Snapping = .distribute

    public var frozenRows = 0
    public var frozenColumns = 0
    /// The visible part of the content, in content points; the canvas becomes its size.
    public var viewport: Rect?
    public var spans: [CellSpan] = []

    package init(content: Content, width: Double? = nil, height: Double? = nil, scale: Double = 1) {
        self.content = content; self.width = width; self.height = height; self.scale = scale
    }
}
