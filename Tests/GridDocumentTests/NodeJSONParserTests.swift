import Testing
@testable import GridDocument

@Suite struct NodeJSONParserTests {
    @Test func parsesValuesWithLines() throws {
        let node = try parseJSON("{\n  \"a\": 1.50,\n  \"b\": [true, null,\n    \"x\"],\n  \"c\": {}\n}")
        #expect(node.line == 1)
        guard case .object(let members) = node.value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["a", "b", "c"])
        #expect(members.map(\.line) == [2, 3, 5])
        #expect(node["a"]?.value == .number(1.5, text: "1.50"))
        guard case .array(let b)? = node["b"]?.value else { Issue.record("b"); return }
        #expect(b.map(\.line) == [3, 3, 4])
        #expect(b[2].value == .string("x"))
        #expect(node["c"]?.value == .object([]))
    }

    @Test func keepsKeyOrder() throws {
        let node = try parseJSON(#"{"z": 1, "a": 2, "m": 3}"#)
        guard case .object(let m) = node.value else { return }
        #expect(m.map(\.key) == ["z", "a", "m"])
    }

    @Test func numbers() throws {
        #expect(try parseJSON("-0").value == .number(0, text: "-0"))
        #expect(try parseJSON("12e-1").value == .number(1.2, text: "12e-1"))
        guard case .number(let v, let text) = try parseJSON("1e999").value else { Issue.record(); return }
        #expect(v == .infinity)
        #expect(text == "1e999")
    }

    @Test func stringEscapes() throws {
        #expect(try parseJSON(#""a\"b\\c\/\n\u00e9\ud83d\ude00""#).value == .string("a\"b\\c/\né😀"))
        #expect(try parseJSON("\"caf\u{e9}\"").value == .string("café"))
    }

    @Test func missingCommaInObject() {
        let e = jsonParseError(Array("{\n  \"a\": 1,\n  \"b\": 2\n  \"c\": 3\n}".utf8))
        #expect(e == DocumentError(file: "t.json", line: 3, "expected ',' or '}' after object member"))
        #expect(e?.description == "t.json:3: expected ',' or '}' after object member")
    }

    @Test func missingCommaInArray() {
        #expect(jsonParseError(Array("[1,\n2\n3]".utf8)) == DocumentError(file: "t.json", line: 2, "expected ',' or ']' after array element"))
    }

    @Test func duplicateKey() {
        #expect(jsonParseError(Array("{\"a\": 1,\n\"a\": 2}".utf8)) == DocumentError(file: "t.json", line: 2, "duplicate key `a`"))
    }

    @Test func invalidUTF8() {
        var bytes = Array("{\n\"a\": \"x".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("\"}".utf8)
        #expect(jsonParseError(bytes) == DocumentError(file: "t.json", line: 2, "invalid UTF-8 (byte 0xC3)"))
        // Overlong encoding and a lone surrogate encoded in UTF-8 are invalid too.
        #expect(jsonParseError([0x22, 0xC0, 0xAF, 0x22])?.message == "invalid UTF-8 (byte 0xC0)")
        #expect(jsonParseError([0x22, 0xED, 0xA0, 0x80, 0x22])?.message == "invalid UTF-8 (byte 0xED)")
    }

    @Test func depthLimit() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(jsonParseError(Array(deep.utf8)) == DocumentError(file: "t.json", line: 1, "nesting deeper than 512 levels"))
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(jsonParseError(Array(ok.utf8)) == nil)
    }

    @Test func syntaxErrors() {
        #expect(jsonParseError(Array("".utf8))?.message == "the document is empty")
        #expect(jsonParseError(Array("  \n ".utf8)) == DocumentError(file: "t.json", line: 2, "the document is empty"))
        #expect(jsonParseError(Array("{} x".utf8))?.message == "unexpected 'x' after the JSON value")
        #expect(jsonParseError(Array("[01]".utf8))?.message == "invalid number: leading zeros are not allowed")
        #expect(jsonParseError(Array("[1.]".utf8))?.message == "invalid number: expected a digit after '.'")
        #expect(jsonParseError(Array("[tru]".utf8))?.message == "invalid literal; expected true")
        #expect(jsonParseError(Array("{\"a\" 1}".utf8))?.message == "expected ':' after object key `a`")
        #expect(jsonParseError(Array("{\"a\": 1,}".utf8))?.message == "expected a string key in object, found '}'")
        #expect(jsonParseError(Array("[1,]".utf8))?.message == "unexpected ']', expected a value")
        #expect(jsonParseError(Array("\"a\nb\"".utf8))?.message == "unterminated string (line break inside a string)")
        #expect(jsonParseError(Array("\"\\x\"".utf8))?.message == "invalid escape \\'x' in string")
        #expect(jsonParseError(Array("\"\\ud800\"".utf8))?.message == "invalid \\u escape: unpaired high surrogate")
        #expect(jsonParseError(Array("{\n\"a\": [1,\n".utf8)) == DocumentError(file: "t.json", line: 3, "unexpected end of input, expected a value"))
        #expect(jsonParseError(Array("{\"a\": 1".utf8))?.message == "unexpected end of input inside an object (opened on line 1)")
        #expect(jsonParseError(Array("// c\n{}".utf8))?.message == "unexpected '/', expected a value")
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try NodeJSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8), file: nil).value == .array([Node(.number(1, text: "1"), line: 1)]))
    }
}
