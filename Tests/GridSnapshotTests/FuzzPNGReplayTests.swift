import Foundation
import GridSnapshot
import Testing

/// Replays the PNG fuzz seeds and kept crashing inputs (Fixtures/fuzz/png, regressions/png)
/// through `RGBAImage(pngData:)` as the FuzzPNG harness does: a value or an `ImageError`.
@Suite struct FuzzPNGReplayTests {
    @Test func pngInputs() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz").path
        let files = ["\(root)/png", "\(root)/regressions/png"].flatMap { dir in
            ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [])
                .filter { !$0.hasPrefix(".") }.sorted().map { "\(dir)/\($0)" }
        }
        #expect(files.count >= 5)
        var decoded = 0
        for path in files {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            if let image = try? RGBAImage(pngData: bytes, file: path, maxPixels: 1 << 20) {
                #expect(image.pixels.count == image.width * image.height * 4)
                #expect(ImageComparison(expected: image, actual: image, options: .strict).result.passed)
                decoded += 1
            }
            // Every prefix of a valid file is an error, never a crash.
            for cut in Swift.stride(from: 0, to: bytes.count, by: max(1, bytes.count / 16)) {
                _ = try? RGBAImage(pngData: bytes.prefix(cut), maxPixels: 1 << 20)
            }
        }
        #expect(decoded >= 5)
    }
}
