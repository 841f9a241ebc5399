import Testing
import GridLayout
@testable import GridDocument

/// Spanners, stub, summary rows, footnote marks, data-driven styles and the header rule, as
/// `prepare` works them out (plain values, before any painting).
@Suite struct PublicationTests {
    func grid(_ text: String) throws -> PreparedGrid { try json(text).prepare() }

    func text(_ g: PreparedGrid, _ row: Int, _ column: Int) -> String {
        switch g.cells.content(row: row, column: column, item: nil) {
        case .text(let s): return s
        case .empty: return ""
        default: return "?"
        }
    }

    func row(_ g: PreparedGrid, _ r: Int, columns: Int) -> [String] { (0..<columns).map { text(g, r, $0) } }

    func prepareError(_ text: String) -> DocumentError? {
        documentError { () throws(DocumentError) in try json(text).prepare() }
    }

    static let sales = """
    {"columns": [{"key": "name"}, {"key": "n", "format": {"number": {"decimals": 2}, "missing": "—"}}, {"key": "note"}],
     "data": {"rows": [["a", 1, "x"], ["b", -0.0, "y"], ["c", null, ""], ["d", 4.5, "z"]]},
     "sections": [{"title": "S", "rows": [["e", -3, "w"], ["f", 2, null]]}],
     "summary": [
       {"label": "Sub", "values": {"n": "sum", "note": "count"}, "sections": true},
       {"label": "Total", "values": {"n": "sum"}},
       {"label": "Mean", "values": {"n": "mean"}},
       {"label": "Median", "values": {"n": "median"}},
       {"label": "Min", "values": {"n": "min"}},
       {"label": "Max", "values": {"n": "max"}},
       {"label": "Count", "values": {"n": "count", "note": "count"}}]}
    """

