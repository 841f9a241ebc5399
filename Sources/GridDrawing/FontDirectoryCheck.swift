#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridDocument

/// What a pinned font directory must be before fontconfig is pointed at it: a directory (a
/// named pipe there made fontconfig block, a file made it fail without a reason) holding at
/// least one font file (an empty one gave every text the fallback with no error). Bad input:
/// exit 2 with the option named.
enum FontDirectoryCheck {
    static let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "otc", "pfb", "pfa", "woff", "woff2", "pcf"]

    /// Why `directory` cannot serve as the pinned font directory; nil when it can.
    static func problem(_ directory: String) -> String? {
        if let problem = SafeOpen.directoryProblem(directory) {
            return problem == SafeOpen.reason(ENOENT) ? "not found (no such directory)" : problem
        }
        return containsFont(directory, depth: 0) ? nil : "no fonts found (no font files: .ttf, .otf or .ttc)"
    }

    /// The bad-input error for a `--font-dir` that cannot serve (exit 2), or nil when it can.
    static func error(_ directory: String) -> RenderError? {
        problem(directory).map { RenderError("--font-dir \(directory): unusable font directory: \($0)", badInput: true) }
    }

    /// Whether a font file is in `directory` or its subdirectories (fontconfig scans those too),
    /// at most 4 levels down; only names are read, never a file's content.
    private static func containsFont(_ directory: String, depth: Int) -> Bool {
        guard depth <= 4, let entries = PathBytes.entries(of: directory) else { return false }
        var subdirectories: [String] = []
        for (name, type) in entries {
            if let dot = name.lastIndex(of: "."), fontExtensions.contains(name[name.index(after: dot)...].lowercased()) { return true }
            if type == S_IFDIR || type == S_IFLNK { subdirectories.append(directory + "/" + name) }
        }
        return subdirectories.contains { containsFont($0, depth: depth + 1) }
    }
}
