import Foundation
import Testing

/// Every number through one gate (issue 25 item 6), tested from the schema the CLI prints: every
/// key path whose type is number or integer — in objects, arrays, `$defs`, every kind of style
/// (column, header, rule, cell, row, theme), themes, item mode and publication keys — gets a
/// minimal document with that key set to each hostile value, and the documents of one value are
/// rendered in one batch. Each document must render or be refused with one `error:` line naming
/// it (exit 0 or 2): a trap, a signal or a lost document fails the test.
@Suite struct SchemaNumberGateTests {
    /// The values each numeric key gets, as JSON literals (1e400 and the huge integer as written).
    static let values: [String] = [
        "0", "-0", "5e-324", "4e-320", "1.7976931348623157e308", "2147483648", "9007199254740992", "-1",
        "99999999999999999999999", "1e400", "1", "0.5",
    ]

    /// One numeric key of the schema: its path (for messages) and a document holding it.
    struct Site {
        var path: String
        /// The document, with `placeholder` where the number goes.
        var document: [String: Any]
    }

    static let placeholder = "@@NUMBER@@"
    /// Where the number goes inside a string (a font description's size).
    static let wordPlaceholder = "@@WORD@@"

    /// Walks the printed schema to every number/integer key and builds its document.
    struct SchemaWalk {
        let definitions: [String: Any]

        func resolve(_ node: [String: Any]) -> [String: Any] {
            var node = node
            while let ref = node["$ref"] as? String, let target = definitions[String(ref.split(separator: "/").last!)] as? [String: Any] {
                node = target
            }
            return node
        }

        func isNumber(_ node: [String: Any]) -> Bool {
            if let t = node["type"] as? String { return t == "number" || t == "integer" }
            if let t = node["type"] as? [String] { return t.contains("number") || t.contains("integer") }
            return false
        }

        /// A minimal value of `node`: required keys filled, arrays at their minimum length.
        func minimal(_ node: [String: Any]) -> Any {
            let node = resolve(node)
            if let c = node["const"] { return c }
            if let e = node["enum"] as? [Any], let first = e.first { return first }
            if node["type"] == nil, let branches = node["oneOf"] as? [[String: Any]], let first = branches.first { return minimal(first) }
            let type = (node["type"] as? String) ?? (node["type"] as? [String])?.first ?? ""
            switch type {
            case "object":
                let properties = node["properties"] as? [String: [String: Any]] ?? [:]
                var object: [String: Any] = [:]
                for key in node["required"] as? [String] ?? [] { if let p = properties[key] { object[key] = minimal(p) } }
                if object.isEmpty, (node["minProperties"] as? Int ?? 0) > 0, let (key, p) = properties.sorted(by: { $0.key < $1.key }).first {
                    object[key] = minimal(p)
                }
                return object
            case "array":
                let item = node["items"] as? [String: Any] ?? [:]
                return (0..<(node["minItems"] as? Int ?? 0)).map { _ in minimal(item) }
            case "number", "integer": return 1
            case "boolean": return true
            default: return "a"
            }
        }

        /// Every numeric site under `node`, each as a path and a builder of the value holding it.
        func sites(_ node: [String: Any], _ path: String, seen: [String]) -> [(String, (Any) -> Any)] {
            if let ref = node["$ref"] as? String {
                let name = String(ref.split(separator: "/").last!)
                guard seen.filter({ $0 == name }).count < 2, let target = definitions[name] as? [String: Any] else { return [] }
                return sites(target, path, seen: seen + [name])
            }
            var out: [(String, (Any) -> Any)] = []
            if isNumber(node), !path.isEmpty { out.append((path, { $0 })) }
            // A number inside a string: the size ending a Pango font description.
            if node["type"] as? String == "string", (node["description"] as? String)?.contains("Pango description") == true {
                out.append((path + "(size in the description)", { _ in "DejaVu Sans Bold " + SchemaNumberGateTests.wordPlaceholder }))
            }
            for key in ["oneOf", "anyOf"] {
                for var branch in node[key] as? [[String: Any]] ?? [] {
                    // `{"type": "object", "properties": …, "oneOf": [{"required": …}]}`: the branch
                    // is the object itself.
                    if branch["type"] == nil, branch["$ref"] == nil, branch["oneOf"] == nil, let type = node["type"] {
                        branch["type"] = type
                        branch["properties"] = node["properties"]
                    }
                    out += sites(branch, path, seen: seen)
                }
            }
            let type = node["type"] as? String
            if type == "object" || node["properties"] != nil {
                let properties = node["properties"] as? [String: [String: Any]] ?? [:]
                var base: [String: Any] = [:]
                for key in node["required"] as? [String] ?? [] { if let p = properties[key] { base[key] = minimal(p) } }
                for (key, sub) in properties.sorted(by: { $0.key < $1.key }) where key != "$schema" {
                    for (p, build) in sites(sub, path + "." + key, seen: seen) {
                        out.append((p, { v in var o = base; o[key] = build(v); return o }))
                    }
                }
                if let additional = node["additionalProperties"] as? [String: Any] {
                    for (p, build) in sites(additional, path + ".a", seen: seen) {
                        out.append((p, { v in var o = base; o["a"] = build(v); return o }))
                    }
                }
            }
            if type == "array", let item = node["items"] as? [String: Any] {
                let count = max(1, node["minItems"] as? Int ?? 0)
                for (p, build) in sites(item, path + "[]", seen: seen) {
                    out.append((p, { v in [build(v)] + (1..<count).map { _ in minimal(item) } }))
                }
            }
            return out
        }
    }

