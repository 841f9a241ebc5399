import Foundation
import GridSnapshot
import Testing

/// Replays the compare fuzz seeds and kept crashing inputs (Fixtures/fuzz/compare,
/// regressions/compare: two PNGs one after the other) as the FuzzCompare harness does: the
/// streamed comparison, with and without a diff image, gives a result or an `ImageError`, and
/// the same result as the in-memory comparison wherever both decode.
@Suite struct FuzzCompareReplayTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz").path

    /// Splits after the first IEND chunk when a second PNG signature follows.
    static func split(_ bytes: [UInt8]) -> ([UInt8], [UInt8])? {
        let iend = Array("IEND".utf8)
        var i = 8
        while i + 16 <= bytes.count {
            if Array(bytes[i..<i + 4]) == iend, bytes[i + 8] == 0x89, bytes[i + 9] == 0x50 {
                return (Array(bytes[..<(i + 8)]), Array(bytes[(i + 8)...]))
            }
            i += 1
        }
        return nil
    }

    @Test func compareInputs() throws {
        let files = ["\(Self.root)/compare", "\(Self.root)/regressions/compare"].flatMap { dir in
            ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [])
                .filter { !$0.hasPrefix(".") }.sorted().map { "\(dir)/\($0)" }
        }
        #expect(files.count >= 5)
        let scratch = NSTemporaryDirectory() + "fuzz-compare-replay-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var compared = 0
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
            let (expected, actual) = Self.split(bytes) ?? (bytes, bytes)
            let e = scratch + "/expected.png", a = scratch + "/actual.png"
            try Data(expected).write(to: URL(fileURLWithPath: e))
            try Data(actual).write(to: URL(fileURLWithPath: a))
            for allowSizeMismatch in [false, true] {
                var options = ComparisonOptions.strict
                options.allowSizeMismatch = allowSizeMismatch
                guard let streamed = try? StreamingComparison.compare(expected: e, actual: a, options: options,
                                                                      diff: scratch + "/diff.png", pixelBudget: 1 << 20),
                      let left = try? RGBAImage(pngData: expected, maxPixels: 1 << 20),
                      let right = try? RGBAImage(pngData: actual, maxPixels: 1 << 20) else { continue }
                #expect(streamed == ImageComparison(expected: left, actual: right, options: options).result, "\(file)")
                compared += 1
            }
        }
        #expect(compared >= 5)
    }
}
