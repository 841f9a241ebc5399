import GridDocument
import GridLayout
import Testing
@testable import GridDrawing

/// The selection glow (`shadow`) is a Gaussian blur (σ = radius / 2) of the selected cell,
/// painted over its neighbours and into the padding, the same picture at every scale and in
/// every band (`SelectionGlow.swift`).
@Suite struct SelectionGlowTests {
    static let blue = Color(hex: 0x0000ff)

    /// One 40 pt column of five 20 pt white rows without lines, 30 pt of padding; `row` glows.
    static func grid(row: Int = 0, radius: Double = 8, scale: Double = 1, rows: Int = 5) -> PreparedGrid {
        makeTable(Array(repeating: [CellContent.empty], count: rows), columnWidths: [.fixed(40)], rowHeight: 20,
                  header: false, scale: scale, styler: { r, _ in
            var style = ResolvedStyle()
            if r == row { style.shadow = Shadow(radius: radius, color: Self.blue) }
            return style
        }) { grid in
            grid.padding = Insets(all: 30)
        }
    }

    /// The glow of the grid's first row reaches above the grid (into the padding) exactly as it
    /// reaches over the row below: not cut flat at the grid's top edge.
    @Test func notClippedAtTheGridEdge() throws {
        let image = try PNGImage(decoding: GridRenderer.render(Self.grid(), format: .png))
        let x = 50, top = 30, bottom = 50
        for k in 1...12 { #expect(image[x, top - k] == image[x, bottom - 1 + k], "k \(k)") }
        #expect(image[x, top - 1].r < 200)
        // Left and right too, into the padding on both sides.
        for k in 1...12 { #expect(image[30 - k, 40] == image[70 - 1 + k, 40], "k \(k)") }
    }

    /// A Gaussian: strongest at the cell, fading smoothly (many levels, not three bands), gone
    /// beyond 1.5 × radius.
    @Test func fadesAsAGaussian() throws {
        let image = try PNGImage(decoding: GridRenderer.render(Self.grid(row: 2), format: .png))
        let x = 50, bottom = 90
        let reds = (0..<14).map { Int(image[x, bottom + $0].r) }
        #expect(zip(reds, reds.dropFirst()).allSatisfy { $0 <= $1 }, "\(reds)")
        #expect(Set(reds).count >= 10, "\(reds)")
        // At the edge the blur of the box is half its strength: 255 · (1 − 0.5) ≈ 128.
        #expect(abs(reds[0] - 128) <= 24, "\(reds)")
        #expect(image[x, bottom + 13] == PNGImage.Pixel(255, 255, 255))
        // The cell itself is not tinted.
        #expect(image[x, 80] == PNGImage.Pixel(255, 255, 255))
    }

    /// Pixel centres at 1x and 3x that are the same point show the same glow (±1 for rounding).
    @Test func samePictureAtEveryScale() throws {
        let one = try PNGImage(decoding: GridRenderer.render(Self.grid(row: 2, scale: 1), format: .png))
        let three = try PNGImage(decoding: GridRenderer.render(Self.grid(row: 2, scale: 3), format: .png))
        #expect(three.width == 3 * one.width && three.height == 3 * one.height)
        for y in 91..<104 {
            for x in [25, 50, 74] {
                let a = one[x, y], b = three[3 * x + 1, 3 * y + 1]
                #expect(abs(Int(a.r) - Int(b.r)) <= 1 && abs(Int(a.g) - Int(b.g)) <= 1, "(\(x), \(y)): \(a) vs \(b)")
            }
        }
    }

    /// Bands of 7 pixel rows cut through the glow: the pixels equal one band's, and the bytes do
    /// not depend on the thread count.
    @Test func bandsAndThreadsDoNotChangeIt() throws {
        let grid = Self.grid(row: 3, radius: 12, scale: 2, rows: 8)
        let whole = try PNGImage(decoding: PNGPieceEncoderTests.render(grid, threads: 1))
        let banded = try PNGPieceEncoderTests.render(grid, threads: 1, maxBandRows: 7)
        let pixels = try PNGImage(decoding: banded)
        #expect(pixels.width == whole.width && pixels.height == whole.height)
        var differing = 0
        for y in 0..<whole.height { for x in 0..<whole.width where whole[x, y] != pixels[x, y] { differing += 1 } }
        #expect(differing == 0)
        #expect(try PNGPieceEncoderTests.render(grid, threads: 4, maxBandRows: 7) == banded)
    }

    /// SVG and PDF embed the blur as an image; neither depends on the scale.
    @Test func vectorOutputsEmbedTheBlurIndependentOfTheScale() throws {
        let svg = try GridRenderer.render(Self.grid(row: 2), format: .svg)
        #expect(String(decoding: svg, as: UTF8.self).contains("<image"))
        #expect(try GridRenderer.render(Self.grid(row: 2, scale: 3), format: .svg) == svg)
        #expect(try GridRenderer.render(Self.grid(row: 2, scale: 3), format: .pdf) == GridRenderer.render(Self.grid(row: 2), format: .pdf))
    }
}
