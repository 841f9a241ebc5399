/// A bad input, reported as one line naming the file, the line (where known) and the key path:
/// `people.json:12: columns[2].width: expected a number, "auto" or an object, found "wide"`.
/// The CLI prefixes `error: ` and exits with code 2.
package struct DocumentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The input file as the user named it (`-` for standard input); nil for documents built in code.
    package var file: String?
    /// 1-based line in `file`, where known.
    package var line: Int?
    /// Where in the document, as `columns[2].width`; nil or empty for the document as a whole.
    package var keyPath: String?
    package var message: String

    package init(file: String? = nil, line: Int? = nil, keyPath: String? = nil, _ message: String) {
        self.file = file; self.line = line; self.keyPath = keyPath; self.message = message
    }

    /// One line: control characters in the file name, key path or message are escaped
    /// (`Echo.escaped`), so echoed user text cannot split it or reach the terminal raw.
    package var description: String {
        var location = Echo.escaped(file ?? "<document>")
        if let line { location += ":\(line)" }
        if let keyPath, !keyPath.isEmpty { return "\(location): \(Echo.short(keyPath, limit: 200)): \(Echo.escaped(message))" }
        return "\(location): \(Echo.escaped(message))"
    }
}
