import Foundation
import GridRender

/// docs/API.md, "Values".
func values() throws {
    var doc = Document(header: ["Swatch", "Name", "Hex"],
                       rows: [[.swatch("#e11d48"), "Rose", "#e11d48"],
                              [.swatch("teal"), "Teal", "#008080"]],
                       theme: .dark)
    doc.styles.header = Style(background: "#102030", color: .white, font: .init(size: 11, weight: .bold))
    doc.styles.cell = Style(padding: 6)
    doc.canvas.padding = 12                       // points on every side
    doc.canvas.page = .a4                         // PDF pages: .a4, .letter, .a4.landscape
    doc.grid.columnSpacing = 4                    // the layout keys of the format
    doc.grid.columnWidths = [.fixed(48), .fill(), .auto()]
    doc.gridLines.horizontal = .line(.init(width: 1, color: "rgb(0 0 0 / 10%)"))

    let accent: Style.Color = "hsl(340, 82%, 52%)"
    let striped = Document(header: ["a"], rows: [[1]], theme: .striped)
    let named = Document(header: ["a"], rows: [[1]], theme: "ledger")          // a preset by name
    let custom = Theme.dark.extended(with: Theme(name: "brand", background: accent))

    check(doc.canvas.padding.left == 12, "padding from a number literal")
    check(doc.canvas.page == .a4, "a4 page")
    check(try doc.pdfData().starts(with: Data("%PDF".utf8)), "themed PDF")
    check(try striped.pngData() != (try striped.pngData(theme: custom)), "a theme value at render time")
    check(try named.svgData().count > 0, "a theme by name")
}
