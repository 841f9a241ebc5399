import Testing
@testable import GridDocument

/// The `+Literals` initialisers build the very values the JSON decodes to, so a publication
/// table written in Swift by analogy with its JSON means the same thing.
@Suite struct PublicationLiteralsTests {
    /// FORMAT.md's publication examples, once as JSON and once as Swift literals.
    @Test func aPublicationTableInSwiftEqualsItsJSON() throws {
        let decoded = try json("""
        {"stub": "office", "footnoteMarks": "letters",
         "columns": [{"key": "office"},
                     {"key": "q1", "format": {"number": {"decimals": 1, "grouping": true, "prefix": "$"}},
                      "colorScale": {"palette": "diverging", "domain": [-5, 5]}},
                     {"key": "profit", "format": {"number": {"decimals": 1, "negative": "parentheses", "notation": "compact",
                                                             "scale": 100, "decimalSeparator": ",", "groupSeparator": "."}},
                      "rules": [{"when": {"lt": 0}, "style": {"color": "#b91c1c"}},
                                {"when": {"ge": 1.5, "ne": "x"}, "style": {"background": "#fde68a"}}]},
                     {"key": "opened", "title": "Opened", "align": "right",
                      "format": {"date": {"input": "dd/MM/yyyy", "output": "d MMM yyyy"}, "missing": "—"},
                      "headerStyle": {"color": "#555"}, "bar": {"color": "#3b82f6", "negativeColor": "#ef4444"}},
                     {"key": "share", "colorScale": {"palette": ["#f7fbff", "#08306b"], "target": "text"},
                      "rules": [{"when": {"empty": true}, "style": {"color": "#999"}}]}],
         "spanners": [{"label": "Revenue", "id": "rev", "columns": ["q1", "profit"]},
                      {"label": "Fiscal 2025", "spanners": ["rev"]}],
         "summary": [{"label": "Subtotal", "values": {"q1": "sum", "profit": "mean"}, "sections": true},
                     {"label": "Total", "values": {"profit": "sum", "q1": "median"}}],
         "footnotes": [{"text": "Constant exchange rates.", "spanners": ["rev"]},
                       {"text": "Opened mid-year.", "cells": [{"row": 5, "column": "q1"}]},
                       {"text": "Growth is Q2 over Q1.", "columns": ["profit"], "title": true}]}
        """)
        var built = Document()
        built.stub = "office"
        built.footnoteMarks = .letters
        built.columns = [
            .init(key: "office"),
            .init(key: "q1", format: .init(decimals: 1, grouping: true, prefix: "$"),
                  colorScale: .init(palette: "diverging", domain: [-5, 5])),
            .init(key: "profit", format: .init(decimals: 1, notation: .compact, negative: .parentheses, scale: 100,
                                               decimalSeparator: ",", groupSeparator: "."),
                  rules: [.init(when: [.lt: 0], style: Style(color: "#b91c1c")),
                          .init(when: [.ge: 1.5, .ne: "x"], style: Style(background: "#fde68a"))]),
            .init(key: "opened", title: "Opened", align: .right,
                  dateFormat: .init(input: "dd/MM/yyyy", output: "d MMM yyyy"), missing: "—",
                  headerStyle: Style(color: "#555"), bar: .init(color: "#3b82f6", negativeColor: "#ef4444")),
            .init(key: "share", colorScale: .init(palette: ["#f7fbff", "#08306b"], target: .text),
                  rules: [.init(when: .init(empty: true), style: Style(color: "#999"))]),
        ]
        built.spanners = [.init(label: "Revenue", columns: ["q1", "profit"], id: "rev"),
                          .init(label: "Fiscal 2025", spanners: ["rev"])]
        built.summary = [.init(label: "Subtotal", values: ["q1": .sum, "profit": .mean], sections: true),
                         .init(label: "Total", values: ["profit": .sum, "q1": .median])]
        built.footnotes = [.init(text: "Constant exchange rates.", spanners: ["rev"]),
                           .init(text: "Opened mid-year.", cells: [.init(row: 5, column: "q1")]),
                           .init(text: "Growth is Q2 over Q1.", columns: ["profit"], title: true)]

        #expect(built.stub == decoded.stub && built.footnoteMarks == decoded.footnoteMarks)
        let columns = try #require(decoded.columns)
        #expect(built.columns?.count == columns.count)
        for (mine, theirs) in zip(built.columns ?? [], columns) { #expect(mine == theirs, "column \(theirs.key)") }
        #expect(built.spanners == decoded.spanners)
        #expect(built.summary == decoded.summary)
        #expect(built.footnotes == decoded.footnotes)
    }

    @Test(arguments: Document.SummaryRow.Aggregate.allCases)
    func everyAggregateLiteralIsItsJSONName(_ aggregate: Document.SummaryRow.Aggregate) throws {
        let decoded = try json("""
        {"columns": [{"key": "n"}, {"key": "m"}], "summary": [{"label": "All", "values": {"m": "count", "n": "\(aggregate.rawValue)"}}]}
        """)
        // The literal's order is kept: m before n, as in the JSON object.
        #expect(decoded.summary == [Document.SummaryRow(label: "All", values: ["m": .count, "n": aggregate])])
    }

    @Test(arguments: Document.ColorScale.NamedPalette.allCases)
    func everyPaletteNameIsAStringLiteral(_ palette: Document.ColorScale.NamedPalette) throws {
        let decoded = try json("""
        {"columns": [{"key": "n", "colorScale": {"palette": "\(palette.rawValue)"}}]}
        """)
        let literal = Document.ColorScale.Palette(stringLiteral: palette.rawValue)
        #expect(decoded.columns?[0].colorScale == Document.ColorScale(palette: literal))
        #expect(literal == .named(palette))
    }

    @Test(arguments: Document.Condition.Operator.allCases)
    func everyOperatorTakesNumberAndStringLiterals(_ op: Document.Condition.Operator) throws {
        let decoded = try json("""
        {"columns": [{"key": "n", "rules": [{"when": {"\(op.rawValue)": 3}, "style": {}},
                                            {"when": {"\(op.rawValue)": -2.5}, "style": {}},
                                            {"when": {"\(op.rawValue)": "k", "empty": false}, "style": {}}]}]}
        """)
        let literals: [Document.Condition] = [[op: 3], [op: -2.5], { var c: Document.Condition = [op: "k"]; c.empty = false; return c }()]
        #expect(decoded.columns?[0].rules.map(\.when) == literals)
    }

    @Test func anEmptyConditionHoldsForEveryCell() {
        #expect(Document.Condition() == Document.Condition(comparisons: [], empty: nil))
        let empty: Document.Condition = [:]
        #expect(empty == Document.Condition())
    }

    /// formats.json's per-cell formats, built in Swift.
    @Test func cellsWithTheirOwnFormatEqualTheirJSON() throws {
        let decoded = try json("""
        {"columns": [{"key": "v"}], "data": {"rows": [
          [{"number": 3456789, "format": {"number": {"notation": "compact"}}}],
          [{"number": 0.125, "format": {"number": {"scale": 100, "decimals": 1, "suffix": " %"}}, "style": {"color": "#555"}}],
          [{"text": "2025-07-14", "format": {"date": {"output": "EEE d MMMM yyyy"}}}],
          [{"text": null, "format": {"missing": "—"}}]]}}
        """)
        let built: [[Document.Cell]] = [
            [.number(3456789, format: .init(number: .init(notation: .compact)))],
            [.number(0.125, format: .init(number: .init(decimals: 1, suffix: " %", scale: 100)), style: Style(color: "#555"))],
            [.text("2025-07-14", format: .init(date: .init(output: "EEE d MMMM yyyy")))],
            [.empty(format: .init(missing: "—"))],
        ]
        guard case .rows(let rows)? = decoded.data else { Issue.record("rows"); return }
        #expect(rows == built)
    }

    @Test func numberFormatLiteralsReachTheFormatter() {
        let spec = NumberFormatSpec(decimals: 2, grouping: true, prefix: "$", negative: .parentheses,
                                    decimalSeparator: ",", groupSeparator: ".")
        #expect(spec.numberFormat.format(-1234.5) == "($1.234,50)")
        #expect(NumberFormatSpec(notation: .compact).numberFormat.format(3_400_000) == "3.4M")
        #expect(NumberFormatSpec(percent: true, scale: 0.01).numberFormat.format(5.9) == "5.9%")
    }
}
