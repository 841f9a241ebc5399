/// Turns a document's `theme` (preset name, theme file, or inline `{"extends": …}`) and an
/// optional CLI `--theme` override into concrete styles, grid lines and background.
struct ResolvedTheme {
    var styles: StyleSheet
    var gridLines: GridLines
    var background: Color?
    /// The theme files read to resolve it (the file and every file it `extends`).
    var files: [String] = []

    init(styles: StyleSheet = StyleSheet(), gridLines: GridLines = GridLines(), background: Color? = nil) {
        self.styles = styles; self.gridLines = gridLines; self.background = background
    }

    init(_ theme: Theme) { self.init(styles: theme.styles, gridLines: theme.gridLines, background: theme.background) }

    static var defaultName: String { Theme.default.name }
    static let maxExtendsDepth = 8

    func applying(_ o: Document.ThemeOverride) -> ResolvedTheme {
        var theme = ResolvedTheme(styles: StyleSheet.documentLayered(o.styles, over: styles),
                                  gridLines: o.gridLines.applied(to: gridLines),
                                  background: o.background ?? background)
        theme.files = files
        return theme
    }

    /// The default theme (its counterpart for `appearance`); an empty one if the presets lack it.
    static func fallback(_ appearance: Appearance? = nil) -> ResolvedTheme {
        Theme.named(defaultName).map { ResolvedTheme(appearance.map($0.matching) ?? $0) } ?? ResolvedTheme()
    }

    static func unknownThemeMessage(_ name: String) -> String {
        let names = Theme.presets.map(\.name)
        var message = "unknown theme \"\(Echo.short(name))\""
        if let s = EditDistance.suggestion(for: name, among: names) { message += " (did you mean \"\(s)\"?)" }
        return message + "; known themes: " + names.joined(separator: ", ")
    }

    /// Resolves a preset name or a theme file. `base` is the directory relative paths resolve
    /// against. With an `appearance`, a preset (also one a file extends) is swapped for its
    /// counterpart made for that appearance (`Theme.matching`).
    static func resolve(nameOrPath: String, base: String, depth: Int, errorFile: String?, line: Int?, keyPath: String,
                        appearance: Appearance? = nil) throws(DocumentError) -> ResolvedTheme {
        if !NodeDecoder.looksLikeThemeFile(nameOrPath) {
            guard let theme = Theme.named(nameOrPath) else {
                throw DocumentError(file: errorFile, line: line, keyPath: keyPath, unknownThemeMessage(nameOrPath))
            }
            return ResolvedTheme(appearance.map(theme.matching) ?? theme)
        }
        let path = FileIO.resolve(nameOrPath, against: base)
        guard FileIO.exists(path) else {
            throw DocumentError(file: errorFile, line: line, keyPath: keyPath, "cannot read the theme file \"\(path)\": no such file")
        }
        let node = try Document.parseTree(path: path, displayName: path)
        let override = try NodeDecoder(file: path).themeOverride(node, "")
        // `depth` counts theme files: this one is level `depth`, what it extends `depth + 1`.
        var theme = try resolve(override: override, base: FileIO.directory(of: path), depth: depth,
                                errorFile: path, line: node["extends"]?.line, keyPath: "extends", appearance: appearance)
        theme.files.append(path)
        return theme
    }

    static func resolve(override o: Document.ThemeOverride, base: String, depth: Int, errorFile: String?, line: Int?, keyPath: String,
                        appearance: Appearance? = nil) throws(DocumentError) -> ResolvedTheme {
        // Theme files are levels 0, 1, …: a chain of `maxExtendsDepth` files is accepted.
        guard depth < maxExtendsDepth else {
            throw DocumentError(file: errorFile, line: line, keyPath: keyPath, "themes extend each other more than \(maxExtendsDepth) levels deep (a cycle?)")
        }
        let lower: ResolvedTheme
        if let parent = o.extends {
            lower = try resolve(nameOrPath: parent, base: base, depth: depth + 1, errorFile: errorFile, line: line, keyPath: keyPath,
                                appearance: appearance)
        } else {
            lower = fallback(appearance)
        }
        return lower.applying(o)
    }
}

extension Document {
    /// The theme this document uses, with `override` (the CLI's `--theme`, a name or a file path
    /// relative to the working directory) replacing the document's own `theme`, made for the
    /// document's appearance (`effectiveAppearance`).
    func resolveTheme(override: String?) throws(DocumentError) -> ResolvedTheme {
        let appearance = effectiveAppearance
        if let override {
            return try ResolvedTheme.resolve(nameOrPath: override, base: ".", depth: 0, errorFile: file, line: nil, keyPath: "--theme",
                                             appearance: appearance)
        }
        let line = sourceLines["theme"]
        switch theme {
        case nil:
            return ResolvedTheme.fallback(appearance)
        case .named(let name):
            return try ResolvedTheme.resolve(nameOrPath: name, base: baseDirectory, depth: 0, errorFile: file, line: line, keyPath: "theme",
                                             appearance: appearance)
        case .file(let path):
            return try ResolvedTheme.resolve(nameOrPath: path, base: baseDirectory, depth: 0, errorFile: file, line: line, keyPath: "theme",
                                             appearance: appearance)
        case .theme(let value):
            return ResolvedTheme(value)
        case .inline(let o):
            // An inline theme is no file: what it extends is level 0.
            return try ResolvedTheme.resolve(override: o, base: baseDirectory, depth: -1, errorFile: file, line: line, keyPath: "theme.extends",
                                             appearance: appearance)
        }
    }

    /// `appearance` when set; else the appearance an explicit opaque `canvas.background` calls
    /// for; else none (the theme as named).
    var effectiveAppearance: Appearance? {
        if let appearance { return appearance }
        guard let background = canvas.background, background.isOpaque else { return nil }
        return Appearance(background: background)
    }
}
