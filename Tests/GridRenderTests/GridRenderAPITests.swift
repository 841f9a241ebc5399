import Foundation
import GridRender
import GridSnapshot
import Testing

@Suite struct GridRenderAPITests {
    @Test func gridItemsMapToTrackSizes() {
        typealias GridItem = Document.GridItem
        #expect(GridItem.fixed(40).trackSize == .fixed(40))
        #expect(GridItem.flexible().trackSize == .fill(1, min: 10))
        #expect(GridItem.flexible(minimum: 0, maximum: 200).trackSize == .fill(1, max: 200))
        #expect(GridItem.adaptive(minimum: 80).trackSize == .adaptive(min: 80))
        #expect(GridItem(.adaptive(minimum: 80, maximum: 120)).trackSize == .adaptive(min: 80, max: 120))
    }

    @Test func literalCells() {
        let row: [Document.Cell] = ["Oslo", 709_000, 2.5, true, nil]
        #expect(row[0].value == .text("Oslo"))
        #expect(row[1].value == .number(709_000, text: "709000"))
        #expect(row[2].value == .number(2.5, text: "2.5"))
        #expect(row[3].value == .bool(true))
        #expect(row[4].value == .empty)
        #expect(Document.Cell.number(3).value == .number(3, text: "3"))
    }

    func cities() -> Document {
        Document(
            columns: [.init(key: "city", title: "City", width: .fill(min: 80)),
                      .init(key: "population", title: "Population", width: .auto(),
                            format: .init(grouping: true))],
            rows: [["Oslo", 709_000], ["Bergen", 291_000], ["Trondheim", nil]],
            title: "Largest cities", theme: .striped
        ).canvas(width: 300, padding: 8)
    }

    @Test func tableLayoutMatchesTheJSONDocument() throws {
        let built = try cities().layout()
        let decoded = try Document(decoding: #"""
        {"canvas": {"width": 300, "padding": 8}, "title": "Largest cities", "theme": "striped",
         "columns": [{"key": "city", "title": "City", "width": {"fill": 1, "min": 80}},
                     {"key": "population", "title": "Population", "width": "auto", "format": {"number": {"grouping": true}}}],
         "data": {"rows": [["Oslo", 709000], ["Bergen", 291000], ["Trondheim", null]]}}
        """#).layout()
        #expect(built.json(units: .points) == decoded.json(units: .points))
        #expect(built.columns.count == 2)
    }

    @Test func pngSvgPdfData() throws {
        let doc = cities()
        let png = try doc.pngData(scale: 2)
        let image = try RGBAImage(pngData: png)
        #expect(image.width == 600)  // canvas width 300 points at scale 2
        let svg = String(decoding: try doc.svgData(), as: UTF8.self)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.contains("width=\"300"))
        let pdf = try doc.pdfData()
        #expect(pdf.prefix(5) == Data("%PDF-".utf8))
        // Deterministic: the same document gives the same bytes.
        #expect(try doc.pngData(scale: 2) == png)
    }

    @Test func renderToFile() throws {
        let dir = NSTemporaryDirectory() + "gridrender-api-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try cities().render(to: dir + "/cities.png")
        let image = try RGBAImage(contentsOfPNGFile: dir + "/cities.png")
        #expect(image.width == 300)
        #expect(throws: (any Error).self) { try cities().render(to: dir + "/cities.gif") }
    }

    @Test func itemGridLikeLazyVGrid() throws {
        var grid = Document(items: (1...7).map { .text("Item \($0)") },
                            columns: [.flexible(), .flexible(), .flexible()], spacing: 4,
                            itemHeight: .lineSize(30))
        grid.canvas.width = 304
        let layout = try grid.layout()
        #expect(layout.columns.count == 3)
        let sizes = layout.columns.map(\.width)
        #expect(sizes.max()! - sizes.min()! <= 1)
        #expect(layout.rows.allSatisfy { $0.height == 30 })
        #expect(layout.rows.count == 3)

        var adaptive = Document(items: Array(repeating: "x", count: 10), columns: [.adaptive(minimum: 70)])
        adaptive.canvas.width = 300
        #expect(try adaptive.layout().columns.count == 4)
    }

    @Test func headerInitializerAndSections() throws {
        let simple = Document(header: ["a", "b"], rows: [[1, 2], [3, 4]])
        #expect(try simple.layout().rows.count == 3)
        let sectioned = Document(columns: [.init(key: "n")],
                                 sections: [.init(title: "Odd", rows: [[1], [3]]), .init(title: "Even", rows: [[2]])])
        #expect(try sectioned.layout().rows.count == 6)
    }

    @Test func badInputIsAnInvalidDocumentError() {
        let doc = Document(columns: [.init(key: "a")], rows: [["x"]], theme: "fancy")
        #expect(throws: GridRenderError.self) { try doc.pngData() }
        #expect(throws: GridRenderError.self) { try doc.render(to: URL(string: "https://example.com/a.png")!) }
    }
}
