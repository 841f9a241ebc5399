import Testing
import GridDocument
import GridLayout

private func hex(_ text: String) -> Color { Color(css: text)! }

private func style(_ build: (inout Style) -> Void) -> Style {
    var s = Style()
    build(&s)
    return s
}

@Suite struct ThemeTests {
    @Test func presetNamesAndLookup() {
        #expect(Theme.presetNames == ["striped", "plain", "dark", "minimal", "ledger"])
        #expect(Theme.presets.count == 5)
        for theme in Theme.presets { #expect(Theme.named(theme.name) == theme) }
        #expect(Theme.named("Dark")?.name == "dark")
        #expect(Theme.named("  ledger ")?.name == "ledger")
        #expect(Theme.named("fancy") == nil)
        #expect(Theme.named("") == nil)
        #expect(Theme.default == Theme.striped)
    }

    @Test func unknownThemeErrorListsTheKnownOnes() {
        #expect(throws: DocumentError(file: "doc.json", line: 3, keyPath: "theme",
                                      "unknown theme \"fancy\"; known themes: striped, plain, dark, minimal, ledger")) {
            _ = try Theme.named("fancy", file: "doc.json", line: 3)
        }
        #expect((try? Theme.named("minimal", file: nil)) == Theme.minimal)
    }

    @Test func stripedMatchesTheBaseline() {
        let t = Theme.striped
        #expect(t.background == .white)
        #expect(t.styles.header?.background?.hexString == "#384a66")
        #expect(t.styles.header?.color == .white)
        #expect(t.styles.header?.font?.weight == 700)
        #expect(t.styles.alternateRow?.background?.hexString == "#f2f4f8")
        #expect(t.gridLines.horizontal == LineStyle(width: 1, color: hex("#d0d4dc")))
        #expect(t.gridLines.vertical == LineStyle(width: 1, color: hex("#d0d4dc")))
        #expect(t.gridLines.outer == LineStyle(width: 1, color: hex("#d0d4dc")))
        #expect(t.styles.selectedRow?.shadow == Shadow(radius: 3, color: hex("#2f6fed99")))
    }

    @Test func everyPresetSetsTheRequiredLayers() {
        for theme in Theme.presets {
            let s = theme.styles
            #expect(s.cell != nil && s.header != nil && s.sectionHeader != nil && s.selectedRow != nil, "\(theme.name)")
            #expect(s.title?.font?.size == 14 && s.subtitle?.font?.size == 10 && s.footnote?.font?.size == 8, "\(theme.name)")
            #expect(theme.background != nil, "\(theme.name)")
            // A complete base font and the default padding (minimal pads more, on purpose).
            let font = s.cell?.font
            #expect(font?.size == 9 && font?.weight == 400 && font?.italic == false, "\(theme.name)")
            #expect(s.cell?.padding != nil, "\(theme.name)")
            #expect(s.columns.isEmpty, "\(theme.name)")
        }
        #expect(Theme.presets.contains { $0.styles.selectedRow?.shadow != nil })
    }

    @Test func defaultCellStyle() {
        for theme in [Theme.striped, .plain, .dark] {
            #expect(theme.styles.cell?.font == FontSpec(family: "DejaVu Sans", size: 9, weight: 400, italic: false))
            #expect(theme.styles.cell?.padding == Insets(top: 4, right: 8, bottom: 4, left: 8))
        }
        #expect(Theme.ledger.styles.cell?.font?.family == "DejaVu Sans Mono")
        #expect(Theme.ledger.styles.header?.font?.family == "DejaVu Sans")
    }

    @Test func presetCharacteristics() {
        // minimal: only the header rule, roomy cells.
        #expect(Theme.minimal.gridLines.vertical == nil)
        #expect(Theme.minimal.gridLines.horizontal == nil)
        #expect(Theme.minimal.gridLines.outer == nil)
        #expect(Theme.minimal.gridLines.header != nil)
        #expect(Theme.minimal.styles.cell?.padding == Insets(top: 8, right: 14, bottom: 8, left: 14))
        // dark: dark canvas, light text.
        let dark = Theme.dark
        #expect(dark.background == hex("#1e2128"))
        #expect((dark.styles.cell?.color?.red ?? 0) > 0.8)
        // ledger: pale green bars.
        #expect(Theme.ledger.styles.alternateRow?.background?.hexString == "#dff0d8")
        // plain: no zebra.
        #expect(Theme.plain.styles.alternateRow == nil)
        #expect(Theme.plain.styles.header?.font?.weight == 700)
    }

    @Test func presetsUseHexExactColors() {
        // Written to a theme file with hexString and read back, every colour is identical.
        for theme in Theme.presets {
            let s = theme.styles
            for layer in [s.cell, s.row, s.alternateRow, s.header, s.sectionHeader, s.selectedRow, s.title, s.subtitle, s.footnote] {
                for color in [layer?.background, layer?.color, layer?.shadow?.color].compactMap({ $0 }) {
                    #expect(Color(css: color.hexString) == color, "\(theme.name)")
                }
            }
        }
    }

    @Test func styleOverIsPropertyWise() {
        let lower = style {
            $0.background = .white
            $0.color = .black
            $0.font = FontSpec(family: "DejaVu Sans", size: 9, weight: 400, italic: false)
            $0.padding = Insets(all: 4)
            $0.align = .left
            $0.wrap = false
            $0.borders = Style.Borders(top: LineStyle(width: 1, color: .black), bottom: LineStyle(width: 1, color: .black))
            $0.opacity = 1
        }
        let upper = style {
            $0.color = .white
            $0.font = FontSpec(weight: 700)
            $0.borders = Style.Borders(bottom: LineStyle(width: 2, color: .white), left: LineStyle(width: 3, color: .white))
            $0.shadow = Shadow(radius: 2, color: .black)
        }
        let merged = upper.over(lower)
        #expect(merged.background == .white)
        #expect(merged.color == .white)
        #expect(merged.font == FontSpec(family: "DejaVu Sans", size: 9, weight: 700, italic: false))
        #expect(merged.padding == Insets(all: 4))
        #expect(merged.align == .left)
        #expect(merged.wrap == false)
        #expect(merged.borders == Style.Borders(top: LineStyle(width: 1, color: .black), right: nil,
                                                bottom: LineStyle(width: 2, color: .white), left: LineStyle(width: 3, color: .white)))
        #expect(merged.opacity == 1)
        #expect(merged.shadow == Shadow(radius: 2, color: .black))
        #expect(merged.verticalAlign == nil && merged.maxLines == nil && merged.ellipsize == nil)
    }

    @Test func styleOverWithEmptySides() {
        let full = style { $0.color = .black; $0.font = FontSpec(size: 12); $0.maxLines = 2 }
        #expect(Style().over(full) == full)
        #expect(full.over(Style()) == full)
        #expect(Style().over(Style()) == Style())
        let none: Style? = nil
        #expect(none.over(full) == full)
        #expect(Optional(full).over(nil) == full)
        #expect(none.over(nil) == nil)
    }

    @Test func styleSheetOverMergesColumnsByKey() {
        var lower = StyleSheet()
        lower.columns["balance"] = style { $0.align = .right; $0.color = .black }
        lower.columns["name"] = style { $0.wrap = true }
        var upper = StyleSheet()
        upper.columns["balance"] = style { $0.color = .white }
        upper.columns["city"] = style { $0.align = .center }
        let merged = upper.over(lower)
        #expect(merged.columns["balance"] == style { $0.align = .right; $0.color = .white })
        #expect(merged.columns["name"] == style { $0.wrap = true })
        #expect(merged.columns["city"] == style { $0.align = .center })
    }

    @Test func extendedWithOverridesWinsPropertyByProperty() {
        var overrides = Theme(name: "brand")
        overrides.styles.header = style { $0.background = hex("#ff6600") }
        overrides.styles.cell = style { $0.font = FontSpec(size: 11) }
        overrides.gridLines.header = LineStyle(width: 3, color: hex("#ff6600"))
        overrides.gridLines.vertical = LineStyle(width: 0, color: .transparent)
        let t = Theme.dark.extended(with: overrides)
        #expect(t.name == "brand")
        // Header: the override's background, dark's text colour and bold weight.
        #expect(t.styles.header?.background == hex("#ff6600"))
        #expect(t.styles.header?.color == Theme.dark.styles.header?.color)
        #expect(t.styles.header?.font?.weight == 700)
        // Cell font: only the size changed.
        #expect(t.styles.cell?.font == FontSpec(family: "DejaVu Sans", size: 11, weight: 400, italic: false))
        #expect(t.styles.cell?.color == Theme.dark.styles.cell?.color)
        // Untouched layers, lines and background come from dark.
        #expect(t.styles.alternateRow == Theme.dark.styles.alternateRow)
        #expect(t.styles.selectedRow == Theme.dark.styles.selectedRow)
        #expect(t.styles.title == Theme.dark.styles.title)
        #expect(t.gridLines.header == LineStyle(width: 3, color: hex("#ff6600")))
        #expect(t.gridLines.vertical == LineStyle(width: 0, color: .transparent))
        #expect(t.gridLines.horizontal == Theme.dark.gridLines.horizontal)
        #expect(t.gridLines.onTop == .vertical)
        #expect(t.background == Theme.dark.background)
    }

    @Test func extendedKeepsNameWhenOverrideHasNoneAndTakesBackground() {
        let t = Theme.striped.extended(with: Theme(name: "", background: .transparent))
        #expect(t.name == "striped")
        #expect(t.background == .transparent)
        #expect(t.styles == Theme.striped.styles)
        #expect(t.gridLines == Theme.striped.gridLines)
        // Extending with an empty theme changes nothing; extending a theme with itself neither.
        #expect(Theme.ledger.extended(with: Theme(name: "")) == Theme.ledger)
        #expect(Theme.minimal.extended(with: .minimal) == Theme.minimal)
    }
}
