public import GridDocument
public import GridLayout

extension Document {
    /// Where every column, row and cell of a rendered document goes, in points after pixel
    /// snapping, named as `gridrender layout` prints them: `columns[i].x`/`.width`,
    /// `rows[i].y`/`.height`/`.kind`, and `cells` with `row`, `column`, `x`, `y`, `width`, `height`.
    ///
    /// ```swift
    /// let layout = try doc.layout()
    /// print(layout.columns[0].x, layout.columns[0].width)    // the first column
    /// print(layout.rows.count, layout.cells.count)
    /// print(layout.json(units: .points))                     // what `gridrender layout` prints
    /// ```
    ///
    /// Coordinates are those of the grid area: (0, 0) is the top-left corner of the grid inside
    /// the canvas padding and below the title and subtitle.
    public struct Layout: Sendable {
        /// A width and a height in points.
        public struct Size: Sendable, Hashable {
            /// Points across.
            public var width: Double
            /// Points down.
            public var height: Double
        }

        /// One column: where it starts and how wide it is.
        public struct Column: Sendable, Hashable {
            /// The left edge, in points.
            public var x: Double
            /// The width, in points.
            public var width: Double
        }

        /// One row: where it starts, how tall it is and what it holds.
        public struct Row: Sendable, Hashable {
            /// What a row holds: `header`, `section` (a section's title row), `data` or `item`.
            public typealias Kind = RowKind
            /// The top edge, in points.
            public var y: Double
            /// The height, in points.
            public var height: Double
            /// What the row holds.
            public var kind: Kind
        }

        /// One cell: its anchor position, its span and its frame.
        public struct Cell: Sendable, Hashable {
            /// The row of the cell's top-left corner.
            public var row: Int
            /// The column of the cell's top-left corner.
            public var column: Int
            /// Rows covered (1 unless the cell spans).
            public var rowSpan: Int
            /// Columns covered (1 unless the cell spans; a section row covers every column).
            public var columnSpan: Int
            /// The left edge of the frame, in points (after cell alignment).
            public var x: Double
            /// The top edge of the frame, in points.
            public var y: Double
            /// The frame's width, in points.
            public var width: Double
            /// The frame's height, in points.
            public var height: Double
            /// The item index in flow order (item grids; nil for tables and section rows).
            public var item: Int?
            /// The section the cell belongs to (0 when there are no sections).
            public var section: Int

            init(_ cell: PlacedCell) {
                row = cell.row; column = cell.column; rowSpan = cell.rowSpan; columnSpan = cell.columnSpan
                x = cell.frame.x; y = cell.frame.y; width = cell.frame.width; height = cell.frame.height
                item = cell.item; section = cell.section
            }
        }

        /// Every cell once (a span once, at its top-left position; empty item slots not at
        /// all), in row-major order. Computed as it is read, so a million-cell table stores no
        /// cells; `count` is O(1).
        public struct Cells: Collection, Sendable {
            /// A position in the grid: the row and column of a cell's top-left corner.
            public struct Index: Comparable, Sendable, Hashable {
                /// The row.
                public var row: Int
                /// The column.
                public var column: Int
                /// Row-major order.
                public static func < (a: Index, b: Index) -> Bool { (a.row, a.column) < (b.row, b.column) }
            }

            let layout: GridLayout.Layout
            /// The first cell's position (`endIndex` when there is none).
            public let startIndex: Index
            /// The position past the last row.
            public var endIndex: Index { Index(row: rowCount, column: 0) }
            /// The number of cells.
            public var count: Int { layout.cellCount }
            private var rowCount: Int { Swift.min(layout.rows.count, layout.rowKinds.count) }

            init(_ layout: GridLayout.Layout) {
                self.layout = layout
                self.startIndex = Cells.firstAnchor(in: layout, from: Index(row: 0, column: 0))
            }

            /// The cell anchored at `position`.
            public subscript(position: Index) -> Cell {
                guard let cell = layout.cell(row: position.row, column: position.column) else {
                    preconditionFailure("no cell at row \(position.row), column \(position.column)")
                }
                return Cell(cell)
            }

            /// The next cell's position.
            public func index(after i: Index) -> Index {
                var next = i
                next.column += 1
                if next.column >= layout.columns.count { next = Index(row: next.row + 1, column: 0) }
                return Cells.firstAnchor(in: layout, from: next)
            }

            /// The first position at or after `from` where a cell is anchored.
            static func firstAnchor(in layout: GridLayout.Layout, from: Index) -> Index {
                let rows = Swift.min(layout.rows.count, layout.rowKinds.count), columns = layout.columns.count
                guard columns > 0 else { return Index(row: rows, column: 0) }
                var position = from
                while position.row < rows {
                    if let cell = layout.cell(row: position.row, column: position.column),
                       cell.row == position.row, cell.column == position.column {
                        return position
                    }
                    position.column += 1
                    if position.column >= columns || layout.rowKinds[position.row] == .section {
                        position = Index(row: position.row + 1, column: 0)
                    }
                }
                return Index(row: rows, column: 0)
            }
        }

        let base: GridLayout.Layout

        init(_ layout: GridLayout.Layout) {
            base = layout
            columns = layout.columns.map { Column(x: $0.offset, width: $0.size) }
            rows = layout.rows.enumerated().map { index, track in
                Row(y: track.offset, height: track.size,
                    kind: index < layout.rowKinds.count ? layout.rowKinds[index] : .data)
            }
            cells = Cells(layout)
        }

        /// Pixels per point.
        public var scale: Double { base.scale }
        /// The grid's size in points (`size` in `gridrender layout`).
        public var size: Size { Size(width: base.size.width, height: base.size.height) }
        /// The full extent of the grid content, which differs from ``size`` only when the
        /// content overflows a fixed canvas.
        public var contentSize: Size { Size(width: base.contentSize.width, height: base.contentSize.height) }
        /// The columns, left to right.
        public let columns: [Column]
        /// The rows, top to bottom: header rows, section title rows, data or item rows.
        public let rows: [Row]
        /// Every cell, in row-major order.
        public let cells: Cells

        /// The cell covering (`row`, `column`): a spanned position gives the spanning cell; nil
        /// where there is none (an empty item slot, outside the grid).
        public func cell(row: Int, column: Int) -> Cell? {
            base.cell(row: row, column: column).map(Cell.init)
        }

        /// Points or pixels, for ``json(units:)``.
        public typealias Units = LayoutUnits

        /// The JSON `gridrender layout --units pt|px` prints: sizes, columns, rows and cells.
        public func json(units: Units = .points) -> String { base.json(units: units) }
    }
}
