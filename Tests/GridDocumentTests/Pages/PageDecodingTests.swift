import Testing
@testable import GridDocument

/// `canvas.page`'s object form: the size by name or sides, the orientation, and the keys that say
/// how a table runs across pages; every bad value is one error at its key path and line.
@Suite struct PageDecodingTests {
    private func page(_ value: String) throws(DocumentError) -> Document.Canvas {
        try json(#"{"canvas": {"page": "# + value + "}}").canvas
    }

    @Test func namedSizesWithOrientation() throws {
        let a4 = PreparedGrid.Page(width: 595.28, height: 841.89), letter = PreparedGrid.Page(width: 612, height: 792)
        #expect(try page(#"{"size": "a4"}"#).page == a4)
        #expect(try page(#"{"size": "LETTER"}"#).page == letter)
        #expect(try page(#"{"size": "a4", "orientation": "landscape"}"#).page == PreparedGrid.Page(width: 841.89, height: 595.28))
        #expect(try page(#"{"size": "letter", "orientation": "portrait"}"#).page == letter)
        #expect(try page(#"{"width": 800, "height": 300, "orientation": "portrait"}"#).page == PreparedGrid.Page(width: 300, height: 800))
        // The string form and the sides alone say nothing about the flow.
        #expect(try page(#""a4""#).pageFlow == PreparedGrid.PageFlow())
        #expect(try page(#"{"width": 300, "height": 400}"#).pageFlow == PreparedGrid.PageFlow())
    }

    @Test func flowKeys() throws {
        let defaults = try page(#"{"size": "a4", "continued": true, "continues": true, "split": "columns"}"#).pageFlow
        #expect(defaults == PreparedGrid.PageFlow(continued: "(continued)", continues: "continued on next page", splitsColumns: true, order: .down))
        let texts = try page(#"{"size": "a4", "continued": "Table 2 (cont.)", "continues": "over…", "split": "columns", "order": "across"}"#).pageFlow
        #expect(texts == PreparedGrid.PageFlow(continued: "Table 2 (cont.)", continues: "over…", splitsColumns: true, order: .across))
        let off = try page(#"{"size": "a4", "continued": false, "continues": false}"#).pageFlow
        #expect(off.isDefault)
    }

    /// The flow reaches the prepared grid, with its lines styled and the stub repeated.
    @Test func preparedFlow() throws {
        let d = try json(#"{"canvas": {"page": {"size": "a4", "continued": true, "continues": "more", "split": "columns"}}, "title": "T", "columns": [{"key": "a"}, {"key": "b"}], "data": {"rows": [[1, 2]]}}"#)
        let flow = try d.prepare().pageFlow
        #expect(flow.continuedLine?.text == "(continued)")
        #expect(flow.continuesNote?.text == "more")
        #expect(flow.repeatedColumnCount == 1)
        // --page replaces the size only.
        var replaced = d
        replaced.canvas.page = PreparedGrid.Page(width: 300, height: 300)
        #expect(try replaced.prepare().pageFlow.splitsColumns)
    }

    /// Generated bad values for every key: each is one error naming the key path and the line.
    @Test(arguments: [
        (#"{"size": "a5"}"#, "canvas.page.size", "unknown page size \"a5\""),
        (#"{"size": "leter"}"#, "canvas.page.size", "did you mean \"letter\"?"),
        (#"{"size": 4}"#, "canvas.page.size", "expected \"a4\" or \"letter\", found 4"),
        (#"{"size": "a4", "width": 300}"#, "canvas.page", "not both"),
        (#"{"width": 300}"#, "canvas.page", "a page needs `size`"),
        (#"{}"#, "canvas.page", "a page needs `size`"),
        (#"{"width": -300, "height": 400}"#, "canvas.page.width", "found -300"),
        (#"{"width": 300, "height": "400"}"#, "canvas.page.height", "expected a number"),
        (#"{"width": 300, "height": 0}"#, "canvas.page.height", "found 0"),
        (#"{"size": "a4", "orientation": "sideways"}"#, "canvas.page.orientation", "expected \"portrait\" or \"landscape\""),
        (#"{"size": "a4", "orientation": true}"#, "canvas.page.orientation", "expected \"portrait\" or \"landscape\""),
        (#"{"size": "a4", "continued": 1}"#, "canvas.page.continued", "expected true, false or a text, found 1"),
        (#"{"size": "a4", "continued": ""}"#, "canvas.page.continued", "non-empty"),
        (#"{"size": "a4", "continues": null}"#, "canvas.page.continues", "expected true, false or a text"),
        (#"{"size": "a4", "continues": ["x"]}"#, "canvas.page.continues", "expected true, false or a text"),
        (#"{"size": "a4", "split": "rows"}"#, "canvas.page.split", "expected \"columns\""),
        (#"{"size": "a4", "split": true}"#, "canvas.page.split", "expected \"columns\""),
        (#"{"size": "a4", "order": "up"}"#, "canvas.page.order", "expected \"down\" or \"across\""),
        (#"{"size": "a4", "spilt": "columns"}"#, "canvas.page", "did you mean `split`?"),
        (#"["a4"]"#, "canvas.page", "expected \"a4\" or \"letter\" or an object"),
        (#""A5""#, "canvas.page", "unknown page size \"A5\""),
    ])
    func badValues(value: String, keyPath: String, message: String) throws {
        let text = "{\n  \"canvas\": {\n    \"page\": \(value)\n  }\n}"
        let e = try #require(jsonError(text, file: "wide.json"))
        #expect(e.keyPath == keyPath, "\(value)")
        #expect(e.file == "wide.json")
        #expect(e.line == 3, "\(value)")
        #expect(e.message.contains(message), "\(value): \(e.message)")
        #expect(!e.description.contains("\n"))
    }
}
