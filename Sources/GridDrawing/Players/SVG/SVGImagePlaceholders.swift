/// The image cells of an SVG as Cairo is given them: one placeholder per file
/// (`CairoSurface.placeholder`), its link a token (`tokens`) that the output replaces with the
/// file's bytes as the document is written. Holds no pixels: the placeholders read one zeroed
/// buffer, never written, shared by every placeholder that fits in it.
final class SVGImagePlaceholders {
    let tokens = SVGImageTokens()
    private var surfaces: [String: CairoSurface] = [:]
    /// The memory the placeholders read.
    private let pixels = ZeroedMemory()

    /// The placeholders go before the memory they read.
    deinit { surfaces = [:] }

    /// The placeholder of the file `resolved` (key: its identity), `size` pixels.
    func surface(key: String, resolved: String, size: (width: Int, height: Int)) throws -> CairoSurface {
        if let surface = surfaces[key] { return surface }
        let surface = try CairoSurface.placeholder(width: size.width, height: size.height, uri: tokens.token(for: resolved),
                                                   pixels: try pixels.block(CairoSurface.placeholderBytes(width: size.width, height: size.height)))
        surfaces[key] = surface
        return surface
    }

    func has(_ key: String) -> Bool { surfaces[key] != nil }
}
