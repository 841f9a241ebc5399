import Foundation
import Testing
@testable import GridDocument
@testable import GridSnapshot
import GridTestSupport

/// `RowAlignedComparison` (`compare --align rows`) on generated table-like images: blocks of a
/// grid-line row, five rows drawn from the block's own pattern and two background rows. Blocks
/// inserted or removed come back as exactly those bands; a changed block as changed pixels only.
@Suite struct RowAlignedComparisonTests {
    static let width = 40, blockRows = 8

    /// The rows of block `k`: a grey line, five rows of its pattern, two white rows.
    static func block(_ k: Int) -> [[UInt8]] {
        let line: [UInt8] = (0..<width * 4).map { $0 % 4 == 3 ? 255 : 180 }
        let white = [UInt8](repeating: 255, count: width * 4)
        let content = (0..<5).map { r in
            (0..<width * 4).map { i -> UInt8 in i % 4 == 3 ? 255 : UInt8((k * 37 + r * 11 + (i / 4) * ((k % 7) + 1)) % 200) }
        }
        return [line] + content + [white, white]
    }

    static func image(_ blocks: [Int], changing: Int? = nil) -> RGBAImage {
        var rows = blocks.flatMap { block($0) }
        if let changing { for i in 0..<8 { rows[changing * blockRows + 2][4 * i] ^= 0x55 } }   // 8 pixels of one row
        return RGBAImage(width: width, height: rows.count, pixels: rows.flatMap { $0 })
    }

    @Test(arguments: 0..<40)
    func generatedInsertionsAndRemovals(seed: UInt64) {
        var rng = SplitMix(seed: seed)
        let count = 3 + Int(rng.next() % 20)
        let old = Array(0..<count)
        var new: [Int] = []
        var inserted: [Int] = [], removed: [Int] = []   // block positions (new and old)
        // An inserted block and a removed one are never adjacent (that would be a replaced block:
        // its equal grid-line and background rows match, only its pattern rows are bands).
        var lastEdit = -2
        for b in old {
            if b > lastEdit + 1, rng.next() % 5 == 0 { inserted.append(new.count); new.append(1000 + b); lastEdit = b }
            if b > lastEdit + 1, rng.next() % 6 == 0 { removed.append(b); lastEdit = b; continue }
            new.append(b)
        }
        let outcome = RowAlignedComparison.compare(expected: Self.image(old), actual: Self.image(new), options: .strict)
        let bands = outcome.result.bands ?? []
        // Adjacent blocks make one band.
        func runs(_ positions: [Int]) -> [(y: Int, height: Int)] {
            var out: [(Int, Int)] = []
            for p in positions {
                if let last = out.last, last.0 + last.1 == p * Self.blockRows { out[out.count - 1].1 += Self.blockRows }
                else { out.append((p * Self.blockRows, Self.blockRows)) }
            }
            return out
        }
        #expect(bands.filter { $0.status == "inserted" }.map { [$0.y, $0.height] } == runs(inserted).map { [$0.y, $0.height] }, "seed \(seed)")
        #expect(bands.filter { $0.status == "removed" }.map { [$0.y, $0.height] } == runs(removed).map { [$0.y, $0.height] }, "seed \(seed)")
        #expect(outcome.result.differingPixels == 0)
        #expect(outcome.result.passed == (inserted.isEmpty && removed.isEmpty))
        // The diff image: one row per matched, removed and inserted row, three panels wide.
        let diff = outcome.diffImage()
        #expect(diff.width == 3 * Self.width && diff.height == (count + inserted.count) * Self.blockRows, "seed \(seed)")
    }

    /// A changed block is changed pixels, no band; the same images without alignment differ in size.
    @Test func changedRowsAreChangedPixels() {
        let outcome = RowAlignedComparison.compare(expected: Self.image([0, 1, 2, 3]), actual: Self.image([0, 1, 2, 3], changing: 2),
                                                   options: .strict)
        #expect(outcome.result.bands == [])
        #expect(outcome.result.differingPixels == 8)
        #expect(outcome.result.differingBounds == ComparisonResult.Rect(x: 0, y: 2 * Self.blockRows + 2, width: 8, height: 1))
    }

    /// A mask over the expected image's rows masks the matched rows it covers.
    @Test func masksFollowTheAlignment() {
        let expected = Self.image([0, 1, 2, 3]), actual = Self.image([0, 9, 1, 2, 3], changing: 3)
        let mask = ComparisonResult.Rect(x: 0, y: 2 * Self.blockRows, width: Self.width, height: Self.blockRows)
        let masked = RowAlignedComparison.compare(expected: expected, actual: actual, options: .strict, masks: [mask])
        #expect(masked.result.differingPixels == 0 && masked.result.maskedPixels == Self.width * Self.blockRows)
        let unmasked = RowAlignedComparison.compare(expected: expected, actual: actual, options: .strict)
        #expect(unmasked.result.differingPixels == 8)
    }
}
