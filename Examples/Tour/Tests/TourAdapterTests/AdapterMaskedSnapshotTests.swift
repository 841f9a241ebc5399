import Foundation
import GridRender
import SnapshotTesting
import SnapshotTestingGridRender
import XCTest

final class AdapterMaskedSnapshotTests: XCTestCase {
    func testTimestampColumn() throws {
        let checked = ISO8601DateFormatter().string(from: Date())  // differs on every run
        let document = Document(header: ["City", "Checked"], rows: [["Oslo", .text(checked)]])
        assertSnapshot(of: document, as: .png(masks: [.columns("Checked")]))
    }
}
