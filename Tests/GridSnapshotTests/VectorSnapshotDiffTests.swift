import Foundation
import Testing
import GridDocument
@testable import GridSnapshot

/// SVG and PDF snapshot failures report pictures, not path text: both sides rasterized, one
/// summary line with exact counts and box for generated changes, expected/actual/diff PNGs
/// written beside the artifacts and shown boxed on the review page.
@Suite struct VectorSnapshotDiffTests {
    static let hasRSVG = SVGRasterizer.locate("rsvg-convert") != nil
    static let hasPoppler = SVGRasterizer.locate("pdftoppm") != nil && SVGRasterizer.locate("pdfinfo") != nil

    /// A 60×40 white picture with a black 12×10 rectangle at (x, 8), drawn as a path (as Cairo
    /// draws glyphs), so the SVG text is path data.
    static func svg(x: Int) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="60" height="40" viewBox="0 0 60 40">
        <rect width="60" height="40" fill="#fff"/>
        <path d="M \(x) 8 L \(x + 12) 8 L \(x + 12) 18 L \(x) 18 Z" fill="#000"/>
        </svg>
        """
    }

    @Test(.enabled(if: VectorSnapshotDiffTests.hasRSVG, "rsvg-convert not installed"))
    func svgFailureIsOneLineAndThePNGsExist() throws {
        for dx in 1 ... 4 {
            let dir = TemporaryDirectory()
            defer { dir.remove() }
            let environment = ["SNAPSHOT_ARTIFACTS": dir.file("artifacts")]
            func verify(_ svg: String) -> String? {
                verifySnapshot(of: svg, as: .svgText, named: "moved", record: .missing, snapshotDirectory: dir.file("refs"),
                               testFile: "/virtual/Tests/MyTests/VectorTests.swift", testName: "testVector()",
                               environment: environment)
            }
            #expect(verify(Self.svg(x: 10))?.contains("recorded") == true)
            let failure = try #require(verify(Self.svg(x: 10 + dx)))
            let lines = failure.split(separator: "\n").map(String.init)
            // Columns [10, 10+dx) and [22, 22+dx) of 10 rows changed.
            let pixels = 2 * dx * 10
            let percent = GridSnapshot.ComparisonResult.percent(Double(pixels) / 2400)
            #expect(lines[1] == "SVG differs: \(pixels) pixels (\(percent)) in box 10,8 \(12 + dx)×10", "\(failure)")
            #expect(!lines.contains { $0.contains("<path") || $0.contains(" L ") }, "\(failure)")
            let base = dir.file("artifacts/VectorTests/testVector.moved")
            #expect(try RGBAImage(contentsOfPNGFile: base + ".expected.png").width == 60)
            #expect(try RGBAImage(contentsOfPNGFile: base + ".actual.png").height == 40)
            #expect(try RGBAImage(contentsOfPNGFile: base + ".diff.png").width == 180)
            #expect(try String(contentsOfFile: base + ".text-diff.txt", encoding: .utf8).contains("+ <path d=\"M \(10 + dx) 8"))
            #expect(lines.contains("diff: \(base).diff.png"))
            // The review page shows the rasters with the change boxed and zoomed to.
            let html = try String(contentsOfFile: dir.file("artifacts/index.html"), encoding: .utf8)
            #expect(html.contains("src=\"VectorTests/testVector.moved.diff.png\""))
            #expect(html.contains("data-box=\"10 8 \(12 + dx) 10\""))
            #expect(html.contains("<p class=\"stats\">SVG differs: \(pixels) pixels"))
        }
    }

    @Test func svgWithoutARasterizerIsStillOneLine() {
        let (line, files) = VectorSnapshotDiff.svg(expected: "<svg>\na\nb\n</svg>", actual: "<svg>\na\nc\n</svg>") { _ throws(ImageError) in
            throw ImageError(file: "rsvg-convert", "not found on PATH\nsecond line")
        }
        #expect(line == "SVG differs (normalised text, first at line 3); no raster diff: rsvg-convert: not found on PATH")
        #expect(files.map(\.name) == ["text-diff"])
    }

    @Test(.enabled(if: VectorSnapshotDiffTests.hasRSVG, "rsvg-convert not installed"))
    func textOnlyChangeSaysSo() {
        let a = Self.svg(x: 10), b = a.replacingOccurrences(of: "<rect", with: "<rect id=\"bg\"")
        let (line, files) = VectorSnapshotDiff.svg(expected: a, actual: b)
        #expect(line == "SVG differs in its normalised text only: identical pixels")
        #expect(Set(files.map(\.name)) == ["expected", "actual", "diff", "comparison", "text-diff"])
    }

    @Test(.enabled(if: VectorSnapshotDiffTests.hasPoppler, "poppler-utils not installed"))
    func pdfPagesAreComparedAsPictures() throws {
        func pdf(_ cell: String) throws -> Data {
            let document = try Document.decode(json: Array(#"{"data": {"rows": [["a", "\#(cell)"], ["c", "d"]]}}"#.utf8))
            return try DocumentRendering.pdf(document)
        }
        let before = try pdf("b"), after = try pdf("WWWW")
        #expect(VectorSnapshotDiff.pdf(expected: before, actual: before) == nil)
        let (line, files) = try #require(VectorSnapshotDiff.pdf(expected: before, actual: after))
        #expect(line.hasPrefix("PDF differs: ") && line.contains(" in box ") && !line.contains("\n"), "\(line)")
        #expect(files.map(\.name) == ["expected", "actual", "diff", "comparison"])
        let diff = try RGBAImage(pngData: files[2].data), expected = try RGBAImage(pngData: files[0].data)
        #expect(diff.height == expected.height && diff.width >= 3 * expected.width)
    }
}
