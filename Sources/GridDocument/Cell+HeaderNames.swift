extension Document.Cell {
    /// The cell as the text it was written as: numbers keep their original spelling, images
    /// their path, swatches their hex colour. Used where a cell names something (a column key
    /// taken from a header row) or is compared as text (sorting).
    var plainText: String {
        switch value {
        case .empty: return ""
        case .text(let s): return s
        case .number(_, let t): return t
        case .bool(let b): return b ? "true" : "false"
        case .image(let p, _): return p
        case .swatch(let c): return c.hexString
        }
    }
}

extension Document.Column {
    /// Columns keyed by a header row's cells (as text). A missing, empty or repeated name keys
    /// the column by its 1-based number instead, so every key is unique and `styles.columns`
    /// stays unambiguous; the header still shows what the row said.
    static func named(by header: [Document.Cell], count: Int) -> [Document.Column] {
        var seen = Set<String>()
        return (0..<count).map { i in
            let name = i < header.count ? header[i].plainText : "\(i + 1)"
            guard name.isEmpty || !seen.insert(name).inserted else { return Document.Column(key: name) }
            let number = "\(i + 1)"
            seen.insert(number)
            return Document.Column(key: number, title: name)
        }
    }
}
