#if canImport(Glibc)
import Glibc
#endif

/// The image cells of an SVG as Cairo is given them: one placeholder per file
/// (`CairoSurface.placeholder`), its link a token (`tokens`) that the output replaces with the
/// file's bytes as the document is written. Holds no pixels: the placeholders read one zeroed
/// buffer, never written, shared by every placeholder that fits in it.
final class SVGImagePlaceholders {
    let tokens = SVGImageTokens()
    private var surfaces: [String: CairoSurface] = [:]
    /// Zeroed memory the placeholders read from (the largest last).
    private var pixels: [(pointer: UnsafeMutableRawPointer, bytes: Int)] = []

    deinit {
        surfaces = [:]
        for buffer in pixels { free(buffer.pointer) }
    }

    /// The placeholder of the file `resolved` (key: its identity), `size` pixels.
    func surface(key: String, resolved: String, size: (width: Int, height: Int)) throws -> CairoSurface {
        if let surface = surfaces[key] { return surface }
        let surface = try CairoSurface.placeholder(width: size.width, height: size.height, uri: tokens.token(for: resolved),
                                                   pixels: try zeroed(CairoSurface.placeholderBytes(width: size.width, height: size.height)))
        surfaces[key] = surface
        return surface
    }

    func has(_ key: String) -> Bool { surfaces[key] != nil }

    /// Zeroed memory of at least `bytes`.
    private func zeroed(_ bytes: Int) throws -> UnsafeMutableRawPointer {
        if let last = pixels.last, last.bytes >= bytes { return last.pointer }
        let size = max(bytes, 2 * (pixels.last?.bytes ?? 0))
        guard let pointer = calloc(size, 1) else { throw RenderError("out of memory for an image of \(bytes) bytes") }
        pixels.append((pointer, size))
        return pointer
    }
}
