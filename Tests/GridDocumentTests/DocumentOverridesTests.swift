import Testing
@testable import GridDocument

@Suite struct DocumentOverridesTests {
    /// The text of every layout row of a prepared table, column by column.
    func table(_ d: Document) throws -> [[String]] {
        let grid = try d.prepare()
        guard case .table(let t) = grid.spec.content else { return [] }
        return (0..<t.rows.count).map { r in
            (0..<t.columnCount).map { c in
                if case .text(let s) = grid.cells.content(row: r, column: c, item: nil) { return s }
                return ""
            }
        }
    }

    let people = #"{"columns": [{"key": "name", "title": "Name"}, {"key": "age"}, {"key": "city"}],"# +
        #""data": {"rows": [["Bob", 30, "Oslo"], ["ann", 4, "Rome"], ["Cid", 100, null], ["Dee", 4, "Bergen"]]}}"#

    @Test func sortNumericAscendingIsStable() throws {
        let d = try json(people).applying(DocumentOverrides(sort: .init(parsing: "age")))
        #expect(try table(d).map { $0[0] } == ["Name", "ann", "Dee", "Bob", "Cid"])
    }

    @Test func sortDescendingAndByTextCaseInsensitiveEmptyLast() throws {
        let byAge = try json(people).applying(DocumentOverrides(sort: .init(parsing: "-age")))
        #expect(try table(byAge).map { $0[0] } == ["Name", "Cid", "Bob", "ann", "Dee"])
        let byName = try json(people).applying(DocumentOverrides(sort: .init(key: "Name")))  // by title
        #expect(try table(byName).map { $0[0] } == ["Name", "ann", "Bob", "Cid", "Dee"])
        let byCity = try json(people).applying(DocumentOverrides(sort: .init(key: "city", descending: true)))
        #expect(try table(byCity).map { $0[2] } == ["city", "Rome", "Oslo", "Bergen", ""])
    }

    @Test func limitAndColumns() throws {
        let d = try json(people).applying(DocumentOverrides(title: "Top", columns: ["city", "name"],
                                                            sort: .init(parsing: "-age"), limit: 2))
        #expect(d.title == "Top")
        #expect(try table(d) == [["city", "Name"], ["", "Cid"], ["Oslo", "Bob"]])
    }

    @Test func csvIsReadSortedAndNumericColumnsStayRightAligned() throws {
        var d = try Document.load(path: Fixture.path("decoding/people.csv"))
        let original = try table(d)
        d = try d.applying(DocumentOverrides(limit: 2))
        let limited = try table(d)
        #expect(limited == Array(original.prefix(3)))
        let grid = try d.prepare()
        let plain = try Document.load(path: Fixture.path("decoding/people.csv")).prepare()
        for c in 0..<original[0].count {
            #expect(grid.cells.style(row: 1, column: c, item: nil).align == plain.cells.style(row: 1, column: c, item: nil).align)
        }
    }

    @Test func recordsAndInlineRowsWithoutColumns() throws {
        let records = try json(#"{"data": {"records": [{"a": 2, "b": "x"}, {"b": "y", "a": 1}]}}"#)
            .applying(DocumentOverrides(sort: .init(key: "a")))
        #expect(try table(records) == [["a", "b"], ["1", "y"], ["2", "x"]])
        let inline = try json(#"{"data": {"rows": [["k", "v"], ["z", 1], ["y", 2]]}}"#)
            .applying(DocumentOverrides(columns: ["v", "k"], sort: .init(key: "k")))
        #expect(try table(inline) == [["v", "k"], ["2", "y"], ["1", "z"]])
    }

    @Test func sectionsSortWithinAndLimitAcross() throws {
        let d = try json(#"""
        {"columns": [{"key": "n"}], "sections": [
          {"title": "A", "rows": [[3], [1], [2]]},
          {"title": "B", "rows": [[9], [8]]},
          {"title": "C", "rows": [[7]]}]}
        """#).applying(DocumentOverrides(sort: .init(key: "n"), limit: 4))
        #expect(try table(d).map { $0[0] } == ["n", "A", "1", "2", "3", "B", "8"])
    }

    @Test func itemModeLimitAndErrors() throws {
        let d = try json(#"{"items": ["a", "b", "c", "d"], "maxColumns": 2}"#)
        let limited = try d.applying(DocumentOverrides(title: "T", limit: 3))
        #expect(limited.items?.count == 3)
        #expect(limited.title == "T")
        let e = documentError { () throws(DocumentError) in try d.applying(DocumentOverrides(columns: ["a"])) }
        #expect(e?.keyPath == "--columns")
    }

    @Test func unknownColumnSuggests() throws {
        let d = try json(people)
        let e = documentError { () throws(DocumentError) in try d.applying(DocumentOverrides(sort: .init(key: "agee"))) }
        #expect(e?.description == #"doc.json: --sort: no column "agee"; did you mean "age"?"#)
        let twice = documentError { () throws(DocumentError) in try d.applying(DocumentOverrides(columns: ["age", "age"])) }
        #expect(twice?.message == #"column "age" is listed twice"#)
    }

    @Test func spansAndStylesFollowTheColumns() throws {
        let d = try json(#"""
        {"columns": [{"key": "a"}, {"key": "b"}, {"key": "c"}], "data": {"rows": [[1, 2, 3]]},
         "spans": [{"row": 1, "column": 1, "columns": 2}], "styles": {"columns": {"a": {"color": "red"}}}}
        """#)
        let moved = try d.applying(DocumentOverrides(columns: ["b", "c"]))
        #expect(moved.layout.spans == [.init(row: 1, column: 0, rows: 1, columns: 2)])
        #expect(moved.styles.columns.isEmpty)
        let broken = try d.applying(DocumentOverrides(columns: ["c", "b"]))
        #expect(broken.layout.spans.isEmpty)
        _ = try broken.prepare()
    }
}

extension DocumentOverridesTests {
    /// A selected row and a one-row span follow their data when rows are sorted; rows cut by
    /// the limit lose their selection.
    @Test func selectionAndSpansFollowTheirRows() throws {
        let d = try json(#"""
        {"columns": [{"key": "n"}, {"key": "t"}], "data": {"rows": [[3, "c"], [1, "a"], [2, "b"]]},
         "selection": {"rows": [1, 3]}, "spans": [{"row": 2, "column": 0, "columns": 2}]}
        """#)
        // Layout rows: 0 header, 1 → n=3, 2 → n=1, 3 → n=2. Sorted: 1 → n=1, 2 → n=2, 3 → n=3.
        let sorted = try d.applying(DocumentOverrides(sort: .init(key: "n")))
        #expect(sorted.selection.rows == [3, 2])
        #expect(sorted.layout.spans == [.init(row: 1, column: 0, rows: 1, columns: 2)])
        let limited = try d.applying(DocumentOverrides(sort: .init(key: "n"), limit: 1))
        #expect(limited.selection.rows == [])
        #expect(limited.layout.spans == [.init(row: 1, column: 0, rows: 1, columns: 2)])
        _ = try sorted.prepare()
    }
}
