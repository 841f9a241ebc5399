import Testing
@testable import GridDocument

@Suite struct DocumentSchemaTests {
    @Test func schemaIsJSONAndListsExactlyTheDecodedKeys() throws {
        let schema = try NodeJSONParser.parse(Array(Document.jsonSchema.utf8), file: "schema.json")
        guard case .object(let properties)? = schema["properties"]?.value else { Issue.record("no properties"); return }
        #expect(properties.map(\.key).sorted() == NodeDecoder.documentKeys.sorted())
        guard case .object(let style)? = schema["$defs"]?["style"]?["properties"]?.value else { Issue.record("no style"); return }
        #expect(style.map(\.key).sorted() == NodeDecoder.styleKeys.sorted())
        guard case .object(let column)? = schema["properties"]?["columns"]?["items"]?["properties"]?.value else { Issue.record(); return }
        #expect(column.map(\.key).sorted() == NodeDecoder.columnKeys.sorted())
        guard case .object(let theme)? = schema["$defs"]?["theme"]?["properties"]?.value else { Issue.record(); return }
        #expect(theme.map(\.key).sorted() == NodeDecoder.themeKeys.sorted())
    }
}
