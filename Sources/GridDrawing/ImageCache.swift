import GridDocument

/// Decoded cell images of one render task, by resolved path: each file is decoded once, and
/// `preload` decides missing or undecodable files before any output exists.
final class ImageCache {
    private let baseDirectory: String
    private var images: [String: CairoSurface] = [:]

    init(baseDirectory: String) { self.baseDirectory = baseDirectory }

    private func resolve(_ path: String) -> String {
        path.hasPrefix("/") || baseDirectory.isEmpty ? path
            : (baseDirectory.hasSuffix("/") ? baseDirectory + path : baseDirectory + "/" + path)
    }

    /// Keyed by the file's identity (device and inode), so `x.png`, `./x.png` and `././x.png`
    /// decode once, as `prepare` counted them against the image budget.
    func image(_ path: String) throws -> CairoSurface {
        let resolved = resolve(path)
        let key = FileIO.identity(resolved) ?? resolved
        if let image = images[key] { return image }
        let image = try CairoSurface.png(path: resolved)
        images[key] = image
        return image
    }
}
