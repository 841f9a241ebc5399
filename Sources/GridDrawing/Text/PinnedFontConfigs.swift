import CPangoCairo
import Foundation
import GridDocument

/// One private fontconfig configuration per pinned font stack (the default one, or the
/// directories of `--font-dir`), built on first use and shared by every pinned font map of the
/// process (each render task still gets its own Pango font map).
///
/// Why shared: a configuration made per render was never fully released (Pango keeps a
/// reference), about 1 KB per render, and rescanning the directories' caches each time is wasted
/// work in batches. A finished configuration is only read, and fontconfig's reads are
/// thread-safe, so concurrent renders can share it. The output does not change: the same fonts
/// are found either way.
final class PinnedFontConfigs: @unchecked Sendable {  // `configs` is guarded by `lock`
    static let shared = PinnedFontConfigs()

    private let lock = NSLock()
    private var configs: [[String]: OpaquePointer] = [:]

    /// The configuration listing only the fonts of `directories` (empty: `FontStack`'s default
    /// stack, from the directories of it that exist), built once. Throws for a given directory
    /// that cannot be read.
    func config(for directories: [String]) throws -> OpaquePointer {
        lock.lock(); defer { lock.unlock() }
        if let config = configs[directories] { return config }
        let stack = directories.isEmpty ? FontStack.defaultDirectories : directories
        var listed: [(directory: String, files: [String])] = []
        var rejected: [String] = []
        // A given directory must be a readable directory that holds fonts (not a FIFO, not empty).
        for directory in directories {
            if let error = FontDirectoryCheck.error(directory) { throw error }
        }
        for directory in stack {
            guard let files = FontStack.files(in: directory) else {
                if directories.isEmpty && directory != FontStack.dejaVuDirectory { continue }   // optional part not installed
                throw RenderError("font directory \(directory): cannot be read", badInput: !directories.isEmpty)
            }
            listed.append((directory, files))
            if directories.isEmpty {
                rejected += files.filter { !FontStack.accepts($0, in: directory) }.map { directory + "/" + $0 }
            }
        }
        guard let config = FcConfigCreate() else { throw RenderError("cannot create a fontconfig configuration") }
        _ = FcConfigParseAndLoadFromMemory(config, FontStack.configuration(rejecting: rejected), 0)
        for (directory, _) in listed {
            guard PathBytes.withCString(directory, { $0.withMemoryRebound(to: FcChar8.self, capacity: 1) { FcConfigAppFontAddDir(config, $0) } }) != 0 else {
                FcConfigDestroy(config)
                throw RenderError("font directory \(directory): cannot be read", badInput: !directories.isEmpty)
            }
        }
        // A directory given that adds no font is a mistake (an empty or wrong --font-dir).
        for directory in directories where !PinnedFontConfigs.hasFonts(config, under: directory) {
            FcConfigDestroy(config)
            throw RenderError("font directory \(directory): no fonts found", badInput: true)
        }
        configs[directories] = config
        return config
    }

    /// Whether the application fonts of `config` include one from `directory`.
    private static func hasFonts(_ config: OpaquePointer, under directory: String) -> Bool {
        guard let set = FcConfigGetFonts(config, FcSetApplication) else { return false }
        // fontconfig keeps each file's path made absolute (FcStrCanonFilename): a relative
        // --font-dir is compared the same way.
        let absolute = PathBytes.absolute(directory)
        let prefix = absolute.hasSuffix("/") ? absolute : absolute + "/"
        for i in 0..<Int(set.pointee.nfont) {
            var file: UnsafeMutablePointer<FcChar8>?
            guard let font = set.pointee.fonts[i], FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            if PathBytes.string(UnsafeBufferPointer(start: file, count: strlen(file))).hasPrefix(prefix) { return true }
        }
        return false
    }
}
