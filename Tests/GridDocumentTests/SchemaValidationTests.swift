import Foundation
import GridLayout
import Testing
@testable import GridDocument

/// Keeps `Document.jsonSchema` (what `gridrender schema` prints) true to the decoder:
///
/// - every fixture under `Fixtures/` that decodes as a document validates against it, and every
///   one that decodes as a theme file validates against its `#/$defs/theme`;
/// - documents the decoder rejects for their shape (unknown keys, wrong types, two track kinds,
///   table keys in item mode) are rejected by the schema too;
/// - every key the decoder accepts anywhere (each `allowed: [...]` list and `…Keys` table in
///   `Sources/GridDocument`) is a property somewhere in the schema, and the main objects list
///   exactly the decoder's keys.
///
/// Validation uses the reference implementation, Python's `jsonschema` package (draft 2020-12),
/// run once per test through `python3`: writing a validator here would only test it against
/// itself. YAML fixtures are read with the project's own YAML reader and handed over as JSON, so
/// the schema sees exactly the value tree the decoder sees. Skipped: `Fixtures/bad/**`, the
/// public suites in `Fixtures/conformance/**`, files
/// named `bad-*`, data files (a top-level array of records) and anything that decodes as neither.
@Suite struct SchemaValidationTests {
    /// scripts/setup.sh's virtual environment (`.build/venv`, made only when the system Python
    /// lacks jsonschema, so setup never changes the system Python), else `python3` on the PATH.
    static let python: String = {
        var root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while root.path != "/" && !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root = root.deletingLastPathComponent()
        }
        let venv = root.appendingPathComponent(".build/venv/bin/python3").path
        return FileManager.default.isExecutableFile(atPath: venv) ? venv : "python3"
    }()

    struct Instance {
        var name: String
        var json: String
        /// JSON pointer into the schema: "" for a document, "/$defs/theme" for a theme file.
        var pointer: String
        var expectValid: Bool
    }

    @Test func schemaIsDraft2020_12() throws {
        let schema = try NodeJSONParser.parse(Array(Document.jsonSchema.utf8), file: "schema.json")
        #expect(schema["$schema"]?.value == .string("https://json-schema.org/draft/2020-12/schema"))
        let failures = try validate([])  // checks the schema itself against the meta-schema
        #expect(failures.isEmpty, "\(failures)")
    }

    /// Every fixture that decodes as a document validates against the schema, and every one that
    /// decodes as a theme file validates against `#/$defs/theme`. Files that are neither (data
    /// files, deliberately bad inputs) are skipped; the demo fixtures must all be documents.
    @Test func everyFixtureDocumentValidates() throws {
        var instances: [Instance] = []
        var documents: [String] = []
        for path in try Self.fixtureFiles() {
            let relative = String(path.dropFirst(Fixture.root.count + 1))
            let node = try Self.parse(path)
            if case .array = node.value { continue }  // a JSON data file (records)
            if (try? Document.decode(node: node, file: relative)) != nil {
                documents.append(relative)
                instances.append(Instance(name: relative, json: Self.json(node), pointer: "", expectValid: true))
            } else if (try? NodeDecoder(file: relative).themeOverride(node, "")) != nil {
                instances.append(Instance(name: relative, json: Self.json(node), pointer: "/$defs/theme", expectValid: true))
            }
        }
        let demo = try FileManager.default.contentsOfDirectory(atPath: Fixture.path("demo"))
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
        for name in demo { #expect(documents.contains("demo/" + name), "demo/\(name) should decode as a document") }
        #expect(documents.count >= 8, "expected the demo and decoding fixtures, found \(documents)")
        #expect(instances.count > documents.count, "expected theme files among the fixtures too")
        let failures = try validate(instances)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// Documents the decoder refuses for their shape: the schema must refuse them too.
    static let badDocuments: [String] = [
        #"{"colums": []}"#,
        #"{"canvas": {"widht": 10}}"#,
        #"{"canvas": {"scale": 0}}"#,
        #"{"canvas": {"scale": 17}}"#,
        #"{"canvas": {"width": -1}}"#,
        #"{"columns": [{"title": "no key"}]}"#,
        #"{"columns": [{"key": "a", "width": "wide"}]}"#,
        #"{"columnWidths": [{"fill": 1, "fixed": 20}]}"#,
        #"{"columnWidths": [{"min": 20}]}"#,
        #"{"defaultColumnWidth": {"adaptive": true}}"#,
        #"{"data": {"rows": [[1]], "csv": "a.csv"}}"#,
        #"{"data": {"rows": [[[1]]]}}"#,
        #"{"items": 3, "columns": [{"key": "a"}]}"#,
        #"{"items": 3, "maxColumns": 2, "maxRows": 2}"#,
        #"{"items": -1}"#,
        #"{"flow": "diagonal"}"#,
        #"{"styles": {"hedaer": {}}}"#,
        #"{"styles": {"cell": {"align": "middle"}}}"#,
        #"{"styles": {"cell": {"opacity": 2}}}"#,
        #"{"gridLines": {"horizontal": true}}"#,
        #"{"theme": 3}"#,
        ##"{"theme": {"extends": "dark", "colour": "#fff"}}"##,
        #"{"spans": [{"row": 0}]}"#,
        #"{"itemHeight": {"lineSize": 1, "multiplier": 2}}"#,
        #"{"fonts": "any"}"#,
    ]

    @Test func schemaRejectsWhatTheDecoderRejects() throws {
        var instances: [Instance] = []
        for (i, text) in Self.badDocuments.enumerated() {
            #expect(jsonError(text) != nil, "the decoder should reject \(text)")
            instances.append(Instance(name: "bad[\(i)] \(text)", json: text, pointer: "", expectValid: false))
        }
        let failures = try validate(instances)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// Every key in every `allowed: [...]` list and `static let …Keys = [...]` table of the decoder
    /// is a property name somewhere in the schema.
    @Test func everyDecodedKeyIsInTheSchema() throws {
        let schema = try NodeJSONParser.parse(Array(Document.jsonSchema.utf8), file: "schema.json")
        var names = Set<String>()
        Self.collectPropertyNames(schema, into: &names)
        let sources = URL(fileURLWithPath: Fixture.root).deletingLastPathComponent().appendingPathComponent("Sources/GridDocument")
        var decoded = Set<String>()
        let enumerator = FileManager.default.enumerator(atPath: sources.path)
        while let file = enumerator?.nextObject() as? String {
            guard file.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            decoded.formUnion(Self.keyLists(in: text))
        }
        #expect(decoded.count > 60, "found only \(decoded.count) decoder keys; has the decoder's style changed?")
        let missing = decoded.subtracting(names).sorted()
        #expect(missing.isEmpty, "keys the decoder accepts but the schema lacks: \(missing)")
    }

    @Test func mainObjectsListExactlyTheDecodersKeys() throws {
        let schema = try NodeJSONParser.parse(Array(Document.jsonSchema.utf8), file: "schema.json")
        func keys(_ node: Node?) -> [String] {
            guard case .object(let members)? = node?.value else { return [] }
            return members.map(\.key).sorted()
        }
        #expect(keys(schema["$defs"]?["styleSheet"]?["properties"]) == NodeDecoder.styleSheetKeys.sorted())
        #expect(keys(schema["$defs"]?["cell"]?["oneOf"].flatMap { node -> Node? in
            guard case .array(let a) = node.value else { return nil }
            return a.last?["properties"]
        }) == ["color", "fit", "format", "image", "link", "number", "style", "text"])
        #expect(keys(schema["properties"]?["canvas"]?["properties"]) == ["background", "height", "padding", "page", "scale", "width"])
    }

    /// Every enumeration in the schema lists exactly the words the decoder accepts.
    @Test func enumerationsMatchTheDecoder() throws {
        let schema = try NodeJSONParser.parse(Array(Document.jsonSchema.utf8), file: "schema.json")
        func words(_ path: [String]) -> [String] {
            var node: Node? = schema
            for key in path { node = node?[key] }
            guard case .array(let values)? = node?["enum"]?.value else { return [] }
            return values.compactMap { if case .string(let s) = $0.value { return s } else { return nil } }.sorted()
        }
        func names<T: CaseIterable & RawRepresentable>(_ type: T.Type) -> [String] where T.RawValue == String {
            T.allCases.map(\.rawValue).sorted()
        }
        let style = ["$defs", "style", "properties"]
        #expect(words(["$defs", "align"]) == names(TextAlign.self))
        #expect(words(style + ["verticalAlign"]) == names(VerticalAlign.self))
        #expect(words(style + ["ellipsize"]) == names(Ellipsize.self))
        #expect(words(style + ["markup"]) == names(MarkupMode.self))
        #expect(words(["properties", "flow"]) == names(Flow.self))
        #expect(words(["properties", "minimumPolicy"]) == names(MinimumPolicy.self))
        #expect(words(["properties", "snapping"]) == names(Snapping.self))
        #expect(words(["$defs", "distributionValue"]) == names(Distribution.self))
        #expect(words(["$defs", "cellAlignmentValue"]) == names(CellAlignment.self))
        #expect(words(["properties", "fonts"]) == ["pinned", "system"])
        #expect(words(["properties", "footnoteMarks"]) == names(Document.FootnoteMarks.self))
        let number = ["$defs", "format", "properties", "number", "properties"]
        #expect(words(number + ["notation"]) == names(NumberFormat.Notation.self))
        #expect(words(number + ["negative"]) == names(NumberFormat.Negative.self))
        #expect(words(["properties", "summary", "items", "properties", "values", "additionalProperties"]) == names(Document.SummaryRow.Aggregate.self))
        #expect(PreparedGrid.FontMode(rawValue: "pinned") != nil && PreparedGrid.FontMode(rawValue: "system") != nil)
        guard case .array(let cellKinds)? = schema["$defs"]?["cell"]?["oneOf"]?.value else { Issue.record("no cell"); return }
        #expect(cellKinds.last.map { node -> [String] in
            guard case .array(let v)? = node["properties"]?["fit"]?["enum"]?.value else { return [] }
            return v.compactMap { if case .string(let s) = $0.value { return s } else { return nil } }.sorted()
        } == names(ImageFit.self))
    }

    // MARK: Helpers

    static func fixtureFiles() throws -> [String] {
        var out: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: Fixture.root)
        while let file = enumerator?.nextObject() as? String {
            let name = (file as NSString).lastPathComponent
            guard [".json", ".yaml", ".yml"].contains(where: file.hasSuffix) else { continue }
            if file.hasPrefix("bad/") || file.hasPrefix("conformance/") || name.hasPrefix("bad-") { continue }
            out.append(Fixture.root + "/" + file)
        }
        return out.sorted()
    }

    static func parse(_ path: String) throws -> Node {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        if path.hasSuffix(".json") { return try NodeJSONParser.parse(Array(data), file: path) }
        return try NodeYAMLReader.parse(String(decoding: data, as: UTF8.self), file: path)
    }

    /// The value tree as JSON text (numbers as their Double value, which is what the decoder uses).
    static func json(_ node: Node) -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let v, _):
            if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
            return v.isFinite ? String(v) : "1e999"
        case .string(let s): return quote(s)
        case .array(let a): return "[" + a.map(json).joined(separator: ",") + "]"
        case .object(let members): return "{" + members.map { quote($0.key) + ":" + json($0.value) }.joined(separator: ",") + "}"
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 { out += String(format: "\\u%04x", u.value) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }

    static func collectPropertyNames(_ node: Node, into names: inout Set<String>) {
        switch node.value {
        case .object(let members):
            for m in members {
                if m.key == "properties", case .object(let props) = m.value.value { names.formUnion(props.map(\.key)) }
                if m.key == "required", case .array(let req) = m.value.value {
                    for r in req { if case .string(let s) = r.value { names.insert(s) } }
                }
                collectPropertyNames(m.value, into: &names)
            }
        case .array(let a): for n in a { collectPropertyNames(n, into: &names) }
        default: break
        }
    }

    /// Quoted strings inside `allowed: [...]` and `static let somethingKeys = [...]` literals.
    static func keyLists(in source: String) -> Set<String> {
        var keys = Set<String>()
        let patterns = [#"allowed:\s*\[([^\]]*)\]"#, #"static let \w+Keys\s*=\s*\[([^\]]*)\]"#]
        for pattern in patterns {
            let regex = try! NSRegularExpression(pattern: pattern)
            let ns = source as NSString
            for match in regex.matches(in: source, range: NSRange(location: 0, length: ns.length)) {
                let list = ns.substring(with: match.range(at: 1))
                let strings = try! NSRegularExpression(pattern: #""([^"]+)""#)
                for s in strings.matches(in: list, range: NSRange(location: 0, length: (list as NSString).length)) {
                    keys.insert((list as NSString).substring(with: s.range(at: 1)))
                }
            }
        }
        return keys
    }

    /// Validates each instance with Python's `jsonschema` (Draft 2020-12) and returns one message
    /// per instance whose outcome is not the expected one. Also checks the schema itself.
    func validate(_ instances: [Instance]) throws -> [String] {
        let dir = NSTemporaryDirectory() + "gridrender-schema-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Document.jsonSchema.write(toFile: dir + "/schema.json", atomically: true, encoding: .utf8)
        var manifest = "["
        for (i, instance) in instances.enumerated() {
            let file = dir + "/\(i).json"
            try instance.json.write(toFile: file, atomically: true, encoding: .utf8)
            manifest += (i > 0 ? "," : "") + "[\(Self.quote(instance.name)),\(Self.quote(file)),\(Self.quote(instance.pointer)),\(instance.expectValid)]"
        }
        try (manifest + "]").write(toFile: dir + "/manifest.json", atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [Self.python, "-c", Self.validator, dir + "/schema.json", dir + "/manifest.json"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ValidatorError(message: "python3 jsonschema validator failed (status \(process.terminationStatus)); "
                                 + "it needs python3 with `pip install jsonschema`: \(stderr)")
        }
        return stdout.split(separator: "\n").map(String.init)
    }

    struct ValidatorError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static let validator = #"""
import json, sys
from jsonschema import Draft202012Validator
schema = json.load(open(sys.argv[1]))
Draft202012Validator.check_schema(schema)
for name, path, pointer, expect_valid in json.load(open(sys.argv[2])):
    target = schema
    if pointer:
        target = {"$ref": "#" + pointer, "$defs": schema["$defs"]}
    errors = list(Draft202012Validator(target).iter_errors(json.load(open(path))))
    if expect_valid and errors:
        e = errors[0]
        print("%s: invalid at /%s: %s" % (name, "/".join(map(str, e.absolute_path)), e.message[:200]))
    elif not expect_valid and not errors:
        print("%s: the schema accepts it, the decoder does not" % name)
"""#
}
