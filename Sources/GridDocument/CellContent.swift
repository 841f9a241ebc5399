/// What one cell shows, after number formatting.
package enum CellContent: Sendable, Hashable {
    case empty
    case text(String)
    case image(path: String, fit: ImageFit)
    case swatch(Color)
}

public enum ImageFit: String, Sendable, Hashable, CaseIterable { case contain, cover, fill }
