import Testing
@testable import GridDocument

/// Every publication key decodes, and bad values are one error naming the key path.
@Suite struct PublicationDecodingTests {
    @Test func decodesEveryKey() throws {
        let d = try json("""
        {"stub": "a", "headerHeight": 30, "footnoteMarks": "letters",
         "columns": [{"key": "a", "headerStyle": {"color": "red"}},
                     {"key": "b", "format": {"number": {"notation": "compact", "negative": "parentheses", "scale": 100,
                                                         "decimalSeparator": ",", "groupSeparator": "."}, "missing": "-"},
                      "colorScale": {"palette": "blues", "domain": [0, 1], "target": "text"},
                      "bar": {"color": "#00f", "negativeColor": "#f00", "domain": [-1, 1]},
                      "rules": [{"when": {"lt": 3, "ne": "x", "empty": false}, "style": {"color": "#123"}}]},
                     {"key": "c", "format": {"date": {"input": "dd/MM/yyyy", "output": "d MMM"}}}],
         "spanners": [{"label": "B", "id": "b", "columns": ["b"], "style": {"color": "#fff"}}, {"label": "T", "spanners": ["b"]}],
         "summary": [{"label": "Total", "values": {"b": "sum"}, "sections": true}],
         "footnotes": [{"text": "n", "columns": ["a"], "cells": [{"row": 0, "column": "b"}], "spanners": ["b"], "title": true}],
         "data": {"rows": [["x", {"number": 1, "format": {"missing": "?"}}, "01/02/2024"]]},
         "styles": {"stub": {"color": "#111"}, "summary": {"color": "#222"}}}
        """)
        #expect(d.stub == "a" && d.headerHeight == 30 && d.footnoteMarks == .letters)
        let b = try #require(d.columns?[1])
        #expect(b.format?.notation == .compact && b.format?.negative == .parentheses && b.format?.scale == 100)
        #expect(b.format?.decimalSeparator == "," && b.format?.groupSeparator == "." && b.missing == "-")
        #expect(b.colorScale == Document.ColorScale(palette: .named(.blues), domain: [0, 1], target: .text))
        #expect(b.bar?.negativeColor == Color(css: "#f00") && b.bar?.domain == [-1, 1])
        #expect(b.rules.first?.when == Document.Condition(comparisons: [.init(.lt, .number(3)), .init(.ne, .text("x"))], empty: false))
        #expect(d.columns?[0].headerStyle?.color == Color(css: "red"))
        #expect(d.columns?[2].dateFormat == DateFormatSpec(input: "dd/MM/yyyy", output: "d MMM"))
        #expect(d.spanners == [Document.Spanner(label: "B", columns: ["b"], id: "b", style: { var s = Style(); s.color = .white; return s }()),
                               Document.Spanner(label: "T", spanners: ["b"])])
        #expect(d.summary == [Document.SummaryRow(label: "Total", values: [.init(column: "b", aggregate: .sum)], sections: true)])
        #expect(d.footnotes == [Document.Footnote(text: "n", columns: ["a"], cells: [.init(row: 0, column: "b")], spanners: ["b"], title: true)])
        #expect(d.styles.stub?.color != nil && d.styles.summary?.color != nil)
        if case .rows(let rows)? = d.data { #expect(rows[0][1].format == CellFormat(missing: "?")) } else { Issue.record("rows") }
    }

    @Test func yamlUsesTheSameKeys() throws {
        let yaml = """
        stub: city
        footnoteMarks: symbols
        columns:
          - {key: city}
          - key: sales
            format: {number: {notation: compact}, missing: "—"}
            bar: {color: "#60a5fa"}
            rules:
              - when: {ge: 1000000}
                style: {weight: bold}
        spanners:
          - {label: Figures, columns: [sales]}
        summary:
          - {label: Total, values: {sales: sum}}
        footnotes:
          - {text: Estimated., cells: [{row: 1, column: sales}]}
        data:
          rows:
            - [Oslo, 1200000]
            - [Rome, null]
        """
        let d = try Document.decode(yaml: yaml, file: "d.yaml")
        #expect(d.stub == "city" && d.footnoteMarks == .symbols && d.spanners.count == 1 && d.summary.count == 1)
        #expect(d.columns?[1].format?.notation == .compact && d.columns?[1].rules.count == 1)
        let g = try d.prepare()
        guard case .text(let total)? = Optional(g.cells.content(row: 4, column: 1, item: nil)) else { Issue.record("no total"); return }
        #expect(total == "1.2M")
        #expect(g.cells.content(row: 3, column: 1, item: nil) == .text("—*"))
        #expect(g.footnote?.text == "* Estimated.")
        let bad = documentError { () throws(DocumentError) in try Document.decode(yaml: "spanners:\n  - {label: X, columns: x}\n", file: "d.yaml") }
        #expect(bad?.description == "d.yaml:2: spanners[0].columns: expected an array, found \"x\"")
    }

    @Test func documentsBuiltInSwift() throws {
        var d = Document()
        d.columns = [Document.Column(key: "name"), Document.Column(key: "v", format: NumberFormatSpec(decimals: 1))]
        d.columns?[1].bar = Document.DataBar(color: .black)
        d.data = .rows([[Document.Cell(.text("a")), Document.Cell(.number(2, text: "2"))]])
        d.stub = "name"
        d.spanners = [Document.Spanner(label: "Values", columns: ["v"])]
        d.summary = [Document.SummaryRow(label: "Sum", values: [.init(column: "v", aggregate: .sum)])]
        d.footnotes = [Document.Footnote(text: "n", columns: ["v"])]
        let g = try d.prepare()
        #expect(g.cells.content(row: 1, column: 1, item: nil) == .text("v¹"))
        #expect(g.cells.content(row: 3, column: 1, item: nil) == .text("2.0"))
        #expect(g.cells.style(row: 2, column: 1, item: nil).bar != nil)
    }

    @Test(arguments: [
        (#"{"stub": 3}"#, "stub"),
        (#"{"headerHeight": -1}"#, "headerHeight"),
        (#"{"footnoteMarks": "roman"}"#, "footnoteMarks"),
        (#"{"spanners": {}}"#, "spanners"),
        (#"{"spanners": [{"columns": ["a"]}]}"#, "spanners[0]"),
        (#"{"spanners": [{"label": "x"}]}"#, "spanners[0]"),
        (#"{"spanners": [{"label": "x", "columns": [1]}]}"#, "spanners[0].columns[0]"),
        (#"{"spanners": [{"label": "x", "columns": ["a"], "spanners": ["nope"]}]}"#, "spanners[0].spanners[0]"),
        (#"{"spanners": [{"label": "x", "columns": ["a"]}, {"label": "x", "columns": ["b"]}]}"#, "spanners[1]"),
        (#"{"spanners": [{"label": "x", "columns": ["a"], "style": {"colour": "red"}}]}"#, "spanners[0].style"),
        (#"{"spanners": [{"label": "x", "columns": ["a"], "lable": 1}]}"#, "spanners[0]"),
        (#"{"summary": [{"label": "T"}]}"#, "summary[0]"),
        (#"{"summary": [{"values": {}}]}"#, "summary[0]"),
        (#"{"summary": [{"label": "T", "values": {"a": "total"}}]}"#, "summary[0].values.a"),
        (#"{"summary": [{"label": "T", "values": [], "sections": true}]}"#, "summary[0].values"),
        (#"{"summary": [{"label": "T", "values": {}, "sections": "yes"}]}"#, "summary[0].sections"),
        (#"{"footnotes": [{"columns": ["a"]}]}"#, "footnotes[0]"),
        (#"{"footnotes": [{"text": "t", "cells": [{"row": -1, "column": "a"}]}]}"#, "footnotes[0].cells[0].row"),
        (#"{"footnotes": [{"text": "t", "cells": [{"row": 1}]}]}"#, "footnotes[0].cells[0]"),
        (#"{"footnotes": [{"text": "t", "title": 1}]}"#, "footnotes[0].title"),
        (#"{"footnotes": [{"text": "t", "spanners": "s"}]}"#, "footnotes[0].spanners"),
        (#"{"columns": [{"key": "a", "headerStyle": 1}]}"#, "columns[0].headerStyle"),
        (#"{"columns": [{"key": "a", "colorScale": {}}]}"#, "columns[0].colorScale"),
        (#"{"columns": [{"key": "a", "colorScale": {"palette": "rainbow"}}]}"#, "columns[0].colorScale.palette"),
        (#"{"columns": [{"key": "a", "colorScale": {"palette": ["red"]}}]}"#, "columns[0].colorScale.palette"),
        (#"{"columns": [{"key": "a", "colorScale": {"palette": ["red", "nocolour"]}}]}"#, "columns[0].colorScale.palette[1]"),
        (#"{"columns": [{"key": "a", "colorScale": {"palette": "blues", "domain": [3, 1]}}]}"#, "columns[0].colorScale.domain"),
        (#"{"columns": [{"key": "a", "colorScale": {"palette": "blues", "domain": [1]}}]}"#, "columns[0].colorScale.domain"),
        (#"{"columns": [{"key": "a", "colorScale": {"palette": "blues", "target": "border"}}]}"#, "columns[0].colorScale.target"),
        (#"{"columns": [{"key": "a", "bar": {}}]}"#, "columns[0].bar"),
        (#"{"columns": [{"key": "a", "bar": {"color": "blue", "negativeColor": 3}}]}"#, "columns[0].bar.negativeColor"),
        (#"{"columns": [{"key": "a", "bar": {"color": "blue", "domain": ["a", 1]}}]}"#, "columns[0].bar.domain[0]"),
        (#"{"columns": [{"key": "a", "rules": {}}]}"#, "columns[0].rules"),
        (#"{"columns": [{"key": "a", "rules": [{"style": {}}]}]}"#, "columns[0].rules[0]"),
        (#"{"columns": [{"key": "a", "rules": [{"when": {}, "style": {}}]}]}"#, "columns[0].rules[0].when"),
        (#"{"columns": [{"key": "a", "rules": [{"when": {"lt": [1]}, "style": {}}]}]}"#, "columns[0].rules[0].when.lt"),
        (#"{"columns": [{"key": "a", "rules": [{"when": {"between": 1}, "style": {}}]}]}"#, "columns[0].rules[0].when"),
        (#"{"columns": [{"key": "a", "rules": [{"when": {"empty": 1}, "style": {}}]}]}"#, "columns[0].rules[0].when.empty"),
        (#"{"columns": [{"key": "a", "format": {"number": {"notation": "engineering"}}}]}"#, "columns[0].format.number.notation"),
        (#"{"columns": [{"key": "a", "format": {"number": {"negative": "red"}}}]}"#, "columns[0].format.number.negative"),
        (#"{"columns": [{"key": "a", "format": {"number": {"scale": 0}}}]}"#, "columns[0].format.number.scale"),
        (#"{"columns": [{"key": "a", "format": {"number": {"decimalSeparator": ""}}}]}"#, "columns[0].format.number.decimalSeparator"),
        (#"{"columns": [{"key": "a", "format": {"number": {"groupSeparator": "1"}}}]}"#, "columns[0].format.number.groupSeparator"),
        (#"{"columns": [{"key": "a", "format": {"number": {"grouping": true}, "missing": 0}}]}"#, "columns[0].format.missing"),
        (#"{"columns": [{"key": "a", "format": {"number": {"grouping": true, "decimalSeparator": ","}}}]}"#, "columns[0].format.number"),
        (#"{"columns": [{"key": "a", "format": {"date": {}}}]}"#, "columns[0].format.date"),
        (#"{"columns": [{"key": "a", "format": {"date": {"output": "QQ"}}}]}"#, "columns[0].format.date.output"),
        (#"{"columns": [{"key": "a", "format": {"date": {"output": "d", "input": "HH:mm"}}}]}"#, "columns[0].format.date.input"),
        (#"{"columns": [{"key": "a", "format": {"date": {"output": "d"}, "number": {}}}]}"#, "columns[0].format"),
        (#"{"data": {"rows": [[{"number": 1, "format": {"number": {"decimals": 99}}}]]}}"#, "data.rows[0][0].format.number.decimals"),
        (#"{"styles": {"stub": {"size": 0}}}"#, "styles.stub.size"),
        (#"{"styles": {"summary": 1}}"#, "styles.summary"),
        (#"{"items": 3, "spanners": []}"#, "spanners"),
    ])
    func badInputNamesTheKeyPath(input: String, keyPath: String) {
        let e = jsonError(input)
        #expect(e?.keyPath == keyPath, "\(e?.description ?? "no error")")
        #expect(e?.line == 1)
        #expect(e.map { !$0.description.contains("\n") } == true)
    }
}
