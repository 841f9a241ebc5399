import Foundation
import Testing
@testable import GridSnapshot
import GridTestSupport

/// `GridSnapshot.ComparisonResult.changedBox`, the area the review page boxes and zooms to, on generated pairs
/// with a known change: exactly the changed rectangle, grown over the strips of a size change,
/// the bounds of non-identical pixels when only anti-aliasing failed, and `changedBox` in the
/// folder report's JSON.
@Suite struct ChangedBoxTests {
    static func changed(_ image: RGBAImage, _ rect: GridSnapshot.ComparisonResult.Rect) -> RGBAImage {
        var out = image
        for y in rect.y ..< rect.y + rect.height { for x in rect.x ..< rect.x + rect.width { out[x, y] = RGBA(200, 0, 0) } }
        return out
    }

    @Test func boxIsTheChangedRectangle() {
        var random = SplitMix(seed: 27)
        for _ in 0 ..< 60 {
            let width = Int.random(in: 1 ... 90, using: &random), height = Int.random(in: 1 ... 70, using: &random)
            let x = Int.random(in: 0 ..< width, using: &random), y = Int.random(in: 0 ..< height, using: &random)
            let rect = GridSnapshot.ComparisonResult.Rect(x: x, y: y, width: Int.random(in: 1 ... width - x, using: &random),
                                             height: Int.random(in: 1 ... height - y, using: &random))
            let expected = TestImages.solid(width, height)
            let result = ImageComparison(expected: expected, actual: Self.changed(expected, rect), options: .strict).result
            #expect(result.changedBox == rect, "\(width)x\(height) \(rect)")
        }
        let same = TestImages.gradient(9, 9)
        #expect(ImageComparison(expected: same, actual: same, options: .strict).result.changedBox == nil)
    }

    @Test func sizeChangeAddsTheStripsOnlyOneImageCovers() {
        let expected = TestImages.solid(40, 30)
        let wider = ImageComparison(expected: expected, actual: TestImages.solid(50, 30), options: .strict).result
        #expect(wider.changedBox == GridSnapshot.ComparisonResult.Rect(x: 40, y: 0, width: 10, height: 30))
        let taller = Self.changed(TestImages.solid(40, 36), .init(x: 2, y: 3, width: 4, height: 5))
        let both = ImageComparison(expected: expected, actual: taller, options: .strict).result
        #expect(both.changedBox == GridSnapshot.ComparisonResult.Rect(x: 0, y: 3, width: 40, height: 33))
        let smaller = ImageComparison(expected: expected, actual: TestImages.solid(20, 30), options: .strict).result
        #expect(smaller.changedBox == GridSnapshot.ComparisonResult.Rect(x: 20, y: 0, width: 20, height: 30))
    }

    /// A failure with no differing pixel (too many anti-aliased ones) points at what changed; a
    /// pass with none points at nothing.
    @Test func failureWithoutDifferingPixelsUsesTheChangedBounds() {
        let size = GridSnapshot.ComparisonResult.Size(width: 20, height: 20), changed = GridSnapshot.ComparisonResult.Rect(x: 3, y: 4, width: 5, height: 6)
        #expect(GridSnapshot.ComparisonResult.changedBox(expectedSize: size, actualSize: size, differingBounds: nil,
                                            changedBounds: changed, passed: false) == changed)
        #expect(GridSnapshot.ComparisonResult.changedBox(expectedSize: size, actualSize: size, differingBounds: nil,
                                            changedBounds: changed, passed: true) == nil)
    }

    @Test func folderReportJSONCarriesTheBox() throws {
        let expected = TestImages.solid(30, 20)
        let rect = GridSnapshot.ComparisonResult.Rect(x: 7, y: 4, width: 5, height: 3)
        var entry = FolderComparison.Entry(path: "a.png", kind: .png, status: .changed)
        entry.result = ImageComparison(expected: expected, actual: Self.changed(expected, rect), options: .strict).result
        let added = FolderComparison.Entry(path: "b.png", kind: .png, status: .added)
        let report = FolderReport(expectedDirectory: "e", actualDirectory: "a", options: .strict, entries: [entry, added])
        let object = try #require(JSONSerialization.jsonObject(with: Data(report.jsonString.utf8)) as? [String: Any])
        let entries = try #require(object["entries"] as? [[String: Any]])
        #expect(entries[0]["changedBox"] as? [String: Int] == ["x": 7, "y": 4, "width": 5, "height": 3])
        #expect(entries[1]["changedBox"] is NSNull)
        // The entry's own keys are all still there.
        #expect(Set(entries[0].keys) == ["path", "kind", "status", "message", "result", "changedBox"])
    }
}
