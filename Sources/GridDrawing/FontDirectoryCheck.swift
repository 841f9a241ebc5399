#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridDocument

/// What a pinned font directory must be before fontconfig is pointed at it: a directory (a
/// named pipe there made fontconfig block, a file made it fail without a reason) holding at
/// least one font file (an empty one gave every text the fallback with no error), and, all the
/// way down, nothing but regular files and directories: fontconfig opens every entry it scans,
/// and a named pipe anywhere inside (nested, or behind a symbolic link) blocked it forever; a
/// device would be read. Only names and `stat(2)` are used here, never `open`. Bad input: exit 2
/// with the option and the offending entry named.
enum FontDirectoryCheck {
    static let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "otc", "pfb", "pfa", "woff", "woff2", "pcf"]
    /// How deep the walk goes, and how many entries it looks at, before refusing the tree.
    static let maxDepth = 16
    static let maxEntries = 200_000

    /// Why `directory` cannot serve as the pinned font directory; nil when it can.
    static func problem(_ directory: String) -> String? {
        if let problem = SafeOpen.directoryProblem(directory) {
            return problem == SafeOpen.reason(ENOENT) ? "not found (no such directory)" : problem
        }
        var walk = Walk()
        if let problem = walk.visit(directory, depth: 0) { return problem }
        return walk.sawFont ? nil : "no fonts found (no font files: .ttf, .otf or .ttc)"
    }

    /// The bad-input error for a `--font-dir` that cannot serve (exit 2), or nil when it can.
    static func error(_ directory: String) -> RenderError? {
        problem(directory).map { RenderError("--font-dir \(directory): unusable font directory: \($0)", badInput: true) }
    }

    /// One walk of the tree fontconfig will scan: symbolic links followed (as fontconfig does),
    /// each directory visited once (a link loop ends), every entry checked with `stat`.
    private struct Walk {
        var sawFont = false
        var entries = 0
        var visited: Set<[UInt64]> = []

        mutating func visit(_ directory: String, depth: Int) -> String? {
            var st = stat()
            guard PathBytes.withCString(directory, { stat($0, &st) }) == 0 else { return nil }
            guard visited.insert([UInt64(st.st_dev), UInt64(st.st_ino)]).inserted else { return nil }
            guard depth <= FontDirectoryCheck.maxDepth else {
                return "\(directory): folders nested more than \(FontDirectoryCheck.maxDepth) deep"
            }
            guard let list = PathBytes.entries(of: directory) else { return nil }
            for (name, _) in list {
                entries += 1
                guard entries <= FontDirectoryCheck.maxEntries else {
                    return "more than \(FileIO.grouped(FontDirectoryCheck.maxEntries)) entries"
                }
                let path = directory + "/" + name
                var target = stat()
                // A dangling link is skipped, as fontconfig skips it.
                guard PathBytes.withCString(path, { stat($0, &target) }) == 0 else { continue }
                switch target.st_mode & S_IFMT {
                case S_IFREG:
                    if let dot = name.lastIndex(of: "."), FontDirectoryCheck.fontExtensions.contains(name[name.index(after: dot)...].lowercased()) {
                        sawFont = true
                    }
                case S_IFDIR:
                    if let problem = visit(path, depth: depth + 1) { return problem }
                default:
                    return "\(path): \(FontDirectoryCheck.kind(target.st_mode)), not a font file or folder (fontconfig would block or read it)"
                }
            }
            return nil
        }
    }

    /// "a named pipe (FIFO)", "a device", "a socket".
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a named pipe (FIFO)"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }
}
