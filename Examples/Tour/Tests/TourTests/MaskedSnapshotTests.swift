import Foundation
import GridRender
import GridSnapshotTesting
import Testing

@Test func citiesWithATimestampColumn() throws {
    let checked = ISO8601DateFormatter().string(from: Date())      // differs on every run
    let document = Document(header: ["City", "Checked"], rows: [["Oslo", .text(checked)], ["Bergen", .text(checked)]])
    assertSnapshot(of: document, as: .png(masks: [.columns("Checked")]))     // those cells are not compared
    assertSnapshot(of: document, as: .png(scale: 2, masks: [.cells(column: "Checked", matching: "^20")]), named: "2x")
}
