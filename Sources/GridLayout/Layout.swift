/// One column or row after sizing and snapping, in points (whole points unless snapping is
/// `none`, whatever the scale).
package struct Track: Sendable, Hashable {
    package var offset: Double
    package var size: Double
    package init(offset: Double, size: Double) { self.offset = offset; self.size = size }
    package var end: Double { offset + size }
}

/// A cell placed on the canvas.
package struct PlacedCell: Sendable, Hashable {
    package var row: Int
    package var column: Int
    package var rowSpan: Int
    package var columnSpan: Int
    /// The cell's frame in points, after cell alignment and snapping.
    package var frame: Rect
    /// The flow index in item mode; nil in table mode and for section header rows.
    package var item: Int?
    /// The section this cell belongs to (0 when the grid has no sections).
    package var section: Int
    package init(row: Int, column: Int, rowSpan: Int = 1, columnSpan: Int = 1, frame: Rect,
                item: Int? = nil, section: Int = 0) {
        self.row = row; self.column = column; self.rowSpan = rowSpan; self.columnSpan = columnSpan
        self.frame = frame; self.item = item; self.section = section
    }
}

/// A laid-out grid: tracks in content points after snapping, and cells on demand.
///
/// Storage is O(rows + columns): the tracks, one kind and section per row, the spans, and for
/// item mode the flow's lines. Cell frames are computed from the track offsets when asked for,
/// so a million-cell grid never materializes its cells. The only per-cell storage is the
/// measured content size kept for non-`fill` cell alignment in table mode.
package struct Layout: Sendable {
    /// Pixels per point. The layout does not depend on it (snapping is in whole points); it
    /// only multiplies when pixels are asked for (`json(units: .pixels)`, `PixelEdges`).
    package var scale: Double
    /// Canvas size in points: the container (spec.width/height) where given, else the
    /// viewport size when a viewport is set, else `contentSize`. Snapped to whole points
    /// (halves up) unless `snapping` is `none`.
    package var size: Size
    /// Full extent of the grid including margins, in points. With a container it equals the
    /// container (leftover space sits in the margins or gaps, per `distribution`) unless the
    /// content overflows it; `json(units:)` reports it only when it differs from `size`.
    package var contentSize: Size
    /// Columns in content coordinates, points, after snapping.
    package var columns: [Track]
    /// Rows in content coordinates, points, after snapping.
    package var rows: [Track]
    /// What each row holds.
    package var rowKinds: [RowKind]
    /// The section index of each row.
    ///
    /// Table mode: rows before the first `.section` row are section 0; each `.section` row
    /// starts the next section, except that a first `.section` row preceded by header rows
    /// only (no data row) also starts section 0, so headers share the first section's index.
    /// `GridSpec.Table.rowSections` overrides this (for untitled sections, which have no row).
    /// Item mode: the index in `GridSpec.Items.sections` of the header, or of the first item
    /// of the row (flow `.columns`: of the row's block).
    package var rowSections: [Int]
    /// How content maps to the canvas. Without a viewport: one region, clip = whole canvas,
    /// offset 0, all rows and columns. With a viewport and frozen rows/columns: up to four
    /// regions (corner, frozen rows, frozen columns, scrolling body), each with a canvas clip
    /// rect, the translation canvas = content + offset, and the row/column ranges it shows.
    package var regions: [ViewportRegion]

    var cellMap: CellMap

    /// Table mode: the spanner labels over the column titles (`GridSpec.Table.spanners`).
    package var spanners: [SpannerPlacement] = []

    /// The number of cells: every position holding a cell, a span counted once, a section
    /// row counted once, empty item slots not at all.
    package var cellCount: Int { cellMap.cellCount }
}
