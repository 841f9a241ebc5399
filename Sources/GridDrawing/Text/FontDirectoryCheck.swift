#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridDocument

/// What a pinned font directory must be before fontconfig is pointed at it: a directory (a
/// file made fontconfig fail without a reason) holding at least one font file (an empty one
/// gave every text the fallback with no error), and nothing fontconfig would block on. Bad
/// input: exit 2 with the option named.
///
/// fontconfig scans the whole tree, following symbolic links, and opens every entry that is
/// not a directory to ask FreeType what it is: a named pipe anywhere in the tree (whatever its
/// name, nested, or behind a symbolic link) made it block forever, and a device would be read
/// without end. So the tree is walked first, the way fontconfig walks it, and any entry that
/// is not a regular file or a directory (or a link to one) is refused with its path. Only
/// names and `stat` are read, never a file's content, so the walk itself cannot block.
enum FontDirectoryCheck {
    static let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "otc", "pfb", "pfa", "woff", "woff2", "pcf"]
    /// Entries walked at most: a larger tree is refused rather than scanned (fontconfig would
    /// open every one of them on every run).
    static let maxEntries = 100_000
    /// Directory levels walked at most.
    static let maxDepth = 32

    /// Why `directory` cannot serve as the pinned font directory; nil when it can.
    static func problem(_ directory: String) -> String? {
        if let problem = SafeOpen.directoryProblem(directory) {
            return problem == SafeOpen.reason(ENOENT) ? "not found (no such directory)" : problem
        }
        var walk = Walk(root: directory)
        if let problem = walk.visit(directory, relative: "", depth: 0) { return problem }
        return walk.foundFont ? nil : "no fonts found (no font files: .ttf, .otf or .ttc)"
    }

    /// The bad-input error for a `--font-dir` that cannot serve (exit 2), or nil when it can.
    static func error(_ directory: String) -> RenderError? {
        problem(directory).map { RenderError("--font-dir \(directory): unusable font directory: \($0)", badInput: true) }
    }

    /// One walk of a font tree: what it found and where it has been.
    private struct Walk {
        let root: String
        var foundFont = false
        var entries = 0
        /// Directories already walked, by device and inode: a link back up the tree is walked once.
        var visited: Set<[UInt64]> = []

        init(root: String) { self.root = root }

        /// Walks `directory` (`relative` to the root, for messages); the first problem found.
        mutating func visit(_ directory: String, relative: String, depth: Int) -> String? {
            var st = stat()
            guard PathBytes.withCString(directory, { stat($0, &st) }) == 0 else { return nil }
            guard visited.insert([UInt64(st.st_dev), UInt64(st.st_ino)]).inserted else { return nil }
            guard depth <= FontDirectoryCheck.maxDepth else {
                return "\(relative) is more than \(FontDirectoryCheck.maxDepth) folders deep"
            }
            guard let list = PathBytes.entries(of: directory) else { return nil }
            var subdirectories: [(String, String)] = []
            for (name, _) in list {
                entries += 1
                if entries > FontDirectoryCheck.maxEntries {
                    return "more than \(FileIO.grouped(FontDirectoryCheck.maxEntries)) entries (choose a folder holding only the fonts)"
                }
                let full = directory.hasSuffix("/") ? directory + name : directory + "/" + name
                let shown = relative.isEmpty ? name : relative + "/" + name
                var target = stat()
                // Followed, as fontconfig follows it; a dangling link is skipped by fontconfig too.
                guard PathBytes.withCString(full, { stat($0, &target) }) == 0 else { continue }
                switch target.st_mode & S_IFMT {
                case S_IFDIR:
                    subdirectories.append((full, shown))
                case S_IFREG:
                    if let dot = name.lastIndex(of: "."), FontDirectoryCheck.fontExtensions.contains(name[name.index(after: dot)...].lowercased()) {
                        foundFont = true
                    }
                default:
                    let what = SafeOpen.fileProblem(full) ?? "it is not a regular file"
                    return "\(shown): \(what) (fontconfig would block or read it without end; remove it from the folder)"
                }
            }
            for (full, shown) in subdirectories {
                if let problem = visit(full, relative: shown, depth: depth + 1) { return problem }
            }
            return nil
        }
    }
}
