import Testing
import GridLayout
@testable import GridDocument

@Suite struct PrepareTests {
    func texts(_ g: PreparedGrid, rows: Int, columns: Int) -> [[String]] {
        (0..<rows).map { r in
            (0..<columns).map { c in
                switch g.cells.content(row: r, column: c, item: nil) {
                case .text(let s): return s
                case .empty: return ""
                case .image(let p, _): return "img:" + p
                case .swatch(let col): return "swatch:" + col.hexString
                }
            }
        }
    }

    @Test func tableFromCSVWithExplicitColumns() throws {
        let g = try Document.load(path: Fixture.path("decoding/people-table.json")).prepare()
        var expected = GridSpec(content: .table(.init(columnCount: 4, rows: [.header, .data, .data, .data, .data])),
                                width: 608, height: nil, scale: 2)
        expected.columnWidths = [.fixed(48), .fill(2, min: 120), .auto(), .auto(max: 160)]
        #expect(g.spec == expected)
        #expect(g.canvasWidth == 640 && g.canvasHeight == nil && g.scale == 2)
        #expect(g.padding == Insets(all: 16))
        #expect(g.title?.text == "People")
        #expect(g.repeatedRowCount == 1)
        // Formatting itself is NumberFormat's business: expect whatever it makes of the values.
        let money = NumberFormat(decimals: 2, grouping: true)
        #expect(texts(g, rows: 5, columns: 4) == [
            ["ID", "Name", "city", "balance"],
            ["1", "Ada", "London", money.format(1234.5)],
            ["2", "Grace", "New York", money.format(-20)],
            ["3", "Linus", "Helsinki", ""],
            ["4", "Margaret", "Boston", money.format(99999.999)],
        ])
        #expect(money.format(1234.5) == "1,234.50")
        // Explicit align wins; numeric columns without one are right-aligned; text ones stay left.
        #expect(g.cells.style(row: 1, column: 0, item: nil).align == .right)
        #expect(g.cells.style(row: 1, column: 1, item: nil).align == .left)
        #expect(g.cells.style(row: 1, column: 3, item: nil).align == .right)
        #expect(g.cells.style(row: 0, column: 3, item: nil).align == .right)
    }

    @Test func csvDocumentAloneInfersColumns() throws {
        let g = try Document.load(path: Fixture.path("decoding/people.csv")).prepare()
        #expect(g.spec.content == .table(.init(columnCount: 4, rows: [.header, .data, .data, .data, .data])))
        #expect(g.spec.columnWidths == [nil, nil, nil, nil])
        #expect(texts(g, rows: 2, columns: 4) == [["id", "name", "city", "balance"], ["1", "Ada", "London", "1234.5"]])
        #expect((0..<4).map { g.cells.style(row: 2, column: $0, item: nil).align } == [.right, .left, .left, .right])
        #expect(g.background == .white)

        let tsv = try Document.load(path: Fixture.path("decoding/scores.tsv")).prepare()
        #expect(texts(tsv, rows: 3, columns: 2) == [["name", "score"], ["A", "1"], ["B", "2.5"]])
    }

    @Test func recordsKeepFirstSeenKeyOrder() throws {
        let g = try Document.load(path: Fixture.path("decoding/records-file.json")).prepare()
        #expect(texts(g, rows: 3, columns: 4) == [
            ["model", "year", "price", "maker"],
            ["Mini", "1959", "497", ""],
            ["Beetle", "1938", "1200", "VW"],
        ])
        let inline = try json(##"{"data": {"records": [{"b": 1, "a": true}, {"c": null, "a": false}]}}"##).prepare()
        #expect(texts(inline, rows: 3, columns: 3) == [["b", "a", "c"], ["1", "true", ""], ["", "false", ""]])
    }

    @Test func inlineRowsWithoutColumnsUseTheFirstRowAsHeader() throws {
        let g = try json(##"{"data": {"rows": [["k", "v"], ["a", 1], ["b", 2]]}}"##).prepare()
        #expect(g.spec.content == .table(.init(columnCount: 2, rows: [.header, .data, .data])))
        #expect(texts(g, rows: 3, columns: 2) == [["k", "v"], ["a", "1"], ["b", "2"]])
        let noHeader = try json(##"{"header": false, "data": {"rows": [["a", 1], ["b", 2]]}}"##).prepare()
        #expect(noHeader.spec.content == .table(.init(columnCount: 2, rows: [.data, .data])))
        #expect(noHeader.repeatedRowCount == 0)
        let sectionsOnly = try json(##"{"sections": [{"title": "S", "rows": [["a", 1]]}]}"##).prepare()
        #expect(sectionsOnly.spec.content == .table(.init(columnCount: 2, rows: [.section, .data])))
        #expect(texts(sectionsOnly, rows: 2, columns: 2) == [["S", ""], ["a", "1"]])
    }

    @Test func multipleHeaderRowsComeFromTheFirstDataRows() throws {
        let g = try json(##"{"columns": [{"key": "a", "title": "A"}], "header": {"rows": 2}, "data": {"rows": [["unit"], [1], [2]]}, "frozen": {"rows": 3}}"##).prepare()
        #expect(g.spec.content == .table(.init(columnCount: 1, rows: [.header, .header, .data, .data])))
        #expect(texts(g, rows: 4, columns: 1) == [["A"], ["unit"], ["1"], ["2"]])
        #expect(g.repeatedRowCount == 3)
        #expect(g.spec.frozenRows == 3)
    }

    @Test func sectionedYAMLTable() throws {
        let g = try Document.load(path: Fixture.path("decoding/sectioned.yaml")).prepare()
        #expect(g.spec.content == .table(.init(columnCount: 2, rows: [
            .header, .section, .data, .data, .data, .section, .data, .data, .section,
        ])))
        let f = NumberFormat(grouping: true)
        #expect(texts(g, rows: 9, columns: 2) == [
            ["City", "Population"], ["Europe", ""], ["Paris", f.format(2148000)], ["Berlin", f.format(3645000)],
            ["Madrid", f.format(3223000)], ["Asia", ""], ["Tokyo", f.format(13960000)], ["Seoul", f.format(9776000)], ["Hidden", ""],
        ])
    }

    @Test func layoutKeysReachTheSpec() throws {
        let g = try json("""
        {"canvas": {"width": 300, "height": 200, "padding": {"left": 10, "right": 20, "top": 5, "bottom": 5}, "scale": 3},
         "columns": [{"key": "a", "width": 50}, {"key": "b"}, {"key": "c"}],
         "columnWidths": [10, {"fill": 1}],
         "defaultColumnWidth": {"fill": 2}, "defaultRowHeight": 24, "rowHeights": [30],
         "minimumColumnWidth": 40, "minimumRowHeight": 20,
         "columnSpacing": 1, "rowSpacing": {"size": 2, "stretch": 1}, "columnSpacings": [3], "rowSpacings": [null, 4],
         "margins": 2, "uniformColumnWidths": true, "distribution": {"vertical": "center"},
         "cellAlignment": {"horizontal": "start"}, "minimumPolicy": "reflow", "snapping": "none",
         "frozen": {"columns": 1}, "viewport": {"width": 100, "height": 50},
         "spans": [{"row": 0, "column": 1, "columns": 2}]}
        """).prepare(width: 400)
        var s = GridSpec(content: .table(.init(columnCount: 3, rows: [.header])), width: 370, height: 190, scale: 3)
        s.columnWidths = [.fixed(50), .fill(1), nil]
        s.defaultColumnWidth = .fill(2)
        s.defaultRowHeight = .fixed(24)
        s.rowHeights = [.fixed(30)]
        s.minimumColumnWidth = 40
        s.minimumRowHeight = 20
        s.columnSpacing = Spacing(1)
        s.rowSpacing = Spacing(2, stretch: 1)
        s.columnSpacings = [Spacing(3)]
        s.rowSpacings = [nil, Spacing(4)]
        s.margins = Insets(all: Spacing(2))
        s.uniformColumnWidths = true
        s.distribution = AxisPair(horizontal: .start, vertical: .center)
        s.cellAlignment = AxisPair(horizontal: .start, vertical: .fill)
        s.minimumPolicy = .reflow
        s.snapping = .none
        s.frozenColumns = 1
        s.viewport = Rect(x: 0, y: 0, width: 100, height: 50)
        s.spans = [CellSpan(row: 0, column: 1, rows: 1, columns: 2)]
        #expect(g.spec == s)
        #expect(g.canvasWidth == 400)
    }

    @Test func itemGridSpec() throws {
        let g = try Document.load(path: Fixture.path("demo/items.json")).prepare()
        var s = GridSpec(content: .items(.init(sections: [.init(count: 12)], flow: .rows, limit: .maxColumns(4),
                                               itemHeight: .lineSize(0), sectionsStartOnNewLine: true)),
                         width: 384, height: nil, scale: 1)
        s.columnSpacing = Spacing(6)
        s.rowSpacing = Spacing(6)
        #expect(g.spec == s)
        #expect(g.cells.content(row: 0, column: 0, item: 0) == .empty)
        #expect(g.cells.style(row: 0, column: 0, item: 5).background == Color(css: "#dbe4f0"))
    }

    @Test func itemSectionsAndContents() throws {
        var d = try json("""
        {"items": ["a", "b", "c"], "maxColumns": 2,
         "sections": [{"title": "S1", "items": [1, {"image": "dot.png"}]}, {"title": "S2", "items": 3, "collapsed": true},
                      {"title": "S3", "items": [{"color": "#ff0000"}]}]}
        """)
        d.baseDirectory = Fixture.path("decoding")
        let g = try d.prepare()
        guard case .items(let items) = g.spec.content else { Issue.record(); return }
        #expect(items.sections == [.init(count: 3), .init(count: 2, hasHeader: true), .init(count: 3, hasHeader: true, collapsed: true),
                                   .init(count: 1, hasHeader: true)])
        #expect(g.cells.content(row: 0, column: 0, item: 2) == .text("c"))
        #expect(g.cells.content(row: 0, column: 0, item: 3) == .text("1"))
        #expect(g.cells.content(row: 0, column: 0, item: 4) == .image(path: "dot.png", fit: .contain))
        #expect(g.cells.content(row: 0, column: 0, item: 5) == .swatch(Color(red: 1, green: 0, blue: 0)))
        // Rows: a b / c / S1 / 1 img / S2 / S3 / swatch
        #expect(g.cells.content(row: 2, column: 0, item: nil) == .text("S1"))
        #expect(g.cells.content(row: 4, column: 0, item: nil) == .text("S2"))
        #expect(g.cells.content(row: 5, column: 0, item: nil) == .text("S3"))
        let source = try #require(g.cells as? DocumentCellSource)
        #expect(source.sectionTitle(2) == "S2")
    }

    @Test func themesFromFilesAndInline() throws {
        let g = try Document.load(path: Fixture.path("decoding/uses-theme-file.json")).prepare()
        #expect(g.background == .black)
        let st = g.cells.style(row: 1, column: 0, item: nil)
        #expect(st.color == .white)
        #expect(st.background == Color(css: "#111111"))
        // The file's theme extends "striped": its header style is inherited.
        #expect(g.cells.style(row: 0, column: 0, item: nil).font.weight == Theme.named("striped")?.styles.header?.font?.weight ?? 400)

        let inline = try json(##"{"columns": [{"key": "a"}], "theme": {"extends": "plain", "gridLines": {"vertical": null, "outer": {"width": 2}}}, "gridLines": {"onTop": "horizontal"}}"##).prepare()
        #expect(inline.gridLines.vertical == nil)
        #expect(inline.gridLines.horizontal == Theme.named("plain")?.gridLines.horizontal)
        #expect(inline.gridLines.outer == LineStyle(width: 2, color: .black))
        #expect(inline.gridLines.onTop == .horizontal)

        let cli = try json(##"{"columns": [{"key": "a"}], "theme": "plain"}"##).prepare(theme: Fixture.path("decoding/dark-ish.json"))
        #expect(cli.background == .black)
    }

    @Test func bigCSVIsStoredCompactly() throws {
        var text = "a,b,c\n"
        for i in 0..<100_000 { text += "\(i),x\(i),\(Double(i) / 4)\n" }
        let table = try CSVParser.parse(Array(text.utf8), delimiter: 0x2C, file: "big.csv")
        #expect(table.rows.count == 100_000)
        let dir = "/tmp/gridrender-document-tests-\(getpid())"
        _ = mkdir(dir, 0o755)
        let path = dir + "/big.csv"
        let f = fopen(path, "w")
        fputs(text, f)
        fclose(f)
        defer { unlink(path); rmdir(dir) }
        let g = try Document.load(path: path).prepare()
        guard case .table(let t) = g.spec.content else { Issue.record(); return }
        #expect(t.rows.count == 100_001)
        #expect(g.cells.content(row: 100_000, column: 1, item: nil) == .text("x99999"))
        #expect(g.cells.style(row: 100_000, column: 2, item: nil).align == .right)
    }
}

#if canImport(Glibc)
import Glibc
#endif
