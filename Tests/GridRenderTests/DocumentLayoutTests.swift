import Foundation
import GridRender
import Testing

@Suite struct DocumentLayoutTests {
    @Test func geometryUsesTheJSONNames() throws {
        var doc = Document(header: ["City", "Population"], rows: [["Oslo", 709_000], ["Bergen", 291_000]])
        doc.grid.columnSpacing = 4
        let layout = try doc.layout()
        #expect(layout.columns.count == 2 && layout.rows.count == 3)
        #expect(layout.columns[1].x == layout.columns[0].x + layout.columns[0].width + 4)
        #expect(layout.rows[1].y == layout.rows[0].y + layout.rows[0].height)
        #expect(layout.rows[0].kind == .header && layout.rows[1].kind == .data)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(layout.json().utf8)) as? [String: Any])
        let columns = try #require(json["columns"] as? [[String: Double]])
        #expect(columns.map { $0["x"] } == layout.columns.map(\.x))
        #expect(columns.map { $0["width"] } == layout.columns.map(\.width))
        let cells = try #require(json["cells"] as? [[String: Any]])
        #expect(layout.cells.count == cells.count)
        #expect(Array(layout.cells).count == cells.count)
        #expect(layout.cells.map(\.row) == cells.map { $0["row"] as? Int })
        #expect(layout.cells.map(\.x) == cells.map { $0["x"] as? Double })
    }

    @Test func cellsWithSpansSectionsAndEmptySlots() throws {
        var sectioned = Document(columns: [.init(key: "a"), .init(key: "b")],
                                 sections: [.init(title: "One", rows: [[1, 2]]), .init(title: "Two", rows: [[3, 4]])])
        sectioned.grid.spans = [.init(row: 2, column: 0, rows: 1, columns: 2)]
        let layout = try sectioned.layout()
        let cells = Array(layout.cells)
        #expect(cells.count == layout.cells.count)
        #expect(cells.contains { $0.row == 1 && $0.columnSpan == 2 })      // a section title row: one cell
        #expect(cells.filter { $0.row == 2 }.count == 1)                   // the span: one cell
        var items = Document(items: (1...5).map { .text("\($0)") }, columns: [.flexible(), .flexible()])
        items.canvas.width = 100
        let itemLayout = try items.layout()
        #expect(itemLayout.cells.count == 5)                               // the empty sixth slot is no cell
        #expect(itemLayout.cells.compactMap(\.item) == [0, 1, 2, 3, 4])
        #expect(itemLayout.cell(row: 2, column: 1) == nil)
    }
}
