import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// A whole SVG through `GridRenderer`: the same bytes whatever the process rendered before, well
/// formed, sized in points, and the PNG's picture through librsvg.
@Suite struct SVGDocumentTests {
    @Test func svgBytesDoNotDependOnEarlierRenders() throws {
        let first = try GridRenderer.render(GridRendererTests.sample(), format: .svg)
        _ = try GridRenderer.render(GridRendererTests.sample(scale: 2), format: .pdf)
        _ = try GridRenderer.render(GridRendererTests.sample(scale: 2), format: .svg)
        let second = try GridRenderer.render(GridRendererTests.sample(), format: .svg)
        #expect(first == second)
    }

    @Test(arguments: [1.0, 2.0])
    func svgIsWellFormedSizedInPixelsAndMatchesThePNG(scale: Double) throws {
        let dir = try temporaryDirectory()
        let svgPath = dir.appendingPathComponent("t.svg").path, rasterPath = dir.appendingPathComponent("t.png").path
        let grid = GridRendererTests.sample(scale: scale)
        try GridRenderer.render(grid, to: svgPath)
        let png = try PNGImage(decoding: GridRenderer.render(grid, format: .png))

        #expect(try run(["xmllint", "--noout", svgPath]).status == 0)
        let svg = try String(contentsOfFile: svgPath, encoding: .utf8)
        // The SVG is in points: the PNG's size at scale 1.
        func points(_ pixels: Int) -> String {
            let value = Double(pixels) / scale
            return value == value.rounded() ? String(Int(value)) : String(value)
        }
        #expect(svg.contains("width=\"\(points(png.width))px\" height=\"\(points(png.height))px\""))

        #expect(try run(["rsvg-convert", "-z", "\(scale)", svgPath, "-o", rasterPath]).status == 0)
        let raster = try PNGImage(decoding: Array(try Data(contentsOf: URL(fileURLWithPath: rasterPath))))
        #expect(raster.width == png.width && raster.height == png.height)
        guard raster.width == png.width, raster.height == png.height else { return }
        // rsvg composites over transparency; compare on white, allowing anti-aliasing differences.
        var differing = 0, gross = 0
        for y in 0..<png.height {
            for x in 0..<png.width {
                let a = png[x, y], b = raster[x, y]
                func onWhite(_ c: UInt8, _ alpha: UInt8) -> Int { (Int(c) * Int(alpha) + 255 * (255 - Int(alpha))) / 255 }
                let d = max(abs(onWhite(a.r, a.a) - onWhite(b.r, b.a)), abs(onWhite(a.g, a.a) - onWhite(b.g, b.a)),
                            abs(onWhite(a.b, a.a) - onWhite(b.b, b.a)))
                if d > 48 { differing += 1 }
                if d > 160 { gross += 1 }
            }
        }
        let fraction = Double(differing) / Double(png.width * png.height)
        print("SVG vs PNG: \(differing) of \(png.width * png.height) pixels differ by more than 48, \(gross) by more than 160")
        // Glyph edges anti-alias differently in librsvg; fills and lines must not move.
        #expect(fraction < 0.05)
        #expect(Double(gross) / Double(png.width * png.height) < 0.002)
    }
}
