import GridLayout
import Testing
@testable import GridDocument

/// `appearance` (DESIGN.md §9): presets and their counterparts, transparent canvases, errors.
@Suite struct AppearanceTests {
    static let table = #"{"columns": [{"key": "a"}], "data": {"rows": [["x"], ["y"], ["z"]]}"#

    func prepared(_ extra: String) throws -> PreparedGrid {
        try json(#"{"columns": [{"key": "a"}], "data": {"rows": [["x"], ["y"], ["z"]]}"# + extra + "}").prepare()
    }

    @Test func everyPresetHasACounterpartForTheOtherAppearance() {
        for preset in Theme.presets {
            let other: Appearance = preset.appearance == .light ? .dark : .light
            let counterpart = preset.matching(other)
            #expect(counterpart.appearance == other, "\(preset.name) → \(counterpart.name)")
            #expect(counterpart.name != preset.name)
            #expect(preset.matching(preset.appearance) == preset)
            #expect(Theme.named(counterpart.name) == counterpart)
        }
        #expect(Theme.striped.matching(.dark) == Theme.dark)
        #expect(Theme.dark.matching(.light) == Theme.striped)
        #expect(Theme.ledger.matching(.dark).matching(.light) == Theme.ledger)
    }

    @Test func appearanceDarkSwapsThePresetForItsCounterpart() throws {
        let light = try prepared(#", "theme": "plain", "appearance": "light""#)
        let dark = try prepared(#", "theme": "plain", "appearance": "dark""#)
        #expect(light.background == Theme.plain.background)
        #expect(dark.background == Theme.plainDark.background)
        let text = dark.cells.style(row: 1, column: 0, item: nil).color
        #expect(text.relativeLuminance > 0.6, "dark pages get light text")
        #expect(light.cells.style(row: 1, column: 0, item: nil).color.relativeLuminance < 0.1)
        // The default theme, and a theme extending a preset, follow too.
        #expect(try prepared(#", "appearance": "dark""#).background == Theme.dark.background)
        let extended = try prepared(#", "theme": {"extends": "minimal", "styles": {"header": {"color": "red"}}}, "appearance": "dark""#)
        #expect(extended.background == Theme.minimalDark.background)
        #expect(extended.cells.style(row: 0, column: 0, item: nil).color.rounded == Color(red: 1, green: 0, blue: 0).rounded)
    }

    @Test func anExplicitDarkCanvasBackgroundPicksTheDarkCounterpart() throws {
        let grid = try prepared(##", "canvas": {"background": "#0d1117"}"##)
        #expect(grid.background.rounded == Color(red: 13 / 255, green: 17 / 255, blue: 23 / 255).rounded)
        #expect(grid.cells.style(row: 1, column: 0, item: nil).color.relativeLuminance > 0.6)
        // A light one keeps the light preset; `appearance` wins over the background.
        #expect(try prepared(##", "canvas": {"background": "#fffbe6"}"##).cells.style(row: 1, column: 0, item: nil).color.relativeLuminance < 0.1)
        #expect(try prepared(##", "canvas": {"background": "#0d1117"}, "appearance": "light""##)
            .cells.style(row: 1, column: 0, item: nil).color.relativeLuminance < 0.1)
    }

    @Test func aTransparentCanvasMakesStripesTranslucent() throws {
        for appearance in Appearance.allCases {
            let theme = Theme.striped.matching(appearance)
            let grid = try prepared(#", "canvas": {"background": "transparent"}, "appearance": "\#(appearance.rawValue)""#)
            #expect(grid.background.alpha == 0)
            // Row 2 is the second data row: an alternate (striped) row.
            let stripe = grid.cells.style(row: 2, column: 0, item: nil).background
            #expect(stripe.alpha > 0 && stripe.alpha < 0.2, "\(appearance): stripe \(stripe)")
            // Over the theme's own background it is the theme's stripe colour.
            let original = theme.styles.alternateRow!.background!
            #expect(stripe.composited(over: theme.background!).rounded.enumerated()
                .allSatisfy { abs($0.element - original.rounded[$0.offset]) < 0.003 })
            // Text suits the appearance.
            let text = grid.cells.style(row: 1, column: 0, item: nil).color.relativeLuminance
            #expect(appearance == .dark ? text > 0.6 : text < 0.1)
        }
        // An opaque canvas keeps the theme's opaque stripes.
        #expect(try prepared("").cells.style(row: 2, column: 0, item: nil).background.isOpaque)
    }

    @Test func colourToAlphaIsTheMostTransparentExactColour() {
        let grey = Color(red: 0.9, green: 0.9, blue: 0.9)
        let tint = grey.translucent(over: .white)
        #expect(abs(tint.alpha - 0.1) < 1e-9 && tint.red == 0)
        #expect(Color.white.translucent(over: .white) == .transparent)
        let translucent = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
        #expect(translucent.translucent(over: .white) == translucent)
    }

    @Test func badValuesAreOneLineErrorsWithTheKeyPath() {
        #expect(jsonError(#"{"items": 2,\#n "appearance": "dim"}"#)?.description
                == "doc.json:2: appearance: expected \"light\" or \"dark\", found \"dim\"")
        #expect(jsonError(#"{"appearance": true}"#)?.description == "doc.json:1: appearance: expected \"light\" or \"dark\", found true")
        #expect(jsonError(#"{"items": 2, "appearance": "Dark"}"#)?.description
                == "doc.json:1: appearance: expected \"light\" or \"dark\", found \"Dark\"; did you mean \"dark\"?")
    }
}
