import GridDocument
import GridLayout

/// The table an accessible SVG gives assistive technology (issue 30 item 2): ARIA roles on
/// groups that hold no ink, one per cell, in reading order, each labelled with the cell's text.
///
/// Table mode: `role="table"` with `aria-rowcount`/`aria-colcount` (the whole table's), a
/// `role="row"` group per row shown with its `aria-rowindex`, and in it a group per cell with
/// its `aria-colindex`: `columnheader` in header rows, `rowheader` for a section's title and
/// for the stub's cells, `cell` otherwise; spans as `aria-colspan`/`aria-rowspan`. Indices are
/// the table's (1-based), so a page of a paginated table says which rows it holds.
/// Item mode: `role="list"` with a `role="listitem"` per item (and per section title), in the
/// items' order: an item grid is a sequence, not rows and columns (its rows change with the
/// width), so it is read as one.
///
/// Each cell group holds a `<rect>` of the cell's frame with `fill="none"`, which paints
/// nothing (the raster is the same: `SVGAccessibilityTests`) but lets tools outline the cell.
/// Every text goes through `XMLText.escaped`.
struct SVGAccessibleTable {
    /// One part of the canvas and how its cells reach the document: the region, where the grid's
    /// origin is on the canvas, and the scale from canvas to document (a page's fit).
    struct Placement {
        var regions: [ViewportRegion]
        var origin: Point
        var scale: Double = 1
    }

    let layout: Layout
    let cells: CellSource
    let accessibility: GridAccessibility
    let placement: Placement
    let nameID: String

    /// Whether the grid is an item grid (read as a list).
    var isItems: Bool { layout.rowKinds.contains(.item) }

    /// The whole layer: the table (or list) group and every cell shown.
    func bytes() -> [UInt8] {
        var out: [UInt8] = []
        write { out += $0 }
        return out
    }

    /// Hands the layer to `write` in pieces of about 64 KB, so a large table's layer is never
    /// held whole (a streamed SVG writes each piece to its file).
    func write(_ write: ([UInt8]) throws -> Void) rethrows {
        if isItems {
            try write(Array("<g role=\"list\" aria-labelledby=\"\(nameID)\">\n".utf8))
            try appendItems(to: write)
        } else {
            try write(Array("<g role=\"table\" aria-labelledby=\"\(nameID)\" aria-rowcount=\"\(layout.rows.count)\" aria-colcount=\"\(layout.columns.count)\">\n".utf8))
            try appendRows(to: write)
        }
        try write(Array("</g>\n".utf8))
    }

    /// Bytes of a piece before it is handed on.
    private static let pieceBytes = 1 << 16