    /// Keys that make a document an item grid.
    static let itemKeys: Set<String> = ["items", "itemHeight", "itemSize", "itemWidth", "flow", "maxColumns", "maxRows",
                                        "sectionsStartOnNewLine", "emptySlots"]

    /// The sites of the schema `gridrender schema` prints, one per distinct key path.
    static func sites() throws -> [Site] {
        let run = try CLI.run(["schema"], in: NSTemporaryDirectory())
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let walk = SchemaWalk(definitions: schema["$defs"] as? [String: Any] ?? [:])
        var seen = Set<String>()
        var out: [Site] = []
        for (path, build) in walk.sites(schema, "", seen: []) where seen.insert(path).inserted {
            let top = String(path.dropFirst().prefix { $0 != "." && $0 != "[" })
            guard let instance = build(placeholder) as? [String: Any] else { continue }
            var document: [String: Any]
            if itemKeys.contains(top) || path.contains(".items") {
                document = top == "sections" ? [:] : ["items": 3]
                document["canvas"] = ["width": 120, "height": 60]
            } else {
                document = ["columns": [["key": "a"]], "data": ["records": [["a": 3]]]]
            }
            document.merge(instance) { $1 }
            if top == "columns", var columns = document["columns"] as? [[String: Any]], !columns.isEmpty {
                columns[0]["key"] = "a"
                document["columns"] = columns
            }
            out.append(Site(path: path, document: document))
        }
        return out
    }

    /// The schema walk reaches the keys the issue names and every kind of style.
    @Test func walkReachesEveryKindOfNumber() throws {
        let paths = Set(try Self.sites().map(\.path))
        for expected in [".canvas.width", ".canvas.scale", ".canvas.page.width", ".columns[].style.size", ".columns[].style.font.size",
                         ".columns[].headerStyle.size", ".columns[].rules[].style.size", ".styles.cell.size", ".styles.columns.a.size",
                         ".theme.styles.row.font.size", ".columns[].style.font(size in the description)", ".columnSpacing.stretch", ".margins.stretch", ".columns[].width.fill",
                         ".columns[].format.number.decimals", ".columns[].colorScale.domain[]", ".items", ".itemHeight.multiplier"]
        where !paths.contains(expected) {
            Issue.record("the schema walk misses \(expected); it has \(paths.count) paths")
        }
        #expect(paths.count > 300)
    }

    /// Each value at every numeric key: one batch of documents per value, PNG.
    @Test(arguments: values)
    func everyNumericKeyTakesTheValue(_ literal: String) throws {
        try checkBatch(literal, format: "png")
    }

    /// Publication keys and a few values again as PDF (the vector path measures text differently).
    @Test(arguments: ["1.7976931348623157e308", "4e-320", "2147483648", "1"])
    func everyNumericKeyTakesTheValueInPDF(_ literal: String) throws {
        try checkBatch(literal, format: "pdf")
    }

    /// The same documents read as YAML (JSON is YAML's flow style): the YAML reader's numbers
    /// meet the same gate.
    @Test(arguments: ["4e-320", "2147483648", "99999999999999999999999", "1"])
    func everyNumericKeyTakesTheValueInYAML(_ literal: String) throws {
        try checkBatch(literal, format: "png", extension: "yaml")
    }

    func checkBatch(_ literal: String, format: String, extension ext: String = "json") throws {
        let sites = try Self.sites()
        let dir = try CLI.scratch("numbers")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
        var names: [String] = []
        for (index, site) in sites.enumerated() {
            let json = try JSONSerialization.data(withJSONObject: site.document, options: [.sortedKeys])
            let text = String(decoding: json, as: UTF8.self).replacingOccurrences(of: "\"\(Self.placeholder)\"", with: literal)
                .replacingOccurrences(of: Self.wordPlaceholder, with: literal)
            let name = String(format: "n%03d.", index) + ext
            try text.write(toFile: dir + "/" + name, atomically: false, encoding: .utf8)
            names.append(name)
        }
        let run = try CLI.run(["render"] + names + ["--out-dir", "out", "--format", format, "--jobs", "2"], in: dir)
        #expect(run.status == 0 || run.status == 2, "value \(literal): exit \(run.status)\n\(run.stderr.suffix(2000))")
        for line in run.errorLines where !line.hasPrefix("error: ") && !line.hasPrefix("warning: ") {
            Issue.record("value \(literal): not one message line: \(line)")
        }
        let written = Set(CLI.listing(dir + "/out"))
        #expect(!written.contains { $0.hasPrefix(".gridrender-") }, "value \(literal): temporary files left")
        let errors = run.errorLines.filter { $0.hasPrefix("error: ") }
        var rendered = 0
        for (index, name) in names.enumerated() {
            let output = String(name.dropLast(ext.count + 1)) + "." + format
            let mentions = errors.filter { $0.hasPrefix("error: \(name):") }.count
            if written.contains(output) {
                rendered += 1
                #expect(mentions == 0, "value \(literal) at \(sites[index].path): rendered and refused")
            } else {
                #expect(mentions == 1, "value \(literal) at \(sites[index].path): \(mentions) error lines and no \(format)")
            }
        }
        // The documents are valid: a plain value renders at nearly every key (the rest are keys
        // whose minimal document is refused for another reason: a spanner covering nothing).
        if literal == "1" { #expect(rendered * 10 >= names.count * 9, "only \(rendered) of \(names.count) render with 1") }
    }
}
