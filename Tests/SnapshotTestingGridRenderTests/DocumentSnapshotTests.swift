import GridDocument
import SnapshotTesting
import SnapshotTestingGridRender
import XCTest

/// swift-snapshot-testing's `assertSnapshot` with gridrender's document strategies; references
/// in `__Snapshots__/DocumentSnapshotTests/` beside this file.
final class DocumentSnapshotTests: XCTestCase {
    static let json = #"""
    {"canvas": {"padding": 6}, "title": "Adapter",
     "columns": [{"key": "k", "title": "Key"}, {"key": "v", "title": "Value", "format": {"number": {"decimals": 1}}}],
     "data": {"rows": [["alpha", 1], ["beta", 22.5], ["gamma", 333]]},
     "selection": {"rows": [2]}}
    """#

    func document() throws -> Document { try Document.decode(json: Array(Self.json.utf8)) }

    func testPNG() throws {
        assertSnapshot(of: try document(), as: .png)
    }

    func testStrictPNGAtScale2() throws {
        assertSnapshot(of: try document(), as: .png(.strict, scale: 2), named: "2x")
    }

    func testSVG() throws {
        assertSnapshot(of: try document(), as: .svg)
    }

    /// The diffing is GridSnapshot's: a changed document fails with pixel statistics.
    func testDifferentDocumentFailsWithStatistics() throws {
        var other = try document()
        other.title = "Changed"
        let diffing = Diffing<Data>.gridPNG(.strict)
        let strategy = Snapshotting<Document, Data>.png(.strict)
        var a = Data(), b = Data()
        strategy.snapshot(try document()).run { a = $0 }
        strategy.snapshot(other).run { b = $0 }
        XCTAssertNil(diffing.diffV2(a, a))
        let failure = try XCTUnwrap(diffing.diffV2(a, b))
        XCTAssertTrue(failure.0.contains("differ"), failure.0)
    }
}
