#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// File names on Linux are bytes, not text: `\xFF.json` is a valid name. Swift's `String`,
/// `CommandLine.arguments`, `URL` and `FileManager` repair bytes that are not UTF-8 into U+FFFD,
/// so such a file was "not found" as an input and written under another name as an output.
///
/// gridrender keeps paths as `String`s, but decodes file-name bytes losslessly (the idea of
/// Python's "surrogateescape", PEP 383): each byte that is not part of valid UTF-8 becomes one
/// escape scalar U+10FF80 … U+10FFFF (the last 128 code points of Supplementary Private Use
/// Area-B), and every system call turns the string back into exactly the bytes it came from.
/// Valid UTF-8 that happens to encode one of those escape scalars is escaped byte by byte too,
/// so decoding and encoding are inverse for every byte string. The one ambiguity left: a
/// document's text (JSON/YAML are Unicode) naming a file with a literal U+10FF80 … U+10FFFF
/// means the raw byte.
///
/// The entry points are few: `arguments` (the raw `argv`), `string(_:)` for names read from the
/// system (`readdir`, fontconfig), and `withCString` / `bytes` wherever a path goes to the
/// system (open, stat, rename, mkdir, libpng, Cairo, fontconfig). Messages show the escapes as
/// `\xFF` (`Echo`).
package enum PathBytes {
    /// The escape scalar for byte `b` (0x80 … 0xFF) is `escapeBase + b`.
    static let escapeBase: UInt32 = 0x10FF00

    /// The byte an escape scalar stands for, or nil for any other scalar.
    package static func escapedByte(_ u: Unicode.Scalar) -> UInt8? {
        u.value >= escapeBase + 0x80 && u.value <= escapeBase + 0xFF ? UInt8(u.value - escapeBase) : nil
    }

    /// The file name bytes as a string, losslessly (see the type's documentation).
    package static func string<C: Collection<UInt8>>(_ bytes: C) -> String where C.Index == Int {
        // Fast path: valid UTF-8 without the lead byte F4 (every escape scalar starts F4 8F).
        if !bytes.contains(0xF4), let text = String(validating: bytes, as: UTF8.self) { return text }
        var scalars = String.UnicodeScalarView()
        var i = bytes.startIndex
        while i < bytes.endIndex {
            if let (scalar, length) = decodeOne(bytes, at: i), escapedByte(scalar) == nil {
                scalars.append(scalar)
                i += length
            } else {
                scalars.append(Unicode.Scalar(escapeBase + UInt32(bytes[i]))!)
                i += 1
            }
        }
        return String(scalars)
    }

    /// One well-formed UTF-8 scalar at `i` (no overlong forms, no surrogates, at most U+10FFFF).
    private static func decodeOne<C: Collection<UInt8>>(_ b: C, at i: Int) -> (Unicode.Scalar, Int)? where C.Index == Int {
        let lead = b[i]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length: Int, minimum: UInt32
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; minimum = 0x80; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; minimum = 0x800; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; minimum = 0x10000; value = UInt32(lead & 0x07)
        default: return nil
        }
        guard i + length <= b.endIndex else { return nil }
        for k in 1..<length {
            let c = b[i + k]
            guard c & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(c & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    /// The bytes `path` stands for: escape scalars as their byte, everything else as UTF-8.
    package static func bytes(_ path: String) -> [UInt8] {
        guard path.utf8.contains(0xF4) else { return Array(path.utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for u in path.unicodeScalars {
            if let b = escapedByte(u) { out.append(b) } else { out.append(contentsOf: String(u).utf8) }
        }
        return out
    }

    /// Calls `body` with `path` as the NUL-terminated bytes the system knows the file by.
    package static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        guard path.utf8.contains(0xF4) else { return try path.withCString(body) }
        let raw = bytes(path).map { CChar(bitPattern: $0) } + [0]
        return try raw.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// `withCString` for an optional path: nil stays nil (writers into memory).
    package static func withOptionalCString<R>(_ path: String?, _ body: (UnsafePointer<CChar>?) throws -> R) rethrows -> R {
        guard let path else { return try body(nil) }
        return try withCString(path) { try body($0) }
    }

    /// A NUL-terminated copy of the path's bytes, to be freed with `free` (for tables a signal
    /// handler reads).
    package static func strdup(_ path: String) -> UnsafeMutablePointer<CChar>? {
        withCString(path) { Glibc.strdup($0) }
    }

    /// The process's command-line arguments, decoded losslessly from the raw `argv` (Swift's
    /// `CommandLine.arguments` has already replaced bytes that are not UTF-8).
    package static var arguments: [String] {
        (0..<Int(CommandLine.argc)).map { i in
            guard let p = CommandLine.unsafeArgv[i] else { return "" }
            return p.withMemoryRebound(to: UInt8.self, capacity: strlen(p)) { string(UnsafeBufferPointer(start: $0, count: strlen(p))) }
        }
    }

    /// The names in `directory` (without `.` and `..`), each decoded losslessly, with its file
    /// type (`S_IFREG`, `S_IFDIR`, `S_IFLNK`, …: the entry itself, links not followed); nil when
    /// the directory cannot be listed.
    package static func entries(of directory: String) -> [(name: String, type: mode_t)]? {
        guard let dir = withCString(directory, { opendir($0) }) else { return nil }
        defer { closedir(dir) }
        var out: [(name: String, type: mode_t)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                string(Array(raw.prefix { $0 != 0 }))
            }
            if name == "." || name == ".." { continue }
            var type: mode_t
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): type = S_IFREG
            case Int32(DT_DIR): type = S_IFDIR
            case Int32(DT_LNK): type = S_IFLNK
            case Int32(DT_FIFO): type = S_IFIFO
            case Int32(DT_SOCK): type = S_IFSOCK
            case Int32(DT_CHR): type = S_IFCHR
            case Int32(DT_BLK): type = S_IFBLK
            default:
                // File systems that do not fill d_type: ask the entry itself.
                var st = stat()
                let full = directory.hasSuffix("/") ? directory + name : directory + "/" + name
                type = withCString(full) { lstat($0, &st) } == 0 ? st.st_mode & S_IFMT : 0
            }
            out.append((name, type))
        }
        return out
    }

    /// The last component of `path` (trailing slashes ignored), as text: no `URL` in between.
    package static func lastComponent(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed.split(separator: "/").last.map(String.init) ?? String(trimmed)
    }

    /// The last component without its extension: `out/table.json` → `table`, `.hidden` → `.hidden`.
    package static func stem(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The extension of the last component, without the dot ("" for none; `.hidden` has none).
    package static func pathExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// `path` made absolute against the working directory, with `.`, `..` and repeated slashes
    /// resolved as text (what `URL.standardizedFileURL.path` gives, bytes kept).
    package static func absolute(_ path: String) -> String {
        var full = path
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let cwd = getcwd(&buffer, buffer.count) != nil
                ? string(buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }) : "/"
            full = cwd + "/" + path
        }
        var parts: [Substring] = []
        for part in full.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `path` as a URL path: its bytes percent-encoded except what `.urlPathAllowed` allows
    /// (a name that is not UTF-8 links to its real bytes, `%FF`).
    package static func percentEncoded(_ path: String) -> String {
        var out = ""
        for b in bytes(path) {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            case _ where "!$&'()*+,;=:@".utf8.contains(b):   // sub-delimiters, as .urlPathAllowed
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                out += "%" + (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true)
            }
        }
        return out
    }

    /// Whether `path` names a directory (symbolic links followed).
    package static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return withCString(path) { stat($0, &st) } == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether anything exists at `path` (a dangling symbolic link does not count).
    package static func exists(_ path: String) -> Bool {
        withCString(path) { access($0, F_OK) } == 0
    }

    /// Makes `directory` and any missing parents (`mkdir -p`, mode 0777 less the umask); the
    /// `errno` and the part that failed when it cannot.
    package static func makeDirectories(_ directory: String) -> (errno: Int32, at: String)? {
        if isDirectory(directory) { return nil }
        var parts: [String] = []
        var prefix = directory
        while !prefix.isEmpty, prefix != "/", !isDirectory(prefix) {
            parts.append(prefix)
            guard let slash = prefix.lastIndex(of: "/") else { break }
            prefix = String(prefix[..<slash])
        }
        for part in parts.reversed() {
            if withCString(part, { mkdir($0, 0o777) }) != 0, errno != EEXIST || !isDirectory(part) {
                return (errno == EEXIST ? ENOTDIR : errno, part)
            }
        }
        return nil
    }
}
