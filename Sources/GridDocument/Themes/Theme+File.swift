/// Reading a theme file (what `gridrender themes --show NAME > my.json` writes) into a value.
extension Theme {
    /// The theme in the JSON or YAML file at `path`, with its `extends` chain resolved; named
    /// after the file (`brand.json` → `brand`). Relative paths resolve against the working
    /// directory; an `extends` inside the file resolves against the file's directory.
    package static func read(path: String) throws(DocumentError) -> Theme {
        guard FileIO.exists(path) else {
            throw DocumentError(file: path, "cannot read the theme file: no such file")
        }
        let node = try Document.parseTree(path: path, displayName: path)
        let override = try NodeDecoder(file: path).themeOverride(node, "")
        let resolved = try ResolvedTheme.resolve(override: override, base: FileIO.directory(of: path), depth: 0,
                                                 errorFile: path, line: node["extends"]?.line, keyPath: "extends")
        let stem = path.split(separator: "/").last.map { $0.split(separator: ".").first.map(String.init) ?? String($0) } ?? path
        return Theme(name: override.name ?? stem, styles: resolved.styles, gridLines: resolved.gridLines,
                     background: resolved.background)
    }
}
