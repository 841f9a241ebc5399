import Testing
@testable import GridDocument

/// The text keys of issue 11: `markup`, `linkColor`, cell `link`, and the Markdown default.
@Suite struct TextKeysTests {
    @Test func markupAndLinkColorDecodeAndCascade() throws {
        let d = try json("""
        {"styles": {"cell": {"markup": "markdown", "linkColor": "#ff0000"}, "header": {"markup": "none"},
                    "title": {"markup": "markdown"}},
         "title": "**T**", "columns": [{"key": "a", "style": {"linkColor": "green"}}],
         "data": {"rows": [[{"text": "docs", "link": "https://example.com/?a=1&b=2"}], ["plain"]]}}
        """)
        #expect(d.styles.cell?.markup == .markdown && d.styles.header?.markup == MarkupMode.none)
        let g = try d.prepare()
        #expect(g.cells.style(row: 1, column: 0, item: nil).markup == .markdown)
        #expect(g.cells.style(row: 0, column: 0, item: nil).markup == MarkupMode.none)   // header layer
        #expect(g.cells.style(row: 1, column: 0, item: nil).linkColor == Color(css: "green"))
        #expect(g.cells.link(row: 1, column: 0, item: nil) == "https://example.com/?a=1&b=2")
        #expect(g.cells.link(row: 2, column: 0, item: nil) == nil)
        #expect(g.title?.style.markup == .markdown)
        #expect(g.cells.cellDescription(row: 2, column: 0, item: nil) == #"row 2, column "a""#)
        #expect(g.cells.cellDescription(row: 0, column: 0, item: nil) == #"header, column "a""#)
    }

    @Test func markupDefaultsToMarkdownOnlyForMarkdownTables() throws {
        let md = try Document.decode(markdown: "| a |\n|---|\n| **x** |\n")
        #expect(try md.prepare().cells.style(row: 1, column: 0, item: nil).markup == .markdown)
        let csv = try Document.load(path: Fixture.path("bad/csv-quoting.csv"))
        #expect(try csv.prepare().cells.style(row: 1, column: 0, item: nil).markup == MarkupMode.none)
        // A theme or the document can still switch it off for a Markdown table.
        var off = md
        var cell = Style()
        cell.markup = MarkupMode.none
        off.styles.cell = cell
        #expect(try off.prepare().cells.style(row: 1, column: 0, item: nil).markup == MarkupMode.none)
    }

    @Test func themesGiveLinksTheirAccent() throws {
        for theme in Theme.presets {
            #expect(theme.styles.cell?.linkColor != nil, "\(theme.name)")
        }
        let dark = try json(#"{"theme": "dark", "data": {"rows": [["a"]]}}"#).prepare()
        #expect(dark.cells.style(row: 0, column: 0, item: nil).linkColor == Theme.dark.styles.cell?.linkColor)
    }

    @Test func badTextKeys() {
        #expect(jsonError(#"{"styles": {"cell": {"markup": "html"}}}"#)?.description.contains("styles.cell.markup") == true)
        #expect(jsonError(#"{"data": {"rows": [[{"text": "a", "link": 3}]]}}"#)?.description.contains("data.rows[0][0].link: expected a URL string") == true)
        #expect(jsonError(#"{"data": {"rows": [[{"text": "a", "link": ""}]]}}"#)?.description.contains("empty") == true)
        #expect(jsonError(#"{"data": {"rows": [[{"color": "red", "link": "u"}]]}}"#)?.description.contains("only to text") == true)
        #expect(jsonError(#"{"styles": {"cell": {"linkColor": "nope"}}}"#)?.description.contains("styles.cell.linkColor") == true)
    }

    @Test func themeFilesRoundTripTheNewKeys() throws {
        var style = Style()
        style.markup = .markdown
        style.linkColor = Color(css: "#123456")
        var theme = Theme(name: "t")
        theme.styles.cell = style
        let node = try NodeJSONParser.parse(Array(theme.jsonText().utf8), file: "t.json")
        let back = try NodeDecoder(file: "t.json").themeOverride(node, "")
        #expect(back.styles.cell?.markup == .markdown && back.styles.cell?.linkColor == Color(css: "#123456"))
    }
}
