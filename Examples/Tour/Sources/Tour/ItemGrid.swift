import GridRender

/// docs/API.md, "Item grids, the SwiftUI way".
func itemGrid() throws {
    var gallery = Document(
        items: (1...12).map { .text("Item \($0)") },
        columns: [.adaptive(minimum: 120)],      // like LazyVGrid(columns: [GridItem(.adaptive(minimum: 120))])
        spacing: 8,
        itemHeight: .lineSize(0))                // square cells: height = column width
    gallery.canvas.width = 800
    let png = try gallery.pngData(scale: 2)

    check(try gallery.layout().columns.count == 6, "six 120-point columns fit 800 points")
    check(!png.isEmpty, "item grid PNG")
}
