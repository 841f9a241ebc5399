import Testing
import GridLayout
@testable import GridDocument

@Suite struct DocumentDecodingTests {
    @Test func canvasAndTextBlocks() throws {
        let d = try json("""
        {"canvas": {"width": 640, "height": 400, "scale": 2, "background": "transparent",
                    "padding": {"top": 1, "left": 4}, "page": "a4"},
         "title": "T", "subtitle": "S", "footnote": "F"}
        """)
        #expect(d.canvas.width == 640)
        #expect(d.canvas.height == 400)
        #expect(d.canvas.scale == 2)
        #expect(d.canvas.background == .transparent)
        #expect(d.canvas.padding == Insets(top: 1, right: 0, bottom: 0, left: 4))
        #expect(d.canvas.page == PreparedGrid.Page(width: 595.28, height: 841.89))
        #expect(d.title == "T" && d.subtitle == "S" && d.footnote == "F")
        let letter = try json(##"{"canvas": {"page": {"width": 100, "height": 200}, "padding": 16}}"##)
        #expect(letter.canvas.page == PreparedGrid.Page(width: 100, height: 200))
        #expect(letter.canvas.padding == Insets(all: 16))
    }

    @Test func columnsAndTrackSizes() throws {
        let d = try json("""
        {"columns": [
          {"key": "id", "title": "ID", "width": 48, "align": "right"},
          {"key": "name", "width": {"fill": 2, "min": 120}},
          {"key": "city", "width": "auto"},
          {"key": "bal", "width": {"auto": true, "max": 160},
           "format": {"number": {"decimals": 2, "grouping": true, "percent": false, "prefix": "$", "suffix": " USD"}}},
          {"key": "f", "width": {"fixed": 30, "min": 10}},
          {"key": "p", "width": {"fraction": 0.25}, "style": {"color": "#ff0000"}}
        ]}
        """)
        let c = try #require(d.columns)
        #expect(c.map(\.key) == ["id", "name", "city", "bal", "f", "p"])
        #expect(c[0].title == "ID" && c[0].align == .right)
        #expect(c[0].width == .fixed(48))
        #expect(c[1].width == .fill(2, min: 120))
        #expect(c[2].width == .auto())
        #expect(c[3].width == .auto(max: 160))
        #expect(c[3].format == NumberFormatSpec(decimals: 2, grouping: true, percent: false, prefix: "$", suffix: " USD"))
        #expect(c[4].width == .fixed(30, min: 10))
        #expect(c[5].width == .fraction(0.25))
        #expect(c[5].style?.color == Color(red: 1, green: 0, blue: 0))
    }

    @Test func dataSources() throws {
        let rows = try json(##"{"data": {"rows": [["a", 1, true, null, {"image": "x.png", "fit": "cover"}, {"color": "#00ff00"}, {"text": "t", "style": {"align": "center"}}]]}}"##)
        guard case .rows(let r)? = rows.data else { Issue.record(); return }
        #expect(r[0].map(\.value) == [.text("a"), .number(1, text: "1"), .bool(true), .empty,
                                      .image(path: "x.png", fit: .cover), .swatch(Color(red: 0, green: 1, blue: 0)), .text("t")])
        #expect(r[0][6].style?.align == .center)

        let records = try json(##"{"data": {"records": [{"z": 1, "a": "x"}, {"b": 2}]}}"##)
        guard case .records(let rec)? = records.data else { Issue.record(); return }
        #expect(rec[0].map(\.key) == ["z", "a"])
        #expect(rec[1].map(\.key) == ["b"])

        #expect(try json(##"{"data": {"csv": "p.csv"}}"##).data == .csv(path: "p.csv"))
        #expect(try json(##"{"data": {"tsv": "p.tsv"}}"##).data == .tsv(path: "p.tsv"))
        #expect(try json(##"{"data": {"json": "cars.json"}}"##).data == .json(path: "cars.json"))
    }

    @Test func headerForms() throws {
        #expect(try json(##"{"header": false}"##).headerRows == 0)
        #expect(try json(##"{"header": true}"##).headerRows == 1)
        #expect(try json(##"{"header": {"rows": 2}}"##).headerRows == 2)
        #expect(try json("{}").headerRows == nil)
    }

    @Test func itemMode() throws {
        let d = try json("""
        {"items": 12, "flow": "columns", "maxRows": 3, "itemHeight": {"lineSize": 0},
         "sectionsStartOnNewLine": false,
         "sections": [{"title": "More", "items": ["a", {"color": "#000"}], "collapsed": true}],
         "defaultColumnWidth": {"adaptive": true, "min": 80, "max": 120},
         "selection": {"items": [1, 3]}}
        """)
        #expect(d.isItemMode)
        #expect(d.items == .count(12))
        #expect(d.flow == .columns)
        #expect(d.lineLimit == .maxRows(3))
        #expect(d.itemHeight == .lineSize(0))
        #expect(d.sectionsStartOnNewLine == false)
        #expect(d.sections == [Document.Section(title: "More", items: .list([Document.Cell(.text("a")), Document.Cell(.swatch(.black))]), collapsed: true)])
        #expect(d.layout.defaultColumnWidth == .adaptive(min: 80, max: 120))
        #expect(d.selection.items == [1, 3])
        #expect(try json(##"{"items": [], "itemHeight": {"multiplier": 1.5}}"##).itemHeight == .multiplier(1.5))
        #expect(try json(##"{"items": [], "itemHeight": {"extension": 20}}"##).itemHeight == .extension(20))
        #expect(try json(##"{"items": [], "itemHeight": 30}"##).itemHeight == .lineSize(30))
    }

    @Test func layoutKeys() throws {
        let d = try json("""
        {"columnWidths": [40, null, {"fill": 1}], "defaultColumnWidth": 120,
         "rowHeights": ["auto"], "defaultRowHeight": {"fill": 1},
         "minimumRowHeight": 20, "minimumColumnWidth": 40,
         "columnSpacing": 4, "rowSpacing": {"size": 2, "stretch": 1},
         "columnSpacings": [null, 8], "rowSpacings": [1],
         "margins": {"left": {"size": 10, "stretch": 1}, "right": 3},
         "uniformColumnWidths": true, "uniformRowHeights": true,
         "distribution": {"horizontal": "spaceBetween"}, "cellAlignment": "center",
         "minimumPolicy": "reflow", "snapping": "nearest",
         "frozen": {"rows": 1, "columns": 2},
         "viewport": {"x": 0, "y": 480, "width": 640, "height": 300},
         "spans": [{"row": 3, "column": 0, "columns": 2}],
         "selection": {"rows": [4, 9]}}
        """)
        let l = d.layout
        #expect(l.columnWidths == [.fixed(40), nil, .fill(1)])
        #expect(l.defaultColumnWidth == .fixed(120))
        #expect(l.rowHeights == [.auto()])
        #expect(l.defaultRowHeight == .fill(1))
        #expect(l.minimumRowHeight == 20 && l.minimumColumnWidth == 40)
        #expect(l.columnSpacing == Spacing(4))
        #expect(l.rowSpacing == Spacing(2, stretch: 1))
        #expect(l.columnSpacings == [nil, Spacing(8)])
        #expect(l.rowSpacings == [Spacing(1)])
        #expect(l.margins == Insets(top: .zero, right: Spacing(3), bottom: .zero, left: Spacing(10, stretch: 1)))
        #expect(l.uniformColumnWidths && l.uniformRowHeights)
        #expect(l.distribution == AxisPair(horizontal: .spaceBetween, vertical: .start))
        #expect(l.cellAlignment == AxisPair(horizontal: .center, vertical: .center))
        #expect(l.minimumPolicy == .reflow)
        #expect(l.snapping == .nearest)
        #expect(l.frozenRows == 1 && l.frozenColumns == 2)
        #expect(l.viewport == Rect(x: 0, y: 480, width: 640, height: 300))
        #expect(l.spans == [CellSpan(row: 3, column: 0, rows: 1, columns: 2)])
        #expect(d.selection.rows == [4, 9])
        #expect(try json(##"{"margins": 5}"##).layout.margins == Insets(all: Spacing(5)))
        #expect(try json(##"{"margins": {"size": 5, "stretch": 2}}"##).layout.margins == Insets(all: Spacing(5, stretch: 2)))
    }

    @Test func stylesAndLook() throws {
        let d = try json("""
        {"styles": {
           "cell": {"font": "DejaVu Sans Bold 9", "color": "#333", "padding": {"left": 6, "right": 6},
                    "wrap": true, "maxLines": 2, "ellipsize": "middle", "verticalAlign": "top", "align": "decimal"},
           "header": {"weight": "bold", "size": 10},
           "selectedRow": {"shadow": {"radius": 4, "color": "#0000ff80"}, "opacity": 0.5,
                           "borders": {"bottom": {"width": 2, "color": "#ff0000", "dash": [2, 1]}}},
           "columns": {"balance": {"font": {"family": "DejaVu Sans Mono", "weight": 600, "italic": true}}}
         },
         "gridLines": {"horizontal": {"width": 1, "color": "#d0d4dc"}, "vertical": false, "onTop": "vertical"},
         "blending": false, "fonts": "system", "theme": "striped"}
        """)
        let cell = try #require(d.styles.cell)
        #expect(cell.font == FontSpec(family: "DejaVu Sans", size: 9, weight: 700))
        #expect(cell.color?.hexString == "#333333")
        #expect(cell.padding == Insets(top: 0, right: 6, bottom: 0, left: 6))
        #expect(cell.wrap == true && cell.maxLines == 2 && cell.ellipsize == .middle)
        #expect(cell.verticalAlign == .top && cell.align == .decimal)
        #expect(d.styles.header?.font == FontSpec(size: 10, weight: 700))
        let sel = try #require(d.styles.selectedRow)
        #expect(sel.shadow?.radius == 4)
        #expect(sel.shadow?.color.alpha == 128.0 / 255)
        #expect(sel.opacity == 0.5)
        #expect(sel.borders?.bottom == LineStyle(width: 2, color: Color(red: 1, green: 0, blue: 0), dash: [2, 1]))
        #expect(d.styles.columns["balance"]?.font == FontSpec(family: "DejaVu Sans Mono", weight: 600, italic: true))
        #expect(d.gridLines.horizontal == .line(LineStyle(width: 1, color: Color(css: "#d0d4dc")!)))
        #expect(d.gridLines.vertical == LineOverride.none)
        #expect(d.gridLines.onTop == .vertical)
        #expect(d.blending == false)
        #expect(d.fonts == .system)
        #expect(d.theme == .named("striped"))
    }

    @Test func themeForms() throws {
        #expect(try json(##"{"theme": "themes/mine.json"}"##).theme == .file("themes/mine.json"))
        let d = try json(##"{"theme": {"extends": "striped", "styles": {"row": {"background": "#fff"}}, "canvas": {"background": "#000"}}}"##)
        guard case .inline(let t)? = d.theme else { Issue.record(); return }
        #expect(t.extends == "striped")
        #expect(t.background == .black)
        #expect(t.styles.row?.background == .white)
    }

    @Test func documentFileTypes() throws {
        let csv = try Document.load(path: Fixture.path("decoding/people.csv"))
        #expect(csv.data == .csv(path: "people.csv"))
        #expect(csv.baseDirectory == Fixture.path("decoding"))
        let yaml = try Document.load(path: Fixture.path("decoding/sectioned.yaml"))
        #expect(yaml.sections.map(\.title) == ["Europe", "Asia", "Hidden"])
        #expect(yaml.sections[0].rows[1] == [Document.Cell(.text("Berlin")), Document.Cell(.number(3645000, text: "3645000"))])
        #expect(yaml.sections[2].collapsed)
        let table = try Document.load(path: Fixture.path("decoding/people-table.json"))
        #expect(table.columns?.count == 4)
        #expect(table.sourceLines["data"] == 11)
    }

    @Test func demoDocumentsDecode() throws {
        for name in ["table.json", "items.json", "sections.yaml"] {
            let d = try Document.load(path: Fixture.path("demo/" + name))
            _ = try d.prepare()
        }
    }
}

