import GridLayout

/// An image cell's picture: `source` painted with its top left at `rect`'s origin, scaled by
/// `scale` (source pixels to user points; `rect` is where the whole image lies, which a reduced
/// source is stretched over), faded by `alpha`, clipped to `clip` (the cell's inner box, so a
/// `cover` image does not spill). User-space points.
///
/// The source is a Cairo surface or pattern that `ImageCache` made and no one changes after:
/// shared by reference, compared by identity. A colour emoji in SVG and PDF is an image node
/// too (`GridPainter.colorGlyphImages`): its source is an ARGB surface of the glyph's pixels
/// with the same pixels as PNG attached (`CAIRO_MIME_TYPE_PNG`), its clip the text's.
struct ImageNode: @unchecked Sendable, Equatable {
    var source: ImageSource
    var rect: Rect
    var scale: (sx: Double, sy: Double)
    var alpha: Double
    var clip: Rect

    static func == (a: ImageNode, b: ImageNode) -> Bool {
        a.source.object === b.source.object && a.rect == b.rect && a.scale == b.scale && a.alpha == b.alpha && a.clip == b.clip
    }
}

extension ImageSource {
    /// The Cairo object behind the source (identity of a node's picture).
    var object: AnyObject {
        switch self {
        case .surface(let s): s
        case .pattern(let p): p
        }
    }
}
