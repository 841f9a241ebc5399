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

    func image(_ path: String) throws -> CairoSurface {
        let resolved = resolve(path)
        if let image = images[resolved] { return image }
        let image = try CairoSurface.png(path: resolved)
        images[resolved] = image
        return image
    }
}
