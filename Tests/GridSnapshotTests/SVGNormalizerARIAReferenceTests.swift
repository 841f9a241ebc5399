import Testing
@testable import GridSnapshot

/// The normalizer renumbers the ids that ARIA attributes name (`aria-labelledby`,
/// `aria-describedby`, …) with the ids themselves, so an accessible SVG's labels still point to
/// its title after normalizing, and two renders whose ids differ only in their names compare equal.
@Suite struct SVGNormalizerARIAReferenceTests {
    @Test func idListsAreRenumberedWithTheirIDs() {
        let svg = """
        <svg aria-labelledby="t-1a2b" aria-describedby='d-1a2b'><title id="t-1a2b">T</title><desc id="d-1a2b">D</desc>\
        <g role="table" aria-labelledby=" t-1a2b  d-1a2b other"><g id="x" aria-details="x" aria-label="t-1a2b"/></g></svg>
        """
        let expected = """
        <svg aria-labelledby="id1" aria-describedby='id2'>
        <title id="id1">T</title>
        <desc id="id2">D</desc>
        <g role="table" aria-labelledby=" id1  id2 other">
        <g id="id3" aria-details="id3" aria-label="t-1a2b"/>
        </g>
        </svg>

        """
        #expect(SVGNormalizer.normalize(svg) == expected)
    }

    /// Accessible SVGs whose title/desc ids carry different suffixes normalize to the same text.
    @Test func suffixesDoNotCount() {
        func svg(_ suffix: String) -> String {
            "<svg aria-labelledby=\"gridrender-title-\(suffix)\" aria-describedby=\"gridrender-desc-\(suffix)\"><title id=\"gridrender-title-\(suffix)\">A</title><desc id=\"gridrender-desc-\(suffix)\">B</desc><g role=\"list\" aria-labelledby=\"gridrender-title-\(suffix)\"/></svg>"
        }
        #expect(SVGNormalizer.normalize(svg("0a1b2c3d")) == SVGNormalizer.normalize(svg("ffee0011")))
        #expect(!SVGNormalizer.normalize(svg("0a1b2c3d")).contains("gridrender"))
    }
}
