/// Small typed accessors over `Node` used by the document decoder.
///
/// Every failure becomes a `DocumentError` carrying the file, the line of the offending value
/// and its key path (`columns[2].width`), so bad input is always reported as one precise line.
struct NodeDecoder {
    let file: String?
    /// Collects the image cells met while decoding, so `prepare` can check the files exist
    /// and point at the line that names a missing one.
    let images = ImageCollector()
    /// The text bytes decoded so far, against the cell and document text budgets.
    let text: TextTally

    init(file: String?, budget: InputBudget = .standard) { self.file = file; self.text = TextTally(budget: budget) }

    /// Counts one string's bytes against the text budgets (a 100 MB cell is refused here, with
    /// its key path, instead of reaching Pango).
    func counted(_ s: String, _ node: Node, _ path: String) throws(DocumentError) -> String {
        if let problem = text.add(s.utf8.count) { throw error(node, path, problem) }
        return s.withVisibleNUL
    }

    func error(_ node: Node?, _ path: String, _ message: String) -> DocumentError {
        DocumentError(file: file, line: node?.line, keyPath: path, message)
    }

    func typeError(_ node: Node, _ path: String, expected: String) -> DocumentError {
        error(node, path, "expected \(expected), found \(node.summary)")
    }

    /// Opens an object and rejects keys outside `allowed`, suggesting the nearest allowed one.
    func object(_ node: Node, _ path: String, allowed: [String]) throws(DocumentError) -> ObjectReader {
        guard case .object(let members) = node.value else { throw typeError(node, path, expected: "an object") }
        for member in members where !allowed.contains(member.key) {
            var message = "unknown key `\(Echo.short(member.key))`"
            if let s = EditDistance.suggestion(for: member.key, among: allowed) { message += "; did you mean `\(s)`?" }
            else { message += "; expected one of " + allowed.map { "`\($0)`" }.joined(separator: ", ") }
            throw DocumentError(file: file, line: member.line, keyPath: path, message)
        }
        return ObjectReader(node: node, members: members, path: path)
    }

    /// Any finite number not too close to 0 (`NumericRange.value`: data values compared by
    /// conditions); goes through the one gate below like every other number.
    func number(_ node: Node, _ path: String) throws(DocumentError) -> Double {
        try number(node, path, .value)
    }

    /// The one gate every numeric key of a document passes: a number inside one of the ranges
    /// of `NumericRange` (the one table of numeric ranges), finite, and never a subnormal or
    /// other nonzero number too small to divide by (4e-320 overflowed a stretch share).
    func number(_ node: Node, _ path: String, _ range: NumericRange) throws(DocumentError) -> Double {
        guard case .number(let v, let text) = node.value else { throw typeError(node, path, expected: "a number") }
        guard v.isFinite else { throw error(node, path, "expected a finite number, found \(text)") }
        if v != 0, abs(v) < range.smallestNonzero {
            throw error(node, path, "expected \(range.expectation) (0 or at least \(range.smallestNonzero) in size), found \(node.summary)")
        }
        guard range.contains(v) else { throw error(node, path, "expected \(range.expectation), found \(node.summary)") }
        return v
    }

    /// A length in points: finite, not negative, at most `NumericRange.length`.
    func length(_ node: Node, _ path: String) throws(DocumentError) -> Double {
        _ = try nonNegative(node, path)
        return try number(node, path, .length)
    }

    /// A finite number ≥ 0 ("expected a length ≥ 0" otherwise).
    func nonNegative(_ node: Node, _ path: String) throws(DocumentError) -> Double {
        let v = try number(node, path)
        guard v >= 0 else { throw error(node, path, "expected a length ≥ 0, found \(node.summary)") }
        return try number(node, path, .canvasSide)
    }

    /// A number in a closed range (`lowerOpen` excludes the lower bound: 0 < s ≤ 16).
    func number(_ node: Node, _ path: String, in range: ClosedRange<Double>, lowerOpen: Bool = false) throws(DocumentError) -> Double {
        let v = try number(node, path)
        let low = lowerOpen ? v > range.lowerBound : v >= range.lowerBound
        guard low, v <= range.upperBound else {
            let lower = lowerOpen ? "greater than \(format(range.lowerBound))" : "at least \(format(range.lowerBound))"
            throw error(node, path, "expected a number \(lower) and at most \(format(range.upperBound)), found \(node.summary)")
        }
        return try number(node, path, NumericRange(lower: range.lowerBound, upper: range.upperBound, lowerOpen: lowerOpen, noun: "a number"))
    }

