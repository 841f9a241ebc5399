extension PreparedGrid {
    /// How a paginated table runs across its pages: the keys of `canvas.page`'s object form beside
    /// the size (docs/FORMAT.md). Kept apart from `Page`, which is only the paper, so `--page`
    /// replaces the size and keeps these.
    package struct PageFlow: Sendable, Hashable {
        /// The order of the pages of a table split by rows and columns.
        package enum Order: String, Sendable, Hashable, CaseIterable {
            /// All the rows of the first columns, then all the rows of the next ones.
            case down
            /// Every column group of the first rows, then of the next rows.
            case across
        }

        /// `continued`: the line under the title repeated on every page after the first; nil = no
        /// repeated title.
        package var continued: String?
        /// `continues`: the note at the foot of every page but the last; nil = none.
        package var continues: String?
        /// `split: "columns"`: columns that do not fit the page width go to further pages.
        package var splitsColumns = false
        package var order: Order = .down
        /// Prepared from `continued` and `continues` with the subtitle's and the footnote's styles.
        package var continuedLine: TextBlock?
        package var continuesNote: TextBlock?
        /// Columns repeated at the left of every page of a split table (the stub, or the first
        /// column, and frozen columns).
        package var repeatedColumnCount = 0

        /// What `continued: true` and `continues: true` say.
        package static let continuedText = "(continued)"
        package static let continuesText = "continued on next page"

        package init(continued: String? = nil, continues: String? = nil, splitsColumns: Bool = false, order: Order = .down) {
            self.continued = continued; self.continues = continues; self.splitsColumns = splitsColumns; self.order = order
        }

        /// Whether any key asks for more than the default pagination.
        package var isDefault: Bool { continued == nil && continues == nil && !splitsColumns }
    }
}
