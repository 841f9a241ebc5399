import CCairo
import GridDocument

/// Decoded cell images of one render task, by resolved path: each file is decoded once, and
/// `preload` decides missing or undecodable files before any output exists.
///
/// A raster output (`keepsPaintedSize`, PNG) keeps each image at the size it is painted, not
/// the file's: decoded, reduced once to its painted size in device pixels (Cairo's GOOD filter,
/// as painting uses) and the full-size pixels dropped. An item grid of 400 photos of 560 px
/// shown at 80 px held 400 × 1.2 MiB; now a few KiB each. Images painted at or above their own
/// size are kept whole and painted exactly as before. Vector outputs embed the file's own
/// resolution, so they keep the full image.
final class ImageCache {
    private let baseDirectory: String
    /// Whether images are kept at their painted size (raster output).
    var keepsPaintedSize = false
    private var images: [String: CairoSurface] = [:]
    /// Images reduced to a painted size, by file identity and size in pixels.
    private var reduced: [ReducedKey: CairoSurface] = [:]
    private var sizes: [String: (width: Int, height: Int)] = [:]

    private struct ReducedKey: Hashable {
        var file: String
        var width: Int
        var height: Int
    }

    init(baseDirectory: String) { self.baseDirectory = baseDirectory }

    private func resolve(_ path: String) -> String {
        path.hasPrefix("/") || baseDirectory.isEmpty ? path
            : (baseDirectory.hasSuffix("/") ? baseDirectory + path : baseDirectory + "/" + path)
    }

    /// Keyed by the file's identity (device and inode), so `x.png`, `./x.png` and `././x.png`
    /// decode once, as `prepare` counted them against the image budget.
    private func key(_ resolved: String) -> String { FileIO.identity(resolved) ?? resolved }

    /// The image at its own size.
    func image(_ path: String) throws -> CairoSurface {
        let resolved = resolve(path)
        let key = key(resolved)
        if let image = images[key] { return image }
        let image = try CairoSurface.png(path: resolved)
        images[key] = image
        sizes[key] = (image.width, image.height)
        return image
    }

    /// The image's own size in pixels (from its header when it is not decoded yet).
    func size(_ path: String) throws -> (width: Int, height: Int) {
        let resolved = resolve(path)
        let key = key(resolved)
        if let size = sizes[key] { return size }
        let size = try CairoSurface.pngSize(path: resolved)
        sizes[key] = size
        return size
    }

    /// The image to paint at `painted` device pixels (its size times the painting scale): with
    /// `keepsPaintedSize`, reduced to that size (rounded up) when it is smaller than the image,
    /// else the image itself.
    func image(_ path: String, painted: (width: Double, height: Double)) throws -> CairoSurface {
        let own = try size(path)
        guard keepsPaintedSize, painted.width.isFinite, painted.height.isFinite else { return try image(path) }
        let width = max(1, Int(painted.width.rounded(.up))), height = max(1, Int(painted.height.rounded(.up)))
        guard width < own.width || height < own.height else { return try image(path) }
        let resolved = resolve(path)
        let key = ReducedKey(file: key(resolved), width: min(width, own.width), height: min(height, own.height))
        if let image = reduced[key] { return image }
        let full = try images[key.file] ?? CairoSurface.png(path: resolved)
        let image = try CairoSurface.image(width: key.width, height: key.height)
        let cr = try CairoContext(image)
        cr.setSource(full, x: 0, y: 0, sx: Double(key.width) / Double(own.width), sy: Double(key.height) / Double(own.height))
        cr.padSource()
        cr.paint(alpha: 1)
        try cr.checkStatus("reducing image \(path)")
        image.flush()
        reduced[key] = image
        return image
    }
}
