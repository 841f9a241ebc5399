import Testing
@testable import GridDocument

@Suite struct ThemeJSONTests {
    /// Every preset written as a theme file reads back as the same styles, lines and background.
    @Test(arguments: Theme.presets)
    func presetRoundTrips(theme: Theme) throws {
        let node = try NodeJSONParser.parse(Array(theme.jsonText(extends: theme.name).utf8), file: "\(theme.name).json")
        let read = try NodeDecoder(file: "\(theme.name).json").themeOverride(node, "")
        #expect(read.name == theme.name)
        #expect(read.extends == theme.name)
        #expect(read.styles == theme.styles)
        #expect(read.gridLines.applied(to: GridLines()) == theme.gridLines)
        #expect(read.background == theme.background)
    }

    @Test func escapesAndColumns() throws {
        var sheet = StyleSheet()
        var s = Style()
        s.color = Color(red: 1, green: 0, blue: 0, alpha: 128.0 / 255)  // 8-bit, as hex keeps it
        s.borders = Style.Borders(bottom: LineStyle(width: 2, color: .black, dash: [3, 1.5]))
        sheet.columns["price \"usd\""] = s
        let theme = Theme(name: "a\nb", styles: sheet)
        let node = try NodeJSONParser.parse(Array(theme.jsonText().utf8), file: "t.json")
        let read = try NodeDecoder(file: "t.json").themeOverride(node, "")
        #expect(read.name == "a\nb")
        #expect(read.styles == sheet)
    }
}
