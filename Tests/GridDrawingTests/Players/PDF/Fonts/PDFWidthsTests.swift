import Testing
@testable import GridDrawing

@Suite struct PDFWidthsTests {
    @Test func consecutiveGlyphsShareAGroup() {
        #expect(PDFWidths.array([3: 317_871, 4: 400_000, 5: 500_500, 9: 600_001, 70000: 1_000]) == "[3 [317.871 400 500.5] 9 [600.001] 70000 [1]]")
        #expect(PDFWidths.array([:]) == "[]")
    }

    /// Rounded to millionths of an em: 651 units of 2048 are 317.87109375 thousandths, kept as
    /// 317,871 millionths (Cairo writes 317).
    @Test func millionthsRound() {
        #expect(PDFWidths.millionths(651, unitsPerEm: 2048) == 317_871)
        #expect(PDFWidths.millionths(1000, unitsPerEm: 1000) == 1_000_000)
        #expect(PDFWidths.millionths(1, unitsPerEm: 2048) == 488)
        #expect(PDFWidths.millionths(1255, unitsPerEm: 2048) == 612_793)
    }

    /// What `/W` writes reads back as the width the pen moves by, for every width of a
    /// 2048-unit and a 1000-unit em.
    @Test func writtenWidthsReadBackExactly() {
        for unitsPerEm in [1000, 2048] {
            for units in Int32(0)...Int32(2 * unitsPerEm) {
                let w = PDFWidths.millionths(units, unitsPerEm: unitsPerEm)
                let text = PDFWidths.array([7: w])
                let written = Double(text.dropFirst("[7 [".count).dropLast(2))!
                #expect((written * 1000).rounded() == Double(w), "\(units)/\(unitsPerEm): \(text)")
            }
        }
    }
}
