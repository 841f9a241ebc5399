/// Splits the canvas into the regions a viewport with frozen rows and columns shows.
///
/// The viewport origin is the scroll position in content points. Frozen rows stay pinned at
/// the top and frozen columns at the left, and they cover the top-left of the viewport: at
/// scroll position (0, 0) every row and column is where the unscrolled grid has it. The
/// scrolling body shows content from (viewport.x + frozen width, viewport.y + frozen height)
/// at canvas (frozen width, frozen height), only rows and columns past the frozen ones.
enum RegionPlanner {
    static func regions(columns: [Track], rows: [Track], canvas: Size, viewport: Rect?,
                        frozenRows: Int, frozenColumns: Int) -> [ViewportRegion] {
        guard let viewport else {
            return [ViewportRegion(clip: Rect(x: 0, y: 0, width: canvas.width, height: canvas.height),
                                   offset: Point(x: 0, y: 0), rows: 0..<rows.count, columns: 0..<columns.count)]
        }
        let frozenRowCount = frozenRows.clamped(0, rows.count)
        let frozenColumnCount = frozenColumns.clamped(0, columns.count)
        let frozenHeight = frozenRowCount > 0 ? Swift.min(rows[frozenRowCount - 1].end, canvas.height) : 0
        let frozenWidth = frozenColumnCount > 0 ? Swift.min(columns[frozenColumnCount - 1].end, canvas.width) : 0
        let bodyRows = TrackSearch.visible(rows, from: viewport.y + frozenHeight, to: viewport.y + canvas.height,
                                           atLeast: frozenRowCount)
        let bodyColumns = TrackSearch.visible(columns, from: viewport.x + frozenWidth, to: viewport.x + canvas.width,
                                              atLeast: frozenColumnCount)
        let restWidth = canvas.width - frozenWidth, restHeight = canvas.height - frozenHeight
        var regions: [ViewportRegion] = []
        if frozenRowCount > 0 && frozenColumnCount > 0 && frozenWidth > 0 && frozenHeight > 0 {
            regions.append(ViewportRegion(clip: Rect(x: 0, y: 0, width: frozenWidth, height: frozenHeight),
                                          offset: Point(x: 0, y: 0), rows: 0..<frozenRowCount,
                                          columns: 0..<frozenColumnCount))
        }
        if frozenRowCount > 0 && frozenHeight > 0 && restWidth > 0 {
            regions.append(ViewportRegion(clip: Rect(x: frozenWidth, y: 0, width: restWidth, height: frozenHeight),
                                          offset: Point(x: -viewport.x, y: 0), rows: 0..<frozenRowCount,
                                          columns: bodyColumns))
        }
        if frozenColumnCount > 0 && frozenWidth > 0 && restHeight > 0 {
            regions.append(ViewportRegion(clip: Rect(x: 0, y: frozenHeight, width: frozenWidth, height: restHeight),
                                          offset: Point(x: 0, y: -viewport.y), rows: bodyRows,
                                          columns: 0..<frozenColumnCount))
        }
        regions.append(ViewportRegion(clip: Rect(x: frozenWidth, y: frozenHeight, width: restWidth, height: restHeight),
                                      offset: Point(x: -viewport.x, y: -viewport.y), rows: bodyRows,
                                      columns: bodyColumns))
        return regions
    }
}
