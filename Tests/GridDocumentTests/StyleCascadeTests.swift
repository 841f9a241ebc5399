import Testing
import GridLayout
@testable import GridDocument

@Suite struct StyleCascadeTests {
    @Test func alternateRowsRestartInEverySection() throws {
        let g = try json("""
        {"columns": [{"key": "a"}], "theme": "plain",
         "data": {"rows": [["d0"], ["d1"], ["d2"]]},
         "sections": [{"title": "S", "rows": [["s0"], ["s1"], ["s2"]]}, {"rows": [["t0"], ["t1"]]}],
         "styles": {"row": {"background": "#ffffff"}, "alternateRow": {"background": "#000000"},
                    "sectionHeader": {"background": "#808080"}}}
        """).prepare()
        // header, d0 d1 d2, S, s0 s1 s2, t0 t1
        let backgrounds = (1..<10).map { g.cells.style(row: $0, column: 0, item: nil).background.hexString }
        #expect(backgrounds == ["#ffffff", "#000000", "#ffffff", "#808080", "#ffffff", "#000000", "#ffffff", "#ffffff", "#000000"])
    }

    func cascadeDocument(blending: Bool) -> String {
        """
        {"columns": [{"key": "a"}, {"key": "b"}], "theme": "plain", "blending": \(blending),
         "data": {"rows": [["x", "y"], ["z", {"text": "w", "style": {"background": "#00ff0080", "color": "#00ff00"}}]]},
         "selection": {"rows": [2]},
         "styles": {
           "cell": {"background": "#ffffff", "color": "#111111", "padding": 2},
           "row": {"background": "#ff000080"},
           "alternateRow": {"background": "#0000ff80"},
           "columns": {"b": {"color": "#222222", "align": "center"}},
           "header": {"background": "#000000", "color": "#ffffff"},
           "selectedRow": {"background": "#ffff0080", "shadow": {"radius": 3}}
         }}
        """
    }

    @Test func blendingCompositesTranslucentBackgrounds() throws {
        let g = try json(cascadeDocument(blending: true)).prepare()
        let white = Color.white
        let red = Color(red: 1, green: 0, blue: 0, alpha: 128.0 / 255)
        let blue = Color(red: 0, green: 0, blue: 1, alpha: 128.0 / 255)
        let yellow = Color(red: 1, green: 1, blue: 0, alpha: 128.0 / 255)
        let green = Color(red: 0, green: 1, blue: 0, alpha: 128.0 / 255)
        let row1 = g.cells.style(row: 1, column: 0, item: nil)
        #expect(row1.background == red.composited(over: white))
        #expect(row1.background.rounded == [1, 0.498, 0.498, 1])
        #expect(row1.color == Color(css: "#111111"))
        #expect(row1.padding == Insets(all: 2))
        let row1b = g.cells.style(row: 1, column: 1, item: nil)
        #expect(row1b.color == Color(css: "#222222"))
        #expect(row1b.align == .center)
        // Row 2 is alternate and selected; cell (2,1) also has its own style.
        let row2 = g.cells.style(row: 2, column: 0, item: nil)
        #expect(row2.background == yellow.composited(over: blue.composited(over: white)))
        #expect(row2.background.rounded == [0.75, 0.75, 0.498, 1])
        #expect(row2.shadow?.radius == 3)
        let own = g.cells.style(row: 2, column: 1, item: nil)
        #expect(own.background == green.composited(over: yellow.composited(over: blue.composited(over: white))))
        #expect(own.color == Color(css: "#00ff00"))
        // Header: cell → column → header; the header's opaque black covers everything.
        let header = g.cells.style(row: 0, column: 1, item: nil)
        #expect(header.background == .black)
        #expect(header.color == .white)
    }

    @Test func withoutBlendingTheTopmostValueWins() throws {
        let g = try json(cascadeDocument(blending: false)).prepare()
        #expect(g.cells.style(row: 1, column: 0, item: nil).background == Color(red: 1, green: 0, blue: 0, alpha: 128.0 / 255))
        #expect(g.cells.style(row: 2, column: 0, item: nil).background == Color(red: 1, green: 1, blue: 0, alpha: 128.0 / 255))
        #expect(g.cells.style(row: 2, column: 1, item: nil).background == Color(red: 0, green: 1, blue: 0, alpha: 128.0 / 255))
    }

    @Test func documentStylesSitOnTheThemePerLayer() throws {
        // The theme's header font is "Serif Bold 10"; the document's cell layer sets "DejaVu Sans 11" and
        // its header layer a colour: the header keeps the theme's font (the header layer is above the
        // cell layer) and gains the document's colour; data rows get the document's cell font.
        let g = try json("""
        {"columns": [{"key": "a"}], "data": {"rows": [["x"]]},
         "theme": {"extends": "plain", "styles": {"header": {"font": "Serif Bold 10"}}},
         "styles": {"cell": {"font": "DejaVu Sans 11"}, "header": {"color": "#ff0000"}}}
        """).prepare()
        let h = g.cells.style(row: 0, column: 0, item: nil)
        #expect(h.font.family == "Serif" && h.font.size == 10 && h.font.weight == 700)
        #expect(h.color == Color(red: 1, green: 0, blue: 0))
        let d = g.cells.style(row: 1, column: 0, item: nil)
        #expect(d.font.family == "DejaVu Sans" && d.font.size == 11)
    }

    @Test func sectionHeaderAndItemStyles() throws {
        let g = try json("""
        {"columns": [{"key": "a"}, {"key": "b"}], "theme": "plain",
         "sections": [{"title": "S", "rows": [["x", "y"]]}],
         "styles": {"cell": {"color": "#111111"}, "sectionHeader": {"font": {"weight": "heavy"}, "color": "#333333"},
                    "columns": {"b": {"color": "#222222"}}}}
        """).prepare()
        let s = g.cells.style(row: 1, column: 0, item: nil)
        #expect(s.font.weight == 900)
        #expect(s.color == Color(css: "#333333"))
        // A section header row spans the table: column layers do not apply to it.
        #expect(g.cells.style(row: 1, column: 1, item: nil) == s)
        let items = try json("""
        {"items": ["a", {"text": "b", "style": {"color": "#ff0000"}}], "selection": {"items": [0]},
         "theme": "plain", "styles": {"selectedRow": {"background": "#0000ff"}}}
        """).prepare()
        #expect(items.cells.style(row: 0, column: 0, item: 0).background == Color(red: 0, green: 0, blue: 1))
        #expect(items.cells.style(row: 0, column: 1, item: 1).color == Color(red: 1, green: 0, blue: 0))
        #expect(items.cells.style(row: 0, column: 1, item: 1).background != Color(red: 0, green: 0, blue: 1))
    }

    @Test func resolvedStyleApplying() {
        var top = Style()
        top.font = FontSpec(weight: 700)
        top.borders = Style.Borders(left: LineStyle(width: 1, color: .black))
        let r = ResolvedStyle().cascading(top, blending: true)
        #expect(r.font == FontSpec(family: "DejaVu Sans", size: 9, weight: 700, italic: false))
        #expect(r.borders.left == LineStyle(width: 1, color: .black))
        #expect(r.borders.top == nil)
    }
}