    /// The rows shown, in order, each once (regions side by side share rows).
    private var shownRows: [Range<Int>] {
        placement.regions.map(\.rows).filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// Calls `body` with each cell shown, in row-major order of the positions where it is first
    /// seen, with the region it is seen in.
    private func forEachShownCell(_ body: (PlacedCell, ViewportRegion, _ rowStart: Bool) throws -> Void) rethrows {
        var next = 0
        var seenSpans: Set<[Int]> = []
        let byColumn = placement.regions.filter { !$0.columns.isEmpty }.sorted { $0.columns.lowerBound < $1.columns.lowerBound }
        for range in shownRows {
            for row in Swift.max(range.lowerBound, next)..<Swift.max(range.upperBound, next) {
                next = row + 1
                let regions = byColumn.count == 1 ? byColumn : byColumn.filter { $0.rows.contains(row) }
                var nextColumn = 0, first = true
                for region in regions {
                    for column in Swift.max(region.columns.lowerBound, nextColumn)..<Swift.max(region.columns.upperBound, nextColumn) {
                        nextColumn = column + 1
                        guard let cell = layout.cell(row: row, column: column) else { continue }
                        if cell.row != row || cell.column != column {
                            guard seenSpans.insert([cell.row, cell.column]).inserted else { continue }
                        } else if cell.rowSpan > 1 || cell.columnSpan > 1 {
                            guard seenSpans.insert([cell.row, cell.column]).inserted else { continue }
                        }
                        try body(cell, region, first)
                        first = false
                    }
                }
            }
        }
    }

    private func appendRows(to write: ([UInt8]) throws -> Void) rethrows {
        var open = false
        var line: [UInt8] = []
        line.reserveCapacity(Self.pieceBytes + 4096)
        try forEachShownCell { cell, region, rowStart in
            if rowStart {
                if open { line += Self.groupEnd }
                line += Self.rowStart
                Self.append(cell.row + 1, to: &line)
                line += Self.rowStartEnd
                open = true
            }
            appendCell(cell, region, role: role(cell), tableCell: true, to: &line)
            if line.count > Self.pieceBytes { try write(line); line.removeAll(keepingCapacity: true) }
        }
        if open { line += Self.groupEnd }
        try write(line)
    }

    private func appendItems(to write: ([UInt8]) throws -> Void) rethrows {
        var shown: [(cell: PlacedCell, region: ViewportRegion)] = []
        forEachShownCell { cell, region, _ in shown.append((cell, region)) }
        // The items' order (a column flow places them down first), a section's title first.
        shown.sort { ($0.cell.section, $0.cell.item ?? -1) < ($1.cell.section, $1.cell.item ?? -1) }
        var line: [UInt8] = []
        for (cell, region) in shown {
            appendCell(cell, region, role: "listitem", tableCell: false, to: &line)
            if line.count > Self.pieceBytes { try write(line); line.removeAll(keepingCapacity: true) }
        }
        try write(line)
    }

    private static let groupEnd = Array("</g>\n".utf8)
    // The layer's fixed pieces as bytes, made once: a large table writes them for every cell,
    // and building them per cell (String to Array) was most of the layer's time.
    private static let rowStart = Array("<g role=\"row\" aria-rowindex=\"".utf8)
    private static let rowStartEnd = Array("\">\n".utf8)
    private static let roleStart = Array("<g role=\"".utf8)
    private static let colIndex = Array(" aria-colindex=\"".utf8)
    private static let colSpan = Array(" aria-colspan=\"".utf8)
    private static let rowSpan = Array(" aria-rowspan=\"".utf8)
    private static let labelStart = Array(" aria-label=\"".utf8)
    private static let rectX = Array("<rect x=\"".utf8)
    private static let rectY = Array("\" y=\"".utf8)
    private static let rectWidth = Array("\" width=\"".utf8)
    private static let rectHeight = Array("\" height=\"".utf8)
    private static let rectEnd = Array("\" fill=\"none\"/>".utf8)

    /// A non-negative integer's decimal digits.
    private static func append(_ n: Int, to out: inout [UInt8]) {
        if n >= 10 { append(n / 10, to: &out) }
        out.append(UInt8(ascii: "0") + UInt8(n % 10))
    }

    /// The cell's role: see the type's comment.
    private func role(_ cell: PlacedCell) -> String {
        switch layout.rowKinds[cell.row] {
        case .header: "columnheader"
        case .section: "rowheader"
        case .data, .item: accessibility.hasStub && cell.column == 0 ? "rowheader" : "cell"
        }
    }

    /// The text of `cell` as `accessibleLabel` gives it.
    func label(_ cell: PlacedCell) -> String {
        let content = cells.content(row: cell.row, column: cell.column, item: cell.item)
        var markup = MarkupMode.none
        if case .text(let s) = content, InlineMarkup.mayContainMarkup(s) {
            markup = cells.style(row: cell.row, column: cell.column, item: cell.item).markup
        }
        return content.accessibleLabel(markup: markup)
    }

    private func appendCell(_ cell: PlacedCell, _ region: ViewportRegion, role: String, tableCell indices: Bool, to line: inout [UInt8]) {
        line += Self.roleStart
        line.append(contentsOf: role.utf8)
        line.append(UInt8(ascii: "\""))
        func attribute(_ name: [UInt8], _ value: Int) {
            line += name
            Self.append(value, to: &line)
            line.append(UInt8(ascii: "\""))
        }
        if indices { attribute(Self.colIndex, cell.column + 1) }
        if indices, cell.columnSpan > 1 { attribute(Self.colSpan, cell.columnSpan) }
        if indices, cell.rowSpan > 1 { attribute(Self.rowSpan, cell.rowSpan) }
        let text = label(cell)
        if !text.isEmpty {
            line += Self.labelStart
            line.append(contentsOf: XMLText.escaped(text).utf8)
            line.append(UInt8(ascii: "\""))
        }
        line.append(UInt8(ascii: ">"))
        if let r = frame(cell, region) {
            line += Self.rectX
            SVGNumber.append(r.x, to: &line)
            line += Self.rectY
            SVGNumber.append(r.y, to: &line)
            line += Self.rectWidth
            SVGNumber.append(r.width, to: &line)
            line += Self.rectHeight
            SVGNumber.append(r.height, to: &line)
            line += Self.rectEnd
        }
        line += Self.groupEnd
    }

    /// The cell's frame in the document: moved by its region and the grid's origin, cut to the
    /// region's clip, scaled. Nil when nothing of it shows.
    private func frame(_ cell: PlacedCell, _ region: ViewportRegion) -> Rect? {
        let x0 = Swift.max(cell.frame.x + region.offset.x, region.clip.x)
        let y0 = Swift.max(cell.frame.y + region.offset.y, region.clip.y)
        let x1 = Swift.min(cell.frame.maxX + region.offset.x, region.clip.maxX)
        let y1 = Swift.min(cell.frame.maxY + region.offset.y, region.clip.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        let s = placement.scale, o = placement.origin
        return Rect(x: (x0 + o.x) * s, y: (y0 + o.y) * s, width: (x1 - x0) * s, height: (y1 - y0) * s)
    }
}
