import Foundation
import Testing
@testable import GridSnapshot

/// `channelTolerance` 0 with a YIQ threshold is pixelmatch 7.2.0 to the pixel: every count that
/// pixelmatch's own test suite asserts on its fixtures (Fixtures/pixelmatch, see its README), with
/// anti-aliasing ignored (pixelmatch's default) and counted (`includeAA: true`).
@Suite struct PixelmatchConformanceTests {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var name: String
        var a: String
        var b: String
        var threshold: Double
        var expected: Int
        var expected_includeAA: Int
        var testDescription: String { name }
    }

    static let folder: URL = {
        var root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while root.path != "/" && !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root = root.deletingLastPathComponent()
        }
        return root.appendingPathComponent("Fixtures/pixelmatch")
    }()

    static let cases: [Case] = {
        struct File: Decodable { var cases: [Case] }
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("expected.json")),
              let file = try? JSONDecoder().decode(File.self, from: data) else { return [] }
        return file.cases
    }()

    static func options(threshold: Double, ignoreAntialiasing: Bool) -> ComparisonOptions {
        ComparisonOptions(name: "pixelmatch", channelTolerance: 0, yiqThreshold: threshold,
                          ignoreAntialiasing: ignoreAntialiasing, maxDifferingPixels: nil)
    }

    static func image(_ name: String) throws -> RGBAImage {
        try RGBAImage(contentsOfPNGFile: folder.appendingPathComponent("\(name).png").path)
    }

    @Test func allTwelveCasesAreThere() {
        #expect(Self.cases.count == 12)
    }

    @Test(arguments: cases)
    func countsEqualPixelmatch(_ c: Case) throws {
        let a = try Self.image(c.a), b = try Self.image(c.b)
        let ignored = ImageComparison(expected: a, actual: b,
                                      options: Self.options(threshold: c.threshold, ignoreAntialiasing: true)).result
        #expect(ignored.differingPixels == c.expected, "\(c.name): \(ignored.summary)")
        let counted = ImageComparison(expected: a, actual: b,
                                      options: Self.options(threshold: c.threshold, ignoreAntialiasing: false)).result
        #expect(counted.differingPixels == c.expected_includeAA, "\(c.name): \(counted.summary)")
        // Counting anti-aliasing moves exactly the ignored pixels into the differing ones.
        #expect(counted.differingPixels == ignored.differingPixels + ignored.antialiasedPixels)
    }

    /// The streamed comparison (row by row from the PNG files) counts the same.
    @Test(arguments: cases)
    func streamedCountsEqualPixelmatch(_ c: Case) throws {
        let a = Self.folder.appendingPathComponent("\(c.a).png").path
        let b = Self.folder.appendingPathComponent("\(c.b).png").path
        let result = try StreamingComparison.compare(expected: a, actual: b,
                                                     options: Self.options(threshold: c.threshold, ignoreAntialiasing: true))
        #expect(result.differingPixels == c.expected, "\(c.name): \(result.summary)")
    }
}
