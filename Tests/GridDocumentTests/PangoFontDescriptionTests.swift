import Testing
@testable import GridDocument

@Suite struct PangoFontDescriptionTests {
    @Test(arguments: [
        ("DejaVu Sans Bold 9", FontSpec(family: "DejaVu Sans", size: 9, weight: 700)),
        ("DejaVu Sans Mono 10.5", FontSpec(family: "DejaVu Sans Mono", size: 10.5)),
        ("Serif Italic", FontSpec(family: "Serif", italic: true)),
        ("Sans Semi-Bold Italic 12px", FontSpec(family: "Sans", size: 12, weight: 600, italic: true)),
        ("Sans, Monospace Light Condensed 8", FontSpec(family: "Sans, Monospace", size: 8, weight: 300)),
        ("Bold 9", FontSpec(size: 9, weight: 700)),
        ("12", FontSpec(size: 12)),
    ])
    func pangoDescriptions(text: String, expected: FontSpec) {
        #expect(FontSpec(pangoDescription: text) == expected)
    }

    @Test func emptyDescriptionIsRejected() {
        #expect(FontSpec(pangoDescription: "  ") == nil)
    }
}