    /// A count or index: a whole number from `min` to `NumericRange.count`'s upper bound.
    func integer(_ node: Node, _ path: String, min: Int = 0, max: Double = NumericRange.count.upper) throws(DocumentError) -> Int {
        guard case .number(let v, _) = node.value, v.isFinite, v == v.rounded(), abs(v) < 1e15 else {
            throw typeError(node, path, expected: min >= 0 ? "a whole number ≥ \(min)" : "a whole number")
        }
        guard Int(v) >= min else { throw error(node, path, "expected a whole number ≥ \(min), found \(node.summary)") }
        guard v <= max else {
            throw error(node, path, "expected a whole number from \(min) to \(NumericRange.text(max)), found \(node.summary)")
        }
        return Int(try number(node, path, NumericRange(lower: Double(min), upper: max, noun: "a whole number", integral: true)))
    }

    func bool(_ node: Node, _ path: String) throws(DocumentError) -> Bool {
        guard case .bool(let b) = node.value else { throw typeError(node, path, expected: "true or false") }
        return b
    }

    func string(_ node: Node, _ path: String) throws(DocumentError) -> String {
        guard case .string(let s) = node.value else { throw typeError(node, path, expected: "a string") }
        return try counted(s, node, path)
    }

    func array(_ node: Node, _ path: String) throws(DocumentError) -> [Node] {
        guard case .array(let a) = node.value else { throw typeError(node, path, expected: "an array") }
        return a
    }

    /// One of a fixed set of words, e.g. `"left"`, `"center"`, `"right"`.
    func enumeration<T: RawRepresentable & CaseIterable>(_ node: Node, _ path: String, _ type: T.Type) throws(DocumentError) -> T where T.RawValue == String {
        let names = T.allCases.map(\.rawValue)
        let expected = Self.list(names.map { "\"\($0)\"" })
        guard case .string(let s) = node.value else { throw typeError(node, path, expected: expected) }
        if let v = T(rawValue: s) { return v }
        var message = "expected \(expected), found \(node.summary)"
        if let suggestion = EditDistance.suggestion(for: s, among: names) { message += "; did you mean \"\(suggestion)\"?" }
        throw error(node, path, message)
    }

    func color(_ node: Node, _ path: String) throws(DocumentError) -> Color {
        if case .null = node.value {
            // `background: #fff` in YAML is a comment, leaving null: say so.
            throw error(node, path, "expected a colour string such as \"#1f2937\", found null (in YAML, quote colours: \"#fff\")")
        }
        guard case .string(let s) = node.value else { throw typeError(node, path, expected: "a colour string such as \"#1f2937\"") }
        guard let c = Color(css: s) else {
            throw error(node, path, "invalid colour \(node.summary); expected #rgb, #rrggbb, #rrggbbaa, rgb(…), rgba(…), a CSS colour name or \"transparent\"")
        }
        return c
    }

    /// "a", "a or b", "a, b or c".
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + items.last!
    }

    func format(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
}

/// An object whose keys were checked; hands out members with their key paths.
struct ObjectReader {
    let node: Node
    let members: [Node.Member]
    let path: String

    subscript(key: String) -> Node? { members.first { $0.key == key }?.value }
    func has(_ key: String) -> Bool { members.contains { $0.key == key } }
    /// The key path of a member: `canvas.width`, or `width` at the root.
    func path(_ key: String) -> String { KeyPathText.child(path, key) }
    var keys: [String] { members.map(\.key) }
}

/// Builds the `columns[2].width` paths used in error messages.
enum KeyPathText {
    static func child(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }
    static func index(_ path: String, _ i: Int) -> String { path + "[\(i)]" }
}

/// A reference type so the value-typed decoder can gather image references as it goes.
final class ImageCollector {
    var references: [Document.ImageReference] = []
}