    @Test func summaryValuesPerSectionAndForTheTable() throws {
        let g = try grid(Self.sales)
        guard case .table(let t) = g.spec.content else { Issue.record("not a table"); return }
        // header, 4 data, Sub, section S, 2 data, Sub, then six table-wide summaries
        #expect(t.rows == [.header, .data, .data, .data, .data, .data, .section, .data, .data, .data]
                + [RowKind](repeating: .data, count: 6))
        #expect(row(g, 5, columns: 3) == ["Sub", "5.50", "3"])            // 1 + -0 + 4.5; the empty cell is skipped
        #expect(row(g, 9, columns: 3) == ["Sub", "-1.00", "1"])
        #expect(row(g, 10, columns: 3) == ["Total", "4.50", ""])
        #expect(row(g, 11, columns: 3)[1] == "0.90")                       // 4.5 / 5 values
        #expect(row(g, 12, columns: 3)[1] == "1.00")                       // median of -3, -0, 1, 2, 4.5
        #expect(row(g, 13, columns: 3)[1] == "-3.00")
        #expect(row(g, 14, columns: 3)[1] == "4.50")
        #expect(row(g, 15, columns: 3) == ["Count", "5", "4"])
        #expect(row(g, 3, columns: 3) == ["c", "—", ""])                   // `missing` for the null cell
        #expect(row(g, 2, columns: 3)[1] == "0.00")                         // negative zero shows no sign
    }

    /// A count is a number of values, not a value of the column: it takes the column's digit
    /// grouping but none of its decimals, prefix or percent.
    @Test func countTakesTheColumnsGroupingOnly() throws {
        let rows = (0..<1234).map { "[\"r\($0)\", \($0)]" }.joined(separator: ",")
        let g = try grid("""
        {"columns": [{"key": "k"}, {"key": "v", "format": {"number": {"decimals": 2, "grouping": true, "prefix": "$"}}},
                     {"key": "p", "format": {"number": {"percent": true, "decimals": 1}}}],
         "data": {"rows": [\(rows)]},
         "summary": [{"label": "N", "values": {"v": "count", "p": "count"}}, {"label": "Sum", "values": {"v": "sum"}}]}
        """)
        #expect(row(g, 1235, columns: 3) == ["N", "1,234", "0"])
        #expect(row(g, 1236, columns: 3)[1] == "$760,761.00")
    }

    @Test func negativeZeroSumAndEmptyGroups() throws {
        let g = try grid("""
        {"columns": [{"key": "k"}, {"key": "v", "format": {"number": {"decimals": 1}, "missing": "n/a"}}],
         "data": {"rows": [["a", -0.0], ["b", null]]},
         "summary": [{"label": "Sum", "values": {"v": "sum"}}, {"label": "Mean", "values": {"v": "mean"}},
                     {"label": "Median", "values": {"v": "median"}}]}
        """)
        #expect(row(g, 3, columns: 2) == ["Sum", "0.0"])
        #expect(row(g, 4, columns: 2) == ["Mean", "0.0"])
        let empty = try grid("""
        {"columns": [{"key": "k"}, {"key": "v", "format": {"missing": "—"}}], "data": {"rows": [["a", null]]},
         "summary": [{"label": "Mean", "values": {"v": "mean"}}, {"label": "Max", "values": {"v": "max"}}, {"label": "Sum", "values": {"v": "sum"}}]}
        """)
        #expect(row(empty, 2, columns: 2) == ["Mean", "—"])               // no values: NaN shows as `missing`
        #expect(row(empty, 3, columns: 2) == ["Max", "—"])
        #expect(row(empty, 4, columns: 2) == ["Sum", "0"])
    }

    @Test func summaryStylesAndRule() throws {
        let g = try grid("""
        {"columns": [{"key": "k"}, {"key": "v"}], "data": {"rows": [["a", 1], ["b", 2]]},
         "summary": [{"label": "T", "values": {"v": "sum"}}, {"label": "M", "values": {"v": "max"}}],
         "styles": {"summary": {"background": "#ff0000"}}, "gridLines": {"header": {"width": 2, "color": "#00ff00"}}}
        """)
        let first = g.cells.style(row: 3, column: 1, item: nil), second = g.cells.style(row: 4, column: 1, item: nil)
        #expect(first.background.hexString == "#ff0000" && second.background.hexString == "#ff0000")
        #expect(first.borders.top == LineStyle(width: 2, color: Color(css: "#00ff00")!))
        #expect(second.borders.top == nil)
        #expect(first.align == .right)                                      // the column's alignment
    }

    @Test func nonNumericSumIsAnErrorNamingTheColumn() {
        let e = prepareError("""
        {"columns": [{"key": "k"}, {"key": "city"}], "data": {"rows": [["a", "Oslo"]]},
         "summary": [
           {"label": "T", "values": {"city": "sum"}}]}
        """)
        #expect(e?.description == "doc.json:3: summary[0].values.city: column \"city\" is not numeric (it holds \"Oslo\"); `sum` needs numbers, `count` counts any values")
        let unknown = prepareError(#"{"columns": [{"key": "k"}, {"key": "v"}], "summary": [{"label": "T", "values": {"vv": "sum"}}]}"#)
        #expect(unknown?.keyPath == "summary[0].values.vv" && unknown?.message.contains("did you mean \"v\"") == true)
        let label = prepareError(#"{"columns": [{"key": "k"}, {"key": "v"}], "summary": [{"label": "T", "values": {"k": "count"}}]}"#)
        #expect(label?.message.contains("holds the summary labels") == true)
    }

    @Test func stubMovesFirstWithItsStyleAndRule() throws {
        let g = try grid("""
        {"columns": [{"key": "v", "width": 50}, {"key": "name", "width": 70}], "stub": "name",
         "data": {"rows": [[1, "a"], [2, "b"]]}, "styles": {"stub": {"color": "#0000ff"}},
         "gridLines": {"header": {"width": 1, "color": "#123456"}}}
        """)
        #expect(row(g, 0, columns: 2) == ["name", "v"])
        #expect(row(g, 1, columns: 2) == ["a", "1"])
        #expect(g.spec.columnWidths == [.fixed(70), .fixed(50)])
        let stub = g.cells.style(row: 1, column: 0, item: nil)
        #expect(stub.color.hexString == "#0000ff")
        #expect(stub.borders.right == LineStyle(width: 1, color: Color(css: "#123456")!))
        #expect(g.cells.style(row: 0, column: 0, item: nil).borders.right != nil)   // the rule runs through the header
        #expect(g.cells.style(row: 1, column: 1, item: nil).borders.right == nil)
        let e = prepareError(#"{"columns": [{"key": "a"}], "stub": "b"}"#)
        #expect(e?.keyPath == "stub")
    }

    static let spanned = """
    {"columns": [{"key": "a"}, {"key": "b"}, {"key": "c"}, {"key": "d"}, {"key": "e"}],
     "data": {"rows": [[1, 2, 3, 4, 5]]},
     "spanners": [{"label": "BC", "id": "bc", "columns": ["b", "c"]}, {"label": "D", "columns": ["d"]},
                  {"label": "Top", "spanners": ["bc", "D"]}]}
    """

    @Test func spannerRowsSpansAndPlacements() throws {
        let g = try grid(Self.spanned)
        guard case .table(let t) = g.spec.content else { Issue.record("not a table"); return }
        #expect(t.rows == [.header, .header, .header, .data])
        #expect(t.spanners == [
            SpannerPlacement(label: "BC", level: 0, row: 1, columns: 1..<3),
            SpannerPlacement(label: "D", level: 0, row: 1, columns: 3..<4),
            SpannerPlacement(label: "Top", level: 1, row: 0, columns: 1..<4),
        ])
        // Labels spanning their columns; titles with nothing above reach up to the top.
        #expect(g.spec.spans.contains(CellSpan(row: 1, column: 1, rows: 1, columns: 2)))
        #expect(g.spec.spans.contains(CellSpan(row: 0, column: 1, rows: 1, columns: 3)))
        #expect(g.spec.spans.contains(CellSpan(row: 0, column: 0, rows: 3, columns: 1)))
        #expect(g.spec.spans.contains(CellSpan(row: 0, column: 4, rows: 3, columns: 1)))
        #expect(text(g, 0, 1) == "Top" && text(g, 1, 1) == "BC" && text(g, 1, 3) == "D" && text(g, 0, 0) == "a")
        #expect(g.cells.style(row: 1, column: 1, item: nil).align == .center)
        #expect(g.cells.style(row: 1, column: 1, item: nil).borders.bottom != nil)
        // Spanner rules are trimmed at both ends, so BC's and D's rules stay apart; titles are not.
        #expect(g.cells.style(row: 1, column: 1, item: nil).bottomBorderTrim == PublicationPlan.spannerRuleTrim)
        #expect(g.cells.style(row: 1, column: 3, item: nil).bottomBorderTrim > 0)
        #expect(g.cells.style(row: 2, column: 1, item: nil).bottomBorderTrim == 0)
        #expect(g.cells.style(row: 0, column: 0, item: nil).verticalAlign == .bottom)
        #expect(g.repeatedRowCount == 3)
    }

    @Test func spannerErrors() {
        let gap = prepareError("""
        {"columns": [{"key": "a"}, {"key": "b"}, {"key": "c"}],
         "spanners": [{"label": "AC", "columns": ["a", "c"]}]}
        """)
        #expect(gap?.description == "doc.json:2: spanners[0].columns: spanner \"AC\" covers columns that are not next to each other (\"a\", \"c\"); a spanner covers contiguous columns")
        let overlap = prepareError(#"{"columns": [{"key": "a"}, {"key": "b"}], "spanners": [{"label": "X", "columns": ["a", "b"]}, {"label": "Y", "columns": ["b"]}]}"#)
        #expect(overlap?.keyPath == "spanners[1]" && overlap?.message.contains("both cover column \"b\"") == true)
        let unknown = prepareError(#"{"columns": [{"key": "a"}], "spanners": [{"label": "X", "columns": ["aa"]}]}"#)
        #expect(unknown?.keyPath == "spanners[0].columns[0]")
        let cycle = prepareError(#"{"columns": [{"key": "a"}], "spanners": [{"label": "X", "spanners": ["Y"]}, {"label": "Y", "spanners": ["X"]}]}"#)
        #expect(cycle?.message.contains("over itself") == true)
    }

    @Test func footnoteMarksInReadingOrder() throws {
        let g = try grid("""
        {"title": "T", "footnote": "Source",
         "columns": [{"key": "a"}, {"key": "b", "align": "decimal"}],
         "data": {"rows": [["x", 1.5], ["y", 22]]},
         "spanners": [{"label": "S", "columns": ["b"]}],
         "footnotes": [
           {"text": "on a body cell", "cells": [{"row": 1, "column": "b"}]},
           {"text": "on column a", "columns": ["a"]},
           {"text": "unplaced"},
           {"text": "on the spanner and a cell", "spanners": ["S"], "cells": [{"row": 1, "column": "b"}]},
           {"text": "on the title", "title": true}]}
        """)
        // Reading order: title, spanner row, column titles, body.
        #expect(g.title?.text == "T¹")
        #expect(text(g, 0, 1) == "S²")
        #expect(text(g, 0, 0) == "a³")                 // the title reaches up into the spanner row
        #expect(text(g, 3, 1) == "22²,⁴")
        #expect(text(g, 2, 1) == "1.5")
        #expect(g.footnote?.text == "¹ on the title\n² on the spanner and a cell\n³ on column a\n⁴ on a body cell\nunplaced\nSource")
        // The marked column stays numeric and keeps its alignment.
        #expect(g.cells.style(row: 3, column: 1, item: nil).align == .decimal)
    }

    @Test func markStyles() {
        #expect(Document.FootnoteMarks.numbers.mark(12) == "¹²")
        #expect(Document.FootnoteMarks.letters.mark(1) == "ᵃ")
        #expect(Document.FootnoteMarks.letters.mark(17) == "ʳ")         // no superscript q
        #expect(Document.FootnoteMarks.letters.mark(26) == "ᵃᵃ")
        #expect(Document.FootnoteMarks.symbols.mark(1) == "*")
        #expect(Document.FootnoteMarks.symbols.mark(4) == "§")
        #expect(Document.FootnoteMarks.symbols.mark(8) == "††")
        #expect(Document.FootnoteMarks.symbols.marks([1, 2]) == "*†")
    }

    @Test func footnoteErrors() {
        let row = prepareError(#"{"columns": [{"key": "a"}], "data": {"rows": [[1]]}, "footnotes": [{"text": "t", "cells": [{"row": 3, "column": "a"}]}]}"#)
        #expect(row?.keyPath == "footnotes[0].cells[0].row" && row?.message == "row 3 is outside the data (1 data rows, counted from 0)")
        let col = prepareError(#"{"columns": [{"key": "a"}], "footnotes": [{"text": "t", "columns": ["z"]}]}"#)
        #expect(col?.keyPath == "footnotes[0].columns[0]")
        let sp = prepareError(#"{"columns": [{"key": "a"}], "footnotes": [{"text": "t", "spanners": ["z"]}]}"#)
        #expect(sp?.keyPath == "footnotes[0].spanners[0]")
    }

    @Test func colorScaleAtDomainEndsAndMiddle() throws {
        let g = try grid("""
        {"columns": [{"key": "v", "colorScale": {"palette": ["#000000", "#ff0000", "#ffffff"]}},
                     {"key": "w", "colorScale": {"palette": ["#0000ff", "#ff0000"], "domain": [0, 100], "target": "text"}}],
         "data": {"rows": [[10, 0], [20, 50], [30, 100], [40, 150]]}, "blending": false}
        """)
        func bg(_ r: Int) -> String { g.cells.style(row: r, column: 0, item: nil).background.hexString }
        #expect(bg(1) == "#000000")             // domain = data range 10…40
        #expect(bg(4) == "#ffffff")
        #expect(g.cells.style(row: 1, column: 0, item: nil).color.hexString == "#ffffff")   // contrast on black
        #expect(g.cells.style(row: 4, column: 0, item: nil).color.hexString == "#000000")
        let scale = ResolvedColorScale(stops: [Color(css: "#000000")!, Color(css: "#ff0000")!, Color(css: "#ffffff")!], low: 10, high: 40, target: .background)
        #expect(scale.color(at: 25).hexString == "#ff0000")
        #expect(scale.color(at: 17.5).rounded == Color(red: 0.5, green: 0, blue: 0).rounded)
        func fg(_ r: Int) -> String { g.cells.style(row: r, column: 1, item: nil).color.hexString }
        #expect(fg(1) == "#0000ff" && fg(3) == "#ff0000" && fg(4) == "#ff0000")   // clamped above the domain
        #expect(g.cells.style(row: 2, column: 1, item: nil).color.rounded == Color(red: 0.5, green: 0, blue: 0.5).rounded)
        let viridis = try grid(#"{"columns": [{"key": "v", "colorScale": {"palette": "viridis"}}], "data": {"rows": [[-1], [0.5], [2]]}}"#)
        #expect([1, 2, 3].map { viridis.cells.style(row: $0, column: 0, item: nil).background.hexString } == ["#440154", "#21918c", "#fde725"])
        let blues = try grid(#"{"columns": [{"key": "v", "colorScale": {"palette": "blues", "domain": [0, 10]}}], "data": {"rows": [[0], [5], [10]]}}"#)
        #expect([1, 2, 3].map { blues.cells.style(row: $0, column: 0, item: nil).background.hexString } == ["#f7fbff", "#6baed6", "#08306b"])
        #expect(blues.cells.style(row: 3, column: 0, item: nil).color.hexString == "#ffffff")
    }

    @Test func barsFromTheZeroLine() throws {
        let g = try grid("""
        {"columns": [{"key": "v", "bar": {"color": "#00ff00", "negativeColor": "#ff0000"}}],
         "data": {"rows": [[-10], [30], [0], ["n/a"]]}}
        """)
        func bar(_ r: Int) -> CellBar? { g.cells.style(row: r, column: 0, item: nil).bar }
        #expect(bar(1) == CellBar(start: 0, end: 0.25, color: Color(css: "#ff0000")!))
        #expect(bar(2) == CellBar(start: 0.25, end: 1, color: Color(css: "#00ff00")!))
        #expect(bar(3) == nil && bar(4) == nil)
    }

    @Test func rulesApplyInOrderAfterTheColumnAndBeforeSelection() throws {
        let g = try grid("""
        {"columns": [{"key": "v", "style": {"color": "#111111", "background": "#222222"},
                      "rules": [{"when": {"gt": 1}, "style": {"color": "#aa0000"}},
                                {"when": {"gt": 2, "le": 3}, "style": {"color": "#00aa00"}},
                                {"when": {"empty": true}, "style": {"background": "#eeeeee"}},
                                {"when": {"eq": "x"}, "style": {"color": "#0000aa"}}]}],
         "data": {"rows": [[1], [2], [3], [null], ["x"]]}, "blending": false,
         "selection": {"rows": [3]}, "styles": {"selectedRow": {"color": "#ffffff"}}}
        """)
        func color(_ r: Int) -> String { g.cells.style(row: r, column: 0, item: nil).color.hexString }
        #expect(color(1) == "#111111")
        #expect(color(2) == "#aa0000")
        #expect(color(3) == "#ffffff")                    // the later rule won, then the selection over it
        #expect(g.cells.style(row: 4, column: 0, item: nil).background.hexString == "#eeeeee")
        #expect(color(5) == "#0000aa")
        #expect(g.cells.style(row: 5, column: 0, item: nil).background.hexString == "#222222")
    }

    @Test func headerIsNotBlendedAndTakesNoColumnStyle() throws {
        let g = try grid("""
        {"columns": [{"key": "a", "style": {"color": "#ff0000", "background": "#00ff00"}},
                     {"key": "b", "headerStyle": {"color": "#0000ff"}}],
         "data": {"rows": [[1, "x"]]}, "headerHeight": 40, "theme": "plain",
         "styles": {"cell": {"background": "#ffffff"}, "header": {"background": "rgba(0, 0, 0, 0.5)"},
                    "row": {"background": "#888888"}}}
        """)
        let header = g.cells.style(row: 0, column: 0, item: nil)
        #expect(header.background.rounded == Color(red: 0, green: 0, blue: 0, alpha: 0.5).rounded)   // not composited
        #expect(header.color.hexString != "#ff0000")
        #expect(header.align == .right)                            // a numeric column's title stays right-aligned
        #expect(g.cells.style(row: 0, column: 1, item: nil).color.hexString == "#0000ff")
        #expect(g.cells.style(row: 1, column: 0, item: nil).background.hexString == "#00ff00")
        #expect(g.spec.rowHeights == [.fixed(40)])
    }

    @Test func decimalAlignmentUsesTheColumnsSeparator() throws {
        let g = try grid(#"{"columns": [{"key": "a", "format": {"number": {"decimalSeparator": ","}}}, {"key": "b"}], "data": {"rows": [[1.5, 2]]}}"#)
        #expect(g.cells.decimalSeparator(column: 0) == "," && g.cells.decimalSeparator(column: 1) == ".")
        #expect(text(g, 1, 0) == "1,5")
    }

    @Test func cellFormatOverridesAndWarnings() throws {
        let g = try grid("""
        {"columns": [{"key": "d", "format": {"date": {"output": "d MMM yyyy"}}},
                     {"key": "n", "format": {"number": {"decimals": 1}}}],
         "data": {"rows": [["2024-01-02", 1], ["soon", {"number": 2, "format": {"number": {"decimals": 3}}}],
                           ["later", "n/a"], [{"text": "02/01/2024", "format": {"date": {"input": "dd/MM/yyyy", "output": "yyyy"}}}, 3]]}}
        """)
        #expect(row(g, 1, columns: 2) == ["2 Jan 2024", "1.0"])
        #expect(row(g, 2, columns: 2) == ["soon", "2.000"])
        #expect(row(g, 3, columns: 2) == ["later", "n/a"])
        #expect(row(g, 4, columns: 2) == ["2024", "3.0"])
        #expect(g.warnings == [
            "doc.json:1: columns[0].format: 2 values cannot be read as dates (the first is \"soon\"); shown as written",
            "doc.json:2: columns[1].format: 1 value cannot be read as numbers (the first is \"n/a\"); shown as written",
        ])
    }
}
