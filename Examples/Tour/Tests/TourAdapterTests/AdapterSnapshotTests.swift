import Foundation
import GridRender
import SnapshotTesting
import SnapshotTestingGridRender
import XCTest

final class AdapterSnapshotTests: XCTestCase {
    func testCities() throws {
        let title = ProcessInfo.processInfo.environment["TOUR_TITLE"] ?? "Cities"
        let document = Document(header: ["City"], rows: [["Oslo"], ["Bergen"]], title: title)
        assertSnapshot(of: document, as: .png)                 // __Snapshots__/AdapterSnapshotTests/testCities.1.png
        assertSnapshot(of: document, as: .png(.strict, scale: 2), named: "2x")
    }
}
