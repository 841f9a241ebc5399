import Foundation
import XCTest
@testable import GridSnapshot
import GridSnapshotTesting

/// assertSnapshot called from an XCTest test case (Test.current is nil there, so failures would
/// go to XCTFail). A passing comparison must not report anything.
final class XCTestInteropTests: XCTestCase {
    func testAssertSnapshotPassesUnderXCTest() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let image = TestImages.gradient(4, 4)
        try image.writePNG(to: dir.file("testAssertSnapshotPassesUnderXCTest.grid.png"))
        assertSnapshot(of: image, as: .png(.strict), named: "grid", record: .never, snapshotDirectory: dir.path)
        XCTAssertNil(verifySnapshot(of: image, as: .png(.strict), named: "grid", record: .never,
                                    snapshotDirectory: dir.path))
    }
}
