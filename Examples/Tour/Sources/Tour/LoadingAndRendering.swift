import Foundation
import GridRender

/// docs/API.md, "Loading and rendering".
func loadingAndRendering() throws {
    let doc = try Document.load(path: "Fixtures/snapshots/people.csv")   // .json .yaml .yml .csv .tsv .md
    let top = try doc.applying(.init(title: "Top 5", columns: ["name", "balance"],
                                     sort: .init(key: "balance", descending: true), limit: 5))
    try top.render(to: "top.pdf")                                         // a path…
    try top.render(to: URL(fileURLWithPath: "top.svg"))                   // …or a file URL
    let png: Data = try top.pngData(scale: 2)
    let svg: Data = try top.svgData()
    let pdf: Data = try top.pdfData()

    check(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && !svg.isEmpty && !pdf.isEmpty, "PNG, SVG and PDF data")
    check(FileManager.default.fileExists(atPath: "top.svg"), "render(to: URL)")
}

/// docs/API.md, "Loading and rendering", from async code.
func asyncRendering() async throws -> Data {
    let table = try Document.load(url: URL(fileURLWithPath: "Fixtures/demo/table.json"))
    let png = try await table.pngData(scale: 2)      // the same names, with `await`
    try await table.render(to: "table.svg")
    return png
}

/// The async twins give what the synchronous calls give.
func checkAsyncRendering() async throws {
    let png = try await asyncRendering()
    check(png == (try syncPNG(try Document.load(path: "Fixtures/demo/table.json"))), "async and sync PNG are the same bytes")
    check(FileManager.default.fileExists(atPath: "table.svg"), "async render(to:)")
}

/// The synchronous call, from synchronous code.
func syncPNG(_ table: Document) throws -> Data { try table.pngData(scale: 2) }
