/// The output file formats. The format of a file comes from its extension (DESIGN.md §5 Contract).
public enum OutputFormat: String, Sendable, Hashable, CaseIterable {
    case png, svg, pdf

    /// `png`, `svg` or `pdf`, case-insensitive, with or without the dot.
    public init?(pathExtension: String) {
        let ext = pathExtension.hasPrefix(".") ? String(pathExtension.dropFirst()) : pathExtension
        self.init(rawValue: ext.lowercased())
    }

    /// The format of `path` from its extension, or nil when it has none of the three.
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        self.init(pathExtension: String(name[name.index(after: dot)...]))
    }
}
