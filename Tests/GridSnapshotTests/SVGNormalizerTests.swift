import Testing
@testable import GridSnapshot

@Suite struct SVGNormalizerTests {
    @Test func renumbersIDsAndReferencesInOrder() {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg">  <defs>
            <g id="glyph7-1"><path d="M 0 0"/></g>
            <clipPath id='clip12'><rect fill="#ff0000"/></clipPath>
          </defs>
          <g id="surface42" clip-path="url(#clip12)">
            <use xlink:href="#glyph7-1" x="1"/><use href="#glyph7-1"/>
            <rect fill="url(#missing)"/>
          </g>
        </svg>
        """
        let expected = """
        <svg xmlns="http://www.w3.org/2000/svg">
        <defs>
        <g id="id1">
        <path d="M 0 0"/>
        </g>
        <clipPath id='id2'>
        <rect fill="#ff0000"/>
        </clipPath>
        </defs>
        <g id="id3" clip-path="url(#id2)">
        <use xlink:href="#id1" x="1"/>
        <use href="#id1"/>
        <rect fill="url(#missing)"/>
        </g>
        </svg>

        """
        #expect(SVGNormalizer.normalize(svg) == expected)
    }

    @Test func sameDrawingWithOtherCounterValuesNormalisesEqually() {
        let first = "<svg><g id=\"surface1\"><use xlink:href=\"#glyph0-1\"/></g><g id=\"glyph0-1\"/></svg>"
        let second = "<svg>\n  <g id=\"surface9\">\r\n<use xlink:href=\"#glyph3-1\"/></g>\n<g id=\"glyph3-1\"/></svg>\n\n"
        #expect(SVGNormalizer.normalize(first) == SVGNormalizer.normalize(second))
        #expect(SnapshotDiffing<String>.svgText.diff(first, second) == nil)
    }

    @Test func textContentIsKept() {
        let svg = "<svg><text> a  b </text></svg>"
        #expect(SVGNormalizer.normalize(svg) == "<svg>\n<text> a  b </text>\n</svg>\n")
    }

    /// A real difference is one line (these SVGs have no size, so no raster: the line says so)
    /// and the normalised line diff is kept as the `text-diff.txt` attachment, never printed.
    @Test func realDifferenceIsReportedAsLineDiff() throws {
        let old = "<svg><rect width=\"10\"/></svg>"
        let new = "<svg><rect width=\"12\"/></svg>"
        let (message, attachments) = try #require(SnapshotDiffing<String>.svgText.diff(old, new))
        #expect(message.hasPrefix("SVG differs") && !message.contains("\n"))
        #expect(!message.contains("<rect"))
        let text = try #require(attachments.first { $0.name == "text-diff" && $0.pathExtension == "txt" })
        let diff = String(decoding: text.data, as: UTF8.self)
        #expect(diff.contains("- <rect width=\"10\"/>"))
        #expect(diff.contains("+ <rect width=\"12\"/>"))
    }
}

@Suite struct SVGRasterizerTests {
    static let available = SVGRasterizer.locate("rsvg-convert") != nil

    @Test(.enabled(if: available, "rsvg-convert is not installed"))
    func rasterizesAtSvgSize() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="20px" height="10px" viewBox="0 0 20 10">
        <rect x="0" y="0" width="20" height="10" fill="#ffffff"/><rect x="10" y="0" width="10" height="10" fill="#ff0000"/>
        </svg>
        """
        let image = try SVGRasterizer.rasterize(svg)
        #expect(image.width == 20 && image.height == 10)
        #expect(image[2, 5] == RGBA(255, 255, 255))
        #expect(image[15, 5] == RGBA(255, 0, 0))
        // Compared with the same picture built as pixels, under perceptual.
        var expected = RGBAImage(width: 20, height: 10, fill: RGBA(255, 255, 255))
        for y in 0 ..< 10 { for x in 10 ..< 20 { expected[x, y] = RGBA(255, 0, 0) } }
        #expect(ImageComparison(expected: expected, actual: image, options: .perceptual).result.passed)
    }

    @Test func missingToolIsAClearError() {
        #expect {
            _ = try SVGRasterizer.rasterize("<svg/>", executable: "/nonexistent/rsvg-convert")
        } throws: { error in
            (error as? ImageError)?.description.contains("install librsvg2-bin") == true
        }
    }

    @Test(.enabled(if: available, "rsvg-convert is not installed"))
    func invalidSvgIsAnError() {
        #expect(throws: ImageError.self) { _ = try SVGRasterizer.rasterize("<svg") }
    }
}
