import Testing
@testable import GridDocument

@Suite struct YAMLTests {
    func parse(_ text: String) throws(DocumentError) -> Node { try NodeYAMLReader.parse(text, file: "t.yaml") }
    func parseError(_ text: String) -> DocumentError? { documentError { () throws(DocumentError) in try parse(text) } }

    @Test func scalarsAndLines() throws {
        let node = try parse("""
        a: 1
        b: 2.5
        c: true
        d: ~
        e: "12"
        f: hello
        g:
          - x
          - 3
        """)
        #expect(node["a"]?.value == .number(1, text: "1"))
        #expect(node["b"]?.value == .number(2.5, text: "2.5"))
        #expect(node["c"]?.value == .bool(true))
        #expect(node["d"]?.value == .null)
        #expect(node["e"]?.value == .string("12"))
        #expect(node["f"]?.value == .string("hello"))
        #expect(node["f"]?.line == 6)
        guard case .array(let g)? = node["g"]?.value else { Issue.record(); return }
        #expect(g.map(\.line) == [8, 9])
        guard case .object(let members) = node.value else { return }
        #expect(members.map(\.key) == ["a", "b", "c", "d", "e", "f", "g"])
        #expect(members.map(\.line) == [1, 2, 3, 4, 5, 6, 7])
    }

    @Test func anchorsAliasesAndMerge() throws {
        let node = try parse("""
        base: &b {size: 9, weight: bold}
        header: *b
        cell:
          <<: *b
          size: 12
        """)
        #expect(node["header"]?["size"]?.value == .number(9, text: "9"))
        #expect(node["cell"]?["size"]?.value == .number(12, text: "12"))
        #expect(node["cell"]?["weight"]?.value == .string("bold"))
    }

    @Test func malformedYAML() {
        let e = parseError("a: 1\nb: [1, 2\nc: 3\n")
        #expect(e?.description == "t.yaml:3: invalid YAML: did not find expected ',' or ']' (while parsing a flow sequence on line 2)")
        #expect(e?.description.contains("\n") == false)
        let e2 = parseError("a: 1\n  b: 2\n")
        #expect(e2?.line == 2)
        #expect(e2?.message == "invalid YAML: mapping values are not allowed in this context")
    }

    @Test func duplicateKeys() {
        let e = parseError("a: 1\nb: 2\na: 3\n")
        #expect(e?.message == "duplicate key `a`")
        #expect(e?.line == 3)
        #expect(parseError("s:\n  a: 1\n  b: 2\n  a: 3\n")?.line == 4)
        #expect(parseError("- x: 1\n  x: 2\n")?.line == 2)
        #expect(e?.file == "t.yaml")
    }

    @Test func emptyDocument() {
        #expect(parseError("# nothing\n") == DocumentError(file: "t.yaml", line: 1, "the document is empty"))
    }

    @Test func depthLimit() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(parseError(deep) == DocumentError(file: "t.yaml", line: 1, "nesting deeper than 512 levels"))
        // libyaml itself stops at 1000 levels; that is an error too, never a stack overflow, and
        // is reported as the same nesting error.
        let deeper = String(repeating: "[", count: 100_000)
        #expect(parseError(deeper)?.message == "nesting deeper than 512 levels")
        var block = ""
        for i in 0..<600 { block += String(repeating: " ", count: i) + "a:\n" }
        block += String(repeating: " ", count: 600) + "b: 1\n"
        #expect(parseError(block)?.message == "nesting deeper than 512 levels")
    }

    @Test func aliasBombIsRefused() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1...8 {
            text += "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        let e = documentError { () throws(DocumentError) in try NodeYAMLReader.parse(text, file: "t.yaml", maxNodes: 10_000) }
        #expect(e?.message == "the YAML expands to more than 10000 values")
    }

    @Test func yamlDocumentMatchesJSON() throws {
        let y = try Document.decode(yaml: "canvas: {width: 300, scale: 2}\ncolumns:\n  - {key: a, width: auto}\n", file: "d.yaml")
        let j = try Document.decode(json: Array(#"{"canvas": {"width": 300, "scale": 2}, "columns": [{"key": "a", "width": "auto"}]}"#.utf8), file: "d.yaml")
        var y2 = y, j2 = j
        y2.sourceLines = [:]; j2.sourceLines = [:]
        #expect(y2 == j2)
    }

    @Test func documentErrorsCarryYAMLLines() {
        let e = documentError { () throws(DocumentError) in
            try Document.decode(yaml: "columns:\n  - key: a\n  - key: b\n    width: wide\n", file: "d.yaml")
        }
        #expect(e?.description == "d.yaml:4: columns[1].width: expected a number, \"auto\" or an object, found \"wide\"")
        let unknown = documentError { () throws(DocumentError) in
            try Document.decode(yaml: "title: x\n\nstyles:\n  cell:\n    colour: red\n", file: "d.yaml")
        }
        #expect(unknown?.description == "d.yaml:5: styles.cell: unknown key `colour`; did you mean `color`?")
    }
}
