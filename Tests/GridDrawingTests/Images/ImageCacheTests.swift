import Foundation
import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// Image cells are decoded once and, for PNG output, kept at the size they are painted
/// (`ImageCache.Output.raster`): a big image in a small cell holds a small surface.
@Suite struct ImageCacheTests {
    /// A `width`×`height` PNG: left half red, right half blue (written by gridrender itself).
    static func twoColourPNG(in dir: URL, width: Int, height: Int) throws -> String {
        let grid = makeTable([[.empty, .empty]], columnWidths: [.fixed(Double(width / 2)), .fixed(Double(width - width / 2))],
                             rowHeight: Double(height), header: false, styler: { _, column in
            var style = ResolvedStyle()
            style.background = column == 0 ? Color(hex: 0xff0000) : Color(hex: 0x0000ff)
            return style
        })
        let path = dir.appendingPathComponent("photo.png").path
        try GridRenderer.render(grid, to: path)
        return path
    }

    @Test func keepsTheReducedImageOnly() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Self.twoColourPNG(in: dir, width: 400, height: 200)
        let cache = ImageCache(baseDirectory: "", output: .raster)
        guard case .surface(let small) = try cache.source(path, painted: (width: 39.2, height: 19.6)) else {
            Issue.record("PNG output paints pixels")
            return
        }
        #expect(small.width == 40 && small.height == 20)
        if case .surface(let again) = try cache.source(path, painted: (width: 39.5, height: 19.9)) {
            #expect(again === small)   // decoded once per painted size
        }
        let size = try cache.size(path)
        #expect(size.width == 400 && size.height == 200)
        // At or above its own size an image is painted whole.
        let whole = try cache.source(path, painted: (width: 800, height: 400))
        #expect(whole.width == 400 && whole.height == 200)
        // Vector output keeps the file's resolution.
        for output in [ImageCache.Output.svg, .pdf, .whole] {
            #expect(try ImageCache(baseDirectory: "", output: output).source(path, painted: (width: 40, height: 20)).width == 400)
        }
    }

    /// The reduced image is painted where the whole one was: same colours in the same places,
    /// edges included, at scale 1 and 2 and for every fit.
    @Test(arguments: [1.0, 2.0])
    func reducedImagePaintsLikeTheWholeOne(scale: Double) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try Self.twoColourPNG(in: dir, width: 400, height: 200)
        for fit in ImageFit.allCases {
            var grid = makeTable([[.image(path: "photo.png", fit: fit)]], columnWidths: [.fixed(60)], rowHeight: 40,
                                 header: false, scale: scale)
            grid.baseDirectory = dir.path
            let png = try PNGImage(decoding: GridRenderer.render(grid, format: .png))
            let job = try RenderJob(grid, options: RenderOptions(), format: nil)   // full-size images, as before
            let whole = try PNGImage(decoding: job.png(path: nil, options: RenderOptions()))
            #expect(png.width == whole.width && png.height == whole.height)
            var worst = 0
            for y in 0..<png.height {
                for x in 0..<png.width {
                    let a = png[x, y], b = whole[x, y]
                    worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                }
            }
            // Flat colours match; the seam and the edges move by a level or two at most.
            let s = Int(scale)
            #expect(png[15 * s, 20 * s] == whole[15 * s, 20 * s], "fit \(fit)")
            #expect(png[45 * s, 20 * s] == whole[45 * s, 20 * s], "fit \(fit)")
            #expect(worst <= 2, "fit \(fit)")
        }
    }
}
