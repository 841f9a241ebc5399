/// What an image cell is painted from: pixels, or a pattern Cairo asks for pixels
/// (`CairoRasterSource`, a PDF's images).
enum ImageSource {
    case surface(CairoSurface)
    case pattern(CairoRasterSource)

    var width: Int {
        switch self {
        case .surface(let s): s.width
        case .pattern(let p): p.width
        }
    }

    var height: Int {
        switch self {
        case .surface(let s): s.height
        case .pattern(let p): p.height
        }
    }
}
