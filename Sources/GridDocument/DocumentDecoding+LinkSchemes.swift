extension NodeDecoder {
    /// `linkSchemes`: an array of scheme names (`["ftp", "tel"]`), each checked and lower-cased,
    /// so a typo (`"java script"`, `"https:"`) is an error instead of a scheme that never matches.
    func linkSchemes(_ node: Node, _ path: String) throws(DocumentError) -> [String] {
        var names: [String] = []
        for (i, n) in try array(node, path).enumerated() {
            let at = KeyPathText.index(path, i)
            let name = try string(n, at)
            guard LinkPolicy.isSchemeName(name) else {
                throw error(n, at, "expected a URL scheme name (a letter, then letters, digits, +, - or .; no colon), found \"\(Echo.short(name))\"")
            }
            names.append(name.lowercased())
        }
        return names
    }
}
