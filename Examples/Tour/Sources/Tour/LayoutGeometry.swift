import GridRender

/// docs/API.md, "Where everything goes".
func layoutGeometry() throws {
    let doc = Document(header: ["City", "Population"], rows: [["Oslo", 709_000], ["Bergen", 291_000]])
    let layout = try doc.layout()                     // points, after pixel snapping
    let first = layout.columns[0]                     // .x, .width
    let header = layout.rows[0]                       // .y, .height, .kind
    print(first.x, first.width, header.y, header.height, layout.cells.count)
    for cell in layout.cells where cell.row > 0 {     // .row .column .x .y .width .height
        print(cell.row, cell.column, cell.x, cell.y, cell.width, cell.height)
    }
    print(layout.json(units: .points))                // what `gridrender layout` prints

    check(layout.cells.count == 6, "3 rows × 2 columns")
    check(layout.columns[1].x == first.x + first.width, "columns touch")
    check(header.kind == .header, "row 0 is the header")
}
