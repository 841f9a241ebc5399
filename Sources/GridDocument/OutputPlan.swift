#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every file and folder one run reads and writes, declared before anything is written and
/// checked at once (`check`): an output may not be an input, another output of the run, a page
/// file another output could write, or lie inside a folder the run only reads; folders the run
/// walks may not be nested in each other, nor hold (or sit in) a folder the run writes.
///
/// Paths are compared under any spelling: existing files by device and inode (hard links and
/// symbolic links included), and every path as the kernel reads it: its longest existing part
/// resolved through `realpath`, the rest with `.` and `..` removed (so `./x`, `x`, `d/../x`, a link
/// to the folder and `link/../x` all meet where the kernel would write). `render`, `compare` and
/// `accept` go through this one check.
package struct OutputPlan: Sendable {
    /// What a declared path is.
    enum Kind: Sendable {
        /// A file the run reads (a document, data file, image, theme, mask, compared image).
        case read
        /// A folder the run walks; `readOnly`: nothing may be written inside it.
        case readFolder(readOnly: Bool)
        /// A file the run writes.
        case write
        /// `x.png` written as pages `x-1.png`, `x-2.png` …: any `x-<digits>.png` beside it is taken.
        case pages
        /// A folder the run fills (a `--report` folder): nothing else may be inside it.
        case writeFolder
    }

    struct Entry: Sendable {
        var path: String
        var role: String
        var kind: Kind
        /// The absolute spelling of the path as the kernel resolves it (`names(_:)`).
        var names: Set<String>
        /// Device and inode of the existing file or folder, if any.
        var inode: Inode?
        /// For `.pages`: the inodes of the files already there under a page name.
        var pageInodes: Set<Inode> = []
    }

    struct Inode: Hashable, Sendable { var device: UInt64; var number: UInt64 }

    private var entries: [Entry] = []
    /// Folder listings read for page names, once per folder.
    private var listings: [String: [String]] = [:]

    package init() {}

    /// A file the run reads.
    package mutating func reads(_ path: String, as role: String) { add(path, role, .read) }
    /// A folder the run walks; with `readOnly` no output may be written inside it.
    package mutating func readsFolder(_ path: String, as role: String, readOnly: Bool = true) { add(path, role, .readFolder(readOnly: readOnly)) }
    /// A file the run writes.
    package mutating func writes(_ path: String, as role: String) { add(path, role, .write) }
    /// A paginated output: `path` itself is not written, `stem-N.ext` for every N ≥ 1 may be.
    package mutating func writesPages(_ path: String, as role: String) { add(path, role, .pages) }
    /// A folder the run writes files into.
    package mutating func writesFolder(_ path: String, as role: String) { add(path, role, .writeFolder) }

    /// `-` is declared like any name: `compare` takes it as a file in the working folder; only
    /// the caller knows when it means standard input (render's documents), and leaves it out.
    private mutating func add(_ path: String, _ role: String, _ kind: Kind) {
        guard !path.isEmpty else { return }
        var entry = Entry(path: path, role: role, kind: kind, names: Self.names(path), inode: Self.inode(path))
        if case .pages = kind { entry.pageInodes = existingPageInodes(entry) }
        entries.append(entry)
    }

    /// The first clash, as one line naming both paths and their roles; nil when the plan is safe.
    /// Only pairs that can clash are looked at (the same spelling or inode, a folder with any
    /// entry, page files with entries of their folder), so a batch of thousands of documents with
    /// their images is checked in about linear time.
    package func clash() -> String? {
        // `byPage["d\0x\0.png"]`: the entries named like a page of `d/x.png` (`d/x-7.png`).
        var byKey: [String: [Int]] = [:], byPage: [String: [Int]] = [:]
        var folders: [Int] = [], pages: [Int] = []
        for (i, e) in entries.enumerated() {
            for name in e.names {
                byKey[name, default: []].append(i)
                let (folder, last) = Self.parent(name)
                let (stem, ext) = Self.split(last)
                if let dash = stem.lastIndex(of: "-"), stem[stem.index(after: dash)...].allSatisfy({ ("0"..."9").contains($0) }),
                   stem.index(after: dash) != stem.endIndex {
                    byPage[Self.pageKey(folder, String(stem[..<dash]), ext), default: []].append(i)
                }
            }
            if let inode = e.inode { byKey["\u{0}\(inode.device):\(inode.number)", default: []].append(i) }
            if Self.isFolder(e) { folders.append(i) }
            if case .pages = e.kind { pages.append(i) }
        }
        var candidates = Set<Pair>()
        func add(_ i: Int, _ j: Int) { if i != j { candidates.insert(Pair(first: min(i, j), second: max(i, j))) } }
        for group in byKey.values where group.count > 1 {
            // Two reads never clash: only pairs with a written entry (a file shown by a thousand
            // documents costs a thousand looks, not a million).
            for i in group where !Self.isRead(entries[i]) { for j in group { add(i, j) } }
        }
        for f in folders { for j in entries.indices { add(f, j) } }
        for p in pages {
            for name in entries[p].names {
                let (folder, last) = Self.parent(name)
                let (stem, ext) = Self.split(last)
                for j in byPage[Self.pageKey(folder, stem, ext)] ?? [] { add(p, j) }
            }
            guard !entries[p].pageInodes.isEmpty else { continue }
            for (j, e) in entries.enumerated() where e.inode.map(entries[p].pageInodes.contains) == true { add(p, j) }
        }
        for pair in candidates.sorted(by: { ($0.first, $0.second) < ($1.first, $1.second) }) {
            let a = entries[pair.first], b = entries[pair.second]
            if let message = Self.clash(a, b) ?? Self.clash(b, a) { return message }
        }
        return nil
    }

    private struct Pair: Hashable { var first: Int; var second: Int }

    private static func pageKey(_ folder: String, _ stem: String, _ ext: String) -> String { folder + "\u{0}" + stem + "\u{0}" + ext }

    // MARK: - Rules

    /// The clash of `a` with `b`, looked at from `a`'s side (the caller tries both orders).
    private static func clash(_ a: Entry, _ b: Entry) -> String? {
        func show(_ e: Entry) -> String { "\(e.path) (\(e.role))" }
        switch (a.kind, b.kind) {
        case (.write, .read):
            if same(a, b) { return "\(show(a)) is the same file as \(b.path), which this run reads (\(b.role)); refusing to overwrite it (choose another output name)" }
        case (.write, .write):
            if same(a, b) { return "\(show(a)) and \(show(b)) would be the same file; refusing to write either (choose other output names)" }
        case (.pages, .read), (.pages, .write):
            if let name = pageFile(of: a, among: b) {
                return "\(show(b)) could be a page file of \(show(a)), written as \(pagePattern(a.path)); refusing the run (choose other names)\(name == b.path ? "" : " (\(name))")"
            }
        case (.pages, .pages):
            if same(a, b) {  // `a-1.png` paginated writes `a-1-1.png` …, never a page of `a.png`
                return "\(show(a)) and \(show(b)) would write the same page files (\(pagePattern(a.path))); refusing to write either"
            }
        case (.write, .readFolder(readOnly: true)), (.pages, .readFolder(readOnly: true)), (.writeFolder, .readFolder), (.read, .writeFolder),
             (.write, .writeFolder), (.pages, .writeFolder):
            if same(a, b) {
                return "\(show(a)) is \(show(b)) itself; refusing the run (keep the outputs apart from the folders)"
            }
            if inside(a, b) {
                return "\(show(a)) is inside \(show(b)); refusing the run (keep \(isFolder(a) ? "the folders apart" : "it outside that folder"))"
            }
            if case .writeFolder = a.kind, case .readFolder = b.kind, inside(b, a) {
                return "\(show(b)) is inside \(show(a)), which this run writes; refusing the run (keep the folders apart)"
            }
        case (.readFolder, .readFolder):
            if inside(a, b) { return "\(show(a)) is inside \(show(b)); folders nested in each other are refused (keep them apart)" }
        case (.writeFolder, .writeFolder):
            if same(a, b) || inside(a, b) { return "\(show(a)) and \(show(b)) would write into the same folder; refusing the run" }
        default: break
        }
        return nil
    }

    private static func isRead(_ e: Entry) -> Bool {
        switch e.kind { case .read, .readFolder: return true; default: return false }
    }

    private static func isFolder(_ e: Entry) -> Bool {
        switch e.kind { case .readFolder, .writeFolder: return true; default: return false }
    }

    /// The same file: one inode, or one absolute spelling.
    private static func same(_ a: Entry, _ b: Entry) -> Bool {
        if let x = a.inode, let y = b.inode, x == y { return true }
        return !a.names.isDisjoint(with: b.names)
    }

    /// `a` lies strictly inside folder `b`.
    private static func inside(_ a: Entry, _ b: Entry) -> Bool {
        a.names.contains { name in b.names.contains { folder in name.hasPrefix(folder == "/" ? "/" : folder + "/") && name != folder } }
    }

    /// `x-N.png` for `x.png`.
    private static func pagePattern(_ path: String) -> String {
        let (stem, ext) = split(PathBytes.lastComponent(path))
        return "\(stem)-1\(ext), \(stem)-2\(ext) …"
    }

    /// The name of `b` that is (or is linked to) a possible page file of the paginated output `a`.
    private static func pageFile(of a: Entry, among b: Entry) -> String? {
        for name in a.names {
            let (folder, last) = parent(name)
            let (stem, ext) = split(last)
            func matches(_ candidate: String) -> Bool { isPageName(candidate, stem: stem, ext: ext) }
            for other in b.names {
                let (otherFolder, otherLast) = parent(other)
                if otherFolder == folder && matches(otherLast) { return b.path }
            }
        }
        // An existing page file that is a hard link to (or the same file as) `b`.
        if let target = b.inode, a.pageInodes.contains(target) { return "an existing page file" }
        return nil
    }

    /// The inodes of files already in the folder of the paginated output `a` under a page name.
    private mutating func existingPageInodes(_ a: Entry) -> Set<Inode> {
        var found = Set<Inode>()
        for name in a.names {
            let (folder, last) = Self.parent(name)
            let (stem, ext) = Self.split(last)
            if listings[folder] == nil { listings[folder] = (PathBytes.entries(of: folder) ?? []).map(\.name) }
            for entry in listings[folder] ?? [] where Self.isPageName(entry, stem: stem, ext: ext) {
                if let number = Self.inode(folder + "/" + entry) { found.insert(number) }
            }
        }
        return found
    }

    /// `stem-<digits>ext`.
    private static func isPageName(_ candidate: String, stem: String, ext: String) -> Bool {
        guard candidate.hasPrefix(stem + "-"), candidate.hasSuffix(ext), candidate.count > stem.count + 1 + ext.count else { return false }
        let middle = candidate.dropFirst(stem.count + 1).dropLast(ext.count)
        return !middle.isEmpty && middle.allSatisfy { ("0"..."9").contains($0) }
    }

    // MARK: - Spellings

    /// `a/b/c.png` → ("a/b", "c.png").
    private static func parent(_ path: String) -> (String, String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    /// `c.tar.png` → ("c.tar", ".png"); no extension → (name, "").
    private static func split(_ name: String) -> (String, String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }

    /// The path as the kernel reads it: the longest existing part of the path *as written*
    /// resolved by `realpath` (so `link/..` is the folder above the link's target, not the folder
    /// holding the link), then the part not yet there with `.` and `..` removed lexically (the
    /// folders an output creates are real folders, never links).
    static func names(_ path: String) -> Set<String> {
        let raw = path.hasPrefix("/") ? path : PathBytes.absolute(".") + "/" + path
        var head = raw.split(separator: "/").map(String.init), tail: [String] = []
        while true {
            if let resolved = realPath("/" + head.joined(separator: "/")) {
                return [PathBytes.absolute(([resolved] + tail.reversed()).joined(separator: "/"))]
            }
            guard let last = head.popLast() else { return [PathBytes.absolute(path)] }
            tail.append(last)
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = PathBytes.withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return PathBytes.string(UnsafeBufferPointer(start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self), count: strlen(resolved)).map { $0 })
    }

    private static func inode(_ path: String) -> Inode? {
        var st = stat()
        guard PathBytes.withCString(path, { stat($0, &st) }) == 0 else { return nil }
        return Inode(device: UInt64(st.st_dev), number: UInt64(st.st_ino))
    }
}
