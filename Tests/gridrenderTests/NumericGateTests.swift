import Foundation
import Testing

/// Issue 25 item 6: every numeric key of the document passes one checked conversion
/// (`NodeDecoder.number` with a `NumericRange`). Generated from `gridrender schema`: every key
/// path whose type is number or integer (top level, columns, styles of every kind, themes,
/// publication keys, $defs reached through references) gets each hostile value, and every
/// render must end with exit 0, or exit 2 with one `error:` line per refused document: never
/// a signal, never a crash report.
struct NumericGateTests {
    /// The values placed at every numeric key, as JSON literals.
    static let values = ["0", "-0", "5e-324", "4e-320", "1.7976931348623157e308", "2147483648",
                         "9007199254740992", "-1", "99999999999999999999999", "1e400"]
    /// A marker replaced by each literal in the serialized document.
    static let marker = 123456.789

    /// One numeric key: its path and how to build a document holding a value there.
    struct Slot {
        var path: String
        var build: (Any) -> Any
    }

    /// Walks the schema the CLI prints.
    struct Walker {
        var defs: [String: Any]

        func deref(_ node: [String: Any]) -> [String: Any] {
            var node = node
            while let ref = node["$ref"] as? String, let next = defs[String(ref.split(separator: "/").last ?? "")] as? [String: Any] { node = next }
            return node
        }

        func isNumeric(_ node: [String: Any]) -> Bool {
            if let t = node["type"] as? String { return t == "number" || t == "integer" }
            if let t = node["type"] as? [String] { return t.contains("number") || t.contains("integer") }
            return false
        }

        /// A small valid instance of `node` (required keys only).
        func example(_ raw: [String: Any], depth: Int = 0) -> Any {
            let node = deref(raw)
            if let c = node["const"] { return c }
            if let e = node["enum"] as? [Any], let first = e.first { return first }
            if node["type"] == nil, let branches = (node["oneOf"] ?? node["anyOf"]) as? [[String: Any]], let first = branches.first, depth < 8 {
                return example(first, depth: depth + 1)
            }
            let type = (node["type"] as? String) ?? (node["type"] as? [String])?.first ?? ""
            switch type {
            case "object":
                let props = node["properties"] as? [String: [String: Any]] ?? [:]
                var o: [String: Any] = [:]
                for key in node["required"] as? [String] ?? [] { if let p = props[key], depth < 8 { o[key] = example(p, depth: depth + 1) } }
                if o.isEmpty, (node["minProperties"] as? Int ?? 0) > 0, let key = props.keys.sorted().first, let p = props[key] {
                    o[key] = example(p, depth: depth + 1)
                }
                return o
            case "array":
                let n = node["minItems"] as? Int ?? 0
                let items = node["items"] as? [String: Any] ?? [:]
                return (0..<n).map { _ in example(items, depth: depth + 1) }
            case "number", "integer": return 1
            case "boolean": return true
            default: return "a"
            }
        }

        /// Every numeric slot under `node`; `seen` counts references followed (recursion ends).
        func slots(_ node: [String: Any], _ path: String, _ seen: [String]) -> [Slot] {
            if let ref = node["$ref"] as? String {
                let name = String(ref.split(separator: "/").last ?? "")
                guard seen.filter({ $0 == name }).count < 2, let target = defs[name] as? [String: Any] else { return [] }
                return slots(target, path, seen + [name])
            }
            var out: [Slot] = []
            if isNumeric(node) { out.append(Slot(path: path, build: { $0 })) }
            for key in ["oneOf", "anyOf"] {
                for branch in node[key] as? [[String: Any]] ?? [] {
                    var b = branch
                    if b["type"] == nil, b["$ref"] == nil, let t = node["type"] { b["type"] = t }
                    out += slots(b, path, seen)
                }
            }
            if let props = node["properties"] as? [String: [String: Any]] {
                var base: [String: Any] = [:]
                for key in node["required"] as? [String] ?? [] { if let p = props[key] { base[key] = example(p) } }
                for (key, sub) in props.sorted(by: { $0.key < $1.key }) where key != "$schema" {
                    for slot in slots(sub, path + "." + key, seen) {
                        out.append(Slot(path: slot.path, build: { v in var o = base; o[key] = slot.build(v); return o }))
                    }
                }
            }
            if let more = node["additionalProperties"] as? [String: Any] {
                for slot in slots(more, path + ".x", seen) {
                    out.append(Slot(path: slot.path, build: { v in ["x": slot.build(v)] }))
                }
            }
            if let items = node["items"] as? [String: Any] {
                let n = max(1, node["minItems"] as? Int ?? 0)
                for slot in slots(items, path + "[0]", seen) {
                    out.append(Slot(path: slot.path, build: { v in [slot.build(v)] + (1..<n).map { _ in example(items) } }))
                }
            }
            return out
        }
    }

