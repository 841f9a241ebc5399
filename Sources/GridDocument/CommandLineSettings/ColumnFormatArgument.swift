/// `--format KEY=SPEC`: a column's `format` without a document. `SPEC` is the JSON of the
/// column's `format` value (`{"number": {"decimals": 2}}`), or a comma list of the number
/// format's keys, `name` (a true flag) or `name:value` (`decimals:2,grouping,prefix:$`), plus
/// `missing:TEXT` and `date:PATTERN` (`format.date.output`). Both forms are decoded by the
/// document decoder, so they accept and refuse exactly what a document's `format` does.
package struct ColumnFormatArgument: Sendable, Hashable {
    /// The column's key (or title), as `--sort` takes it.
    package var key: String
    package var format: CellFormat

    /// The number format's keys by the type of their value (docs/FORMAT.md, NumberFormat).
    static let flags = ["grouping", "percent"]
    static let numbers = ["decimals", "scale"]
    static let texts = ["prefix", "suffix", "notation", "negative", "decimalSeparator", "groupSeparator"]
    /// Keys of the comma list outside `format.number`.
    static let outer = ["missing", "date"]
    static var names: [String] { flags + numbers + texts + outer }

    /// Parses `KEY=SPEC`; a bad one is an error whose key path starts `--format KEY`.
    package init(parsing text: String) throws(DocumentError) {
        guard let (key, spec) = ArgumentText.keyValue(text) else {
            throw DocumentError(keyPath: "--format", "expected png, svg, pdf or KEY=SPEC (a column's format), found \"\(Echo.short(text))\"")
        }
        let path = "--format \(key)"
        let node: Node
        if ArgumentText.trimmed(spec).hasPrefix("{") {
            do { node = try NodeJSONParser.parse(Array(spec.utf8), file: nil) } catch {
                throw DocumentError(keyPath: path, "the format is not valid JSON: \(error.message)")
            }
        } else {
            node = try Self.node(commaList: spec, path: path)
        }
        self.key = key
        self.format = try NodeDecoder(file: nil).cellFormat(node, path)
    }

    /// The comma list as the `format` object a document would hold.
    static func node(commaList spec: String, path: String) throws(DocumentError) -> Node {
        func value(_ v: Node.Value) -> Node { Node(v, line: 0) }
        var number: [Node.Member] = [], others: [Node.Member] = []
        let items = spec.split(separator: ",", omittingEmptySubsequences: false)
        guard !ArgumentText.trimmed(spec).isEmpty else {
            throw DocumentError(keyPath: path, "expected a format after =: JSON or a comma list such as decimals:2,grouping")
        }
        for item in items {
            let colon = item.firstIndex(of: ":")
            let name = ArgumentText.trimmed(colon.map { item[..<$0] } ?? item[...])
            let given = colon.map { String(item[item.index(after: $0)...]) }
            guard names.contains(name) else {
                var message = name.isEmpty ? "an empty item in the list" : "unknown format key `\(Echo.short(name))`"
                if let s = EditDistance.suggestion(for: name, among: names), !name.isEmpty { message += "; did you mean `\(s)`?" }
                else { message += "; expected " + names.map { "`\($0)`" }.joined(separator: ", ") }
                throw DocumentError(keyPath: path, message)
            }
            let v: Node
            if flags.contains(name) {
                switch given.map({ ArgumentText.trimmed($0).lowercased() }) {
                case nil, "true", "yes": v = value(.bool(true))
                case "false", "no": v = value(.bool(false))
                case let other?: throw DocumentError(keyPath: "\(path).\(name)", "expected true or false, found \"\(Echo.short(other))\"")
                }
            } else {
                guard let given else { throw DocumentError(keyPath: "\(path).\(name)", "needs a value: \(name):VALUE") }
                if numbers.contains(name) {
                    let text = ArgumentText.trimmed(given)
                    guard let d = Double(text) else { throw DocumentError(keyPath: "\(path).\(name)", "expected a number, found \"\(Echo.short(text))\"") }
                    v = value(.number(d, text: text))
                } else if name == "date" {
                    v = value(.object([Node.Member(key: "output", line: 0, value: value(.string(given)))]))
                } else {
                    v = value(.string(given))
                }
            }
            let member = Node.Member(key: name, line: 0, value: v)
            if outer.contains(name) { others.append(member) } else { number.append(member) }
            // A key given twice is an error, as in a document.
            if (number + others).filter({ $0.key == name }).count > 1 {
                throw DocumentError(keyPath: path, "`\(name)` is given twice")
            }
        }
        let members = (number.isEmpty ? [] : [Node.Member(key: "number", line: 0, value: value(.object(number)))]) + others
        return value(.object(members))
    }
}
