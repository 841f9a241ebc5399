import Foundation
import GridRender

/// docs/API.md, "A table in ten lines".
func firstTable() throws {
    let table = Document(
        columns: [
            .init(key: "city", title: "City", width: .fill(min: 80)),
            .init(key: "population", title: "Population", width: .auto(), format: .init(grouping: true)),
        ],
        rows: [["Oslo", 709_000], ["Bergen", 291_000], ["Trondheim", nil]],
        title: "Largest cities", theme: .striped
    ).canvas(width: 320, scale: 2, padding: 12)

    try table.render(to: "cities.png")     // .png, .svg or .pdf, from the extension
    let png = try table.pngData()          // or svgData(), pdfData()

    check(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "pngData() is a PNG")
    check(FileManager.default.fileExists(atPath: "cities.png"), "render(to:) wrote cities.png")
}