    /// Top-level keys of the other modes: their documents do not get the table base.
    static let standalone: Set<String> = ["items", "itemHeight", "itemSize", "itemWidth", "flow", "maxColumns", "maxRows",
                                          "sectionsStartOnNewLine", "emptySlots", "data", "sections", "header", "columns"]

    /// The document for one slot: the slot's object merged over a one-cell table.
    static func document(_ slot: Slot) -> [String: Any] {
        let top = String(slot.path.dropFirst().prefix { $0 != "." && $0 != "[" })
        var doc: [String: Any] = standalone.contains(top) ? [:] : ["columns": [["key": "a"]], "data": ["records": [["a": 3]]]]
        for (k, v) in slot.build(marker) as? [String: Any] ?? [:] { doc[k] = v }
        if ["items", "itemHeight", "itemSize", "itemWidth", "flow", "maxColumns", "maxRows", "sectionsStartOnNewLine", "emptySlots"].contains(top), doc["items"] == nil {
            doc["items"] = 3
        }
        if top == "columns", doc["data"] == nil { doc["data"] = ["records": [["a": 3]]] }
        if top == "columns", var columns = doc["columns"] as? [[String: Any]], !columns.isEmpty {
            columns[0]["key"] = "a"; doc["columns"] = columns
        }
        return doc
    }

    @Test func everyNumericKeyOfTheSchemaIsGated() throws {
        let dir = try CLI.scratch("numeric-gate")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let schemaRun = try CLI.run(["schema"], in: dir)
        #expect(schemaRun.status == 0)
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(schemaRun.stdout.utf8)) as? [String: Any])
        let walker = Walker(defs: schema["$defs"] as? [String: Any] ?? [:])
        var unique: [String: Slot] = [:]
        for slot in walker.slots(schema, "", []) where unique[slot.path] == nil { unique[slot.path] = slot }
        let slots = unique.values.sorted { $0.path < $1.path }
        // The classes the issue names are all among the generated keys.
        for fragment in [".canvas.", ".columns[0].style.", ".styles.", ".theme", "stretch", ".size"] {
            #expect(slots.contains { $0.path.contains(fragment) }, "no numeric key path contains \(fragment)")
        }
        #expect(slots.count > 100, "only \(slots.count) numeric key paths found in the schema")

        // One document per slot and value (plus "1", to see that the key is reached at all).
        var files: [String] = []
        var pathOf: [String: String] = [:]
        for (i, slot) in slots.enumerated() {
            let json = String(decoding: try JSONSerialization.data(withJSONObject: Self.document(slot), options: [.sortedKeys]), as: UTF8.self)
            for (j, literal) in (["1"] + Self.values).enumerated() {
                let name = "d\(i)-\(j).json"
                try Data(json.replacingOccurrences(of: "123456.789", with: literal).utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
                files.append(name)
                pathOf[name] = "\(slot.path) = \(literal)"
            }
        }
        // Rendered in batches (one process renders many documents); a batch that dies is rerun
        // one document at a time to name the culprit.
        let binary = try #require(CLI.binary).path
        let batches = stride(from: 0, to: files.count, by: 400).map { Array(files[$0..<min($0 + 400, files.count)]) }
        var crashed: [String] = []
        var reached = 0
        for (b, batch) in batches.enumerated() {
            let out = "out\(b)"
            let run = try CLI.run(["render"] + batch + ["--out-dir", out, "--format", "png", "--jobs", "2"], in: dir)
            let clean = (run.status == 0 || run.status == 2) && run.errorLines.allSatisfy { $0.hasPrefix("error: ") || $0.hasPrefix("warning: ") }
                && !["Fatal error", "stack trace", "ran out of memory"].contains { run.stderr.contains($0) }
            if clean {
                reached += batch.filter { $0.hasSuffix("-0.json") && !run.stderr.contains("error: \($0)") }.count
                continue
            }
            for name in batch {
                let one = try CLI.run(["30", binary, "render", name, "-o", "one.png"], in: dir, executable: "/usr/bin/timeout")
                let ok = one.status == 0 || (one.status == 2 && one.errorLines.count == 1 && one.errorLines[0].hasPrefix("error: "))
                if !ok { crashed.append("\(pathOf[name] ?? name): exit \(one.status): \(one.stderr.prefix(300))") }
            }
        }
        print("NumericGateTests: \(slots.count) numeric key paths, \(files.count) documents, \(reached) keys render with 1")
        #expect(crashed.isEmpty, "\(crashed.count) documents crashed:\n\(crashed.prefix(30).joined(separator: "\n"))")
        // Most keys are reached by a valid document (value 1 renders); the rest are keys whose
        // value 1 is itself out of range (page sides, font weights start higher).
        #expect(reached * 2 > slots.count, "only \(reached) of \(slots.count) keys rendered with the value 1")
    }
}
