import Yams

/// Reads YAML through Yams and maps it onto the same `Node` tree as JSON, so one decoder
/// serves both formats. Anchors and aliases are expanded (Yams resolves them while composing);
/// `<<` merge keys are honoured. Depth and total node count are limited so deeply nested or
/// alias-bomb input gives an error instead of exhausting the stack or memory.
package enum NodeYAMLReader {
    package static let maxDepth = 512
    /// Upper bound on nodes after alias expansion ("billion laughs" protection).
    package static let maxNodes = 5_000_000

    package static func parse(_ text: String, file: String?) throws(DocumentError) -> Node {
        try parse(text, file: file, maxNodes: maxNodes)
    }

    static func parse(_ text: String, file: String?, maxNodes: Int) throws(DocumentError) -> Node {
        let composed: Yams.Node?
        do {
            composed = try Yams.compose(yaml: text)
        } catch let yamlError as YamlError {
            throw convert(yamlError, file: file)
        } catch {
            throw DocumentError(file: file, "invalid YAML: \(error)")
        }
        guard let root = composed else { throw DocumentError(file: file, line: 1, "the document is empty") }
        // A cheap count first (no allocation), so an alias bomb is refused before the tree of
        // `Node`s is built for it.
        // Values and text bytes are both counted: aliases to one long string multiply bytes,
        // not values (a 133 KB file expanded into 300 MB of text).
        var countBudget = maxNodes
        var byteBudget = InputBudget.standard.textBytes
        if !fits(root, budget: &countBudget, bytes: &byteBudget, depth: 0) {
            if byteBudget < 0 {
                throw DocumentError(file: file, line: 1, "the YAML expands to more than \(FileIO.grouped(InputBudget.standard.textBytes)) bytes of text (aliases count once per use; \(InputBudget.hint("GRIDRENDER_MAX_TEXT_BYTES")))")
            }
            throw DocumentError(file: file, line: 1, "the YAML expands to more than \(maxNodes) values")
        }
        var budget = maxNodes
        return try convert(root, file: file, depth: 0, budget: &budget, limit: maxNodes)
    }

    static func convert(_ error: YamlError, file: String?) -> DocumentError {
        func oneLine(_ s: String) -> String {
            s.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).joined(separator: " ")
        }
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            if problem.hasPrefix("Maximum nesting level reached") {
                // libyaml's own limit (1,000 levels), met before the tree is built.
                return DocumentError(file: file, line: mark.line, "nesting deeper than \(maxDepth) levels")
            }
            var message = "invalid YAML: " + oneLine(problem)
            if let context { message += " (\(oneLine(context.text)) on line \(context.mark.line))" }
            return DocumentError(file: file, line: mark.line, message)
        case .reader(let problem, _, _, _):
            return DocumentError(file: file, "invalid YAML: " + oneLine(problem))
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "`\($0)`" }.joined(separator: ", ")
            let line = duplicates.first.map { repeatLine(of: $0, after: context.mark, in: context.text) } ?? context.mark.line
            return DocumentError(file: file, line: line, "duplicate key \(keys)")
        default:
            return DocumentError(file: file, "invalid YAML: " + oneLine(String(describing: error)))
        }
    }

    /// Yams reports where a duplicated key first appears; the error is more useful on the line
    /// that repeats it: the next line holding the same key at the same column (block style).
    static func repeatLine(of key: String, after mark: Mark, in text: String) -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard mark.line >= 1, mark.line <= lines.count else { return mark.line }
        let indent = mark.column - 1
        for i in mark.line..<lines.count {
            let l = Array(lines[i].unicodeScalars)
            guard l.count > indent else { continue }
            let rest = String(String.UnicodeScalarView(l[indent...]))
            if (indent == 0 || l[..<indent].allSatisfy({ $0 == " " || $0 == "-" })),
               rest.hasPrefix(key + ":") || rest.hasPrefix("\"\(key)\":") || rest.hasPrefix("'\(key)':") {
                return i + 1
            }
        }
        return mark.line
    }

    private static func convert(_ node: Yams.Node, file: String?, depth: Int, budget: inout Int, limit: Int) throws(DocumentError) -> Node {
        let line = node.mark?.line ?? 1
        budget -= 1
        if budget < 0 { throw DocumentError(file: file, line: line, "the YAML expands to more than \(limit) values") }
        if depth > maxDepth { throw DocumentError(file: file, line: line, "nesting deeper than \(maxDepth) levels") }
        switch node {
        case .scalar(let scalar):
            return Node(scalarValue(scalar), line: line)
        case .sequence(let sequence):
            var elements: [Node] = []
            elements.reserveCapacity(sequence.count)
            for element in sequence {
                elements.append(try convert(element, file: file, depth: depth + 1, budget: &budget, limit: limit))
            }
            return Node(.array(elements), line: line)
        case .mapping(let mapping):
            var members: [Node.Member] = []
            var merged: [Node.Member] = []
            for (key, value) in mapping {
                let keyLine = key.mark?.line ?? line
                if case .scalar(let k) = key, k.string == "<<", k.style == .plain || k.style == .any {
                    // Merge key: the mapping (or list of mappings) supplies defaults.
                    let source = try convert(value, file: file, depth: depth + 1, budget: &budget, limit: limit)
                    var sources: [Node] = []
                    if case .array(let list) = source.value { sources = list } else { sources = [source] }
                    for s in sources {
                        guard case .object(let ms) = s.value else {
                            throw DocumentError(file: file, line: keyLine, "`<<` merge needs a mapping or a list of mappings")
                        }
                        for m in ms where !merged.contains(where: { $0.key == m.key }) { merged.append(m) }
                    }
                    continue
                }
                guard case .scalar(let keyScalar) = key else {
                    throw DocumentError(file: file, line: keyLine, "mapping keys must be plain strings")
                }
                let converted = try convert(value, file: file, depth: depth + 1, budget: &budget, limit: limit)
                members.append(Node.Member(key: keyScalar.string, line: keyLine, value: converted))
            }
            for m in merged where !members.contains(where: { $0.key == m.key }) { members.append(m) }
            return Node(.object(members), line: line)
        case .alias:
            // Yams resolves aliases while composing; an unresolved one is an error.
            throw DocumentError(file: file, line: line, "unresolved YAML alias")
        }
    }

    /// Whether the expanded tree has at most `budget` values; stops counting past it (and past
    /// the depth limit, which `convert` then reports with its line).
    private static func fits(_ node: Yams.Node, budget: inout Int, bytes: inout Int, depth: Int) -> Bool {
        budget -= 1
        if budget < 0 { return false }
        if depth > maxDepth { return true }
        switch node {
        case .scalar(let scalar):
            bytes -= scalar.string.utf8.count
            return bytes >= 0
        case .alias: return true
        case .sequence(let sequence):
            for element in sequence where !fits(element, budget: &budget, bytes: &bytes, depth: depth + 1) { return false }
            return true
        case .mapping(let mapping):
            for (key, value) in mapping {
                if !fits(key, budget: &budget, bytes: &bytes, depth: depth + 1) { return false }
                if !fits(value, budget: &budget, bytes: &bytes, depth: depth + 1) { return false }
            }
            return true
        }
    }

    private static func scalarValue(_ scalar: Yams.Node.Scalar) -> Node.Value {
        // Quoted and block scalars are always strings; plain ones are resolved by the YAML 1.1
        // core schema Yams implements (null, bool, int, float).
        guard scalar.style == .plain || scalar.style == .any else { return .string(scalar.string) }
        let node = Yams.Node.scalar(scalar)
        switch Resolver.default.resolveTag(of: node).rawValue {
        case Tag.Name.null.rawValue: return .null
        case Tag.Name.bool.rawValue: if let b = node.bool { return .bool(b) }
        case Tag.Name.int.rawValue: if let i = node.int { return .number(Double(i), text: scalar.string) }
            if let f = node.float { return .number(f, text: scalar.string) }
        case Tag.Name.float.rawValue: if let f = node.float { return .number(f, text: scalar.string) }
        default: break
        }
        return .string(scalar.string)
    }
}
