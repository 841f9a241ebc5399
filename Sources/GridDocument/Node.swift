/// A parsed JSON or YAML value that remembers where it came from.
///
/// Both input formats are mapped to this one tree so the decoder is written once, and every
/// error it reports can name the 1-based line of the offending value. Objects keep their keys
/// in document order because `records` infer columns in first-seen order.
package struct Node: Sendable, Hashable {
    package enum Value: Sendable, Hashable {
        case null
        case bool(Bool)
        /// The value and the text as written (`1.50` stays `1.50` when no format applies).
        case number(Double, text: String)
        case string(String)
        case array([Node])
        case object([Member])
    }

    /// One `key: value` pair of an object; `line` is where the key is written.
    package struct Member: Sendable, Hashable {
        package var key: String
        package var line: Int
        package var value: Node
        package init(key: String, line: Int, value: Node) { self.key = key; self.line = line; self.value = value }
    }

    package var value: Value
    /// 1-based line where the value starts.
    package var line: Int

    package init(_ value: Value, line: Int) { self.value = value; self.line = line }

    /// The member named `key`, if this is an object that has it.
    package subscript(key: String) -> Node? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// How the value reads in an error message: strings quoted, containers by kind.
    package var summary: String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(_, let text): return text
        case .string(let s):
            return "\"\(Echo.short(s, limit: 40))\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
