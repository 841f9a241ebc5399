import Testing
@testable import GridDrawing

/// A cluster's text split over its glyphs so that a glyph shared by clusters stands for the
/// same text in each.
@Suite struct PDFClusterTextTests {
    static func split(_ text: String, font: String) -> [[String]] {
        let line = ShapedLine(text, font: font)
        return line.runs.map { $0.glyphs.map(\.text) }
    }

    @Test func ligatureStandsForAllItsLetters() {
        #expect(Self.split("ffi", font: "DejaVu Sans 12") == [["ffi"]])
    }

    /// The vowel sign ि shown before its consonant: its own character, in "हि" (in the cmap) and
    /// in "त्रि" (a variant the cmap does not know, before a conjunct it does not know either).
    @Test func reorderedVowelSignIsItsOwnCharacter() {
        #expect(Self.split("हि", font: "Noto Sans Devanagari 14") == [["ि", "ह"]])
        #expect(Self.split("त्रि", font: "Noto Sans Devanagari 14") == [["ि", "त्र"]])
    }

    @Test func everyCharacterGoesToExactlyOneGlyph() {
        for text in ["क्षत्रिय", "हिन्दी", "श्री", "द्व", "مرحبا", "لا", "e\u{301}", "Ωmega"] {
            for font in ["Noto Sans Devanagari 14", "Noto Sans Arabic 14", "DejaVu Sans 14"] {
                let glyphs = ShapedLine(text, font: font).runs.flatMap(\.glyphs).map(\.text)
                #expect(glyphs.joined().unicodeScalars.map(\.value).sorted() == text.unicodeScalars.map(\.value).sorted(), "\(text) in \(font)")
            }
        }
    }
}
