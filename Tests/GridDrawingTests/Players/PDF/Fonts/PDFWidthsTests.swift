import Testing
@testable import GridDrawing

@Suite struct PDFWidthsTests {
    @Test func consecutiveGlyphsShareAGroup() {
        #expect(PDFWidths.array([3: 318, 4: 400, 5: 500, 9: 600, 70000: 1]) == "[3 [318 400 500] 9 [600] 70000 [1]]")
        #expect(PDFWidths.array([:]) == "[]")
    }

    /// Truncated, as Cairo writes them: 651 units of 2048 are 317.87 thousandths, written 317.
    @Test func thousandthsTruncate() {
        #expect(PDFWidths.thousandths(651, unitsPerEm: 2048) == 317)
        #expect(PDFWidths.thousandths(1000, unitsPerEm: 1000) == 1000)
        #expect(PDFWidths.thousandths(1, unitsPerEm: 2048) == 0)
    }
}
