import CPangoCairo
import Foundation

/// One private fontconfig configuration per pinned font directory, built on first use and shared
/// by every pinned font map of the process (each render task still gets its own Pango font map).
///
/// Why shared: a configuration made per render was never fully released (Pango keeps a
/// reference), about 1 KB per render, and rescanning the directory's cache each time is wasted
/// work in batches. A finished configuration is only read, and fontconfig's reads are
/// thread-safe, so concurrent renders can share it. The output does not change: the same fonts
/// are found either way.
final class PinnedFontConfigs: @unchecked Sendable {  // `configs` is guarded by `lock`
    static let shared = PinnedFontConfigs()

    private let lock = NSLock()
    private var configs: [String: OpaquePointer] = [:]

    /// The configuration listing only the fonts of `directory`, built once.
    func config(for directory: String) throws -> OpaquePointer {
        lock.lock(); defer { lock.unlock() }
        if let config = configs[directory] { return config }
        guard let config = FcConfigCreate() else { throw RenderError("cannot create a fontconfig configuration") }
        // Read the system's font cache (fc-cache fills it when fonts are installed) instead of
        // rescanning the fonts and complaining that a private configuration has nowhere to
        // write a cache. A cache only speeds scanning; the fonts found are the same.
        _ = FcConfigParseAndLoadFromMemory(config, "<fontconfig><cachedir>/var/cache/fontconfig</cachedir></fontconfig>", 0)
        guard FcConfigAppFontAddDir(config, directory) != 0 else {
            FcConfigDestroy(config)
            throw RenderError("font directory \(directory): cannot be read")
        }
        configs[directory] = config
        return config
    }
}
