import Foundation
import GridRender
import GridSnapshotTesting
import Testing

/// Examples/Tour/check.sh changes `TOUR_TITLE` to walk this snapshot through record, pass, fail
/// and accept; it is not part of the docs.
@Test func changingTitle() throws {
    let title = ProcessInfo.processInfo.environment["TOUR_TITLE"] ?? "Cities"
    let document = Document(header: ["City"], rows: [["Oslo"], ["Bergen"]], title: title)
    assertSnapshot(of: document, as: .png)
}
