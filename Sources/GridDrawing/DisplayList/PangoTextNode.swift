import GridDocument
import GridLayout

/// A text the player shows through Pango (`TextLayout.show`) because its glyphs alone would not
/// reproduce it: markup colours and decorations, right-to-left runs, ligature clusters, links,
/// translucent colour, many lines, or any text on a surface that does not join glyphs (PNG,
/// SVG). The one node that holds a reference to shaped state instead of values: the layout is
/// the painter's, kept unchanged until the list is played (`ScratchLayouts`), and a list that
/// holds one is played by the thread that recorded it. Compared by the layout's identity.
struct PangoTextNode: @unchecked Sendable, Equatable {
    var layout: TextLayout
    /// The layout's origin, user-space points.
    var x: Double
    var y: Double
    var color: Color
    /// The cell frame, for a text that does not fit it (nil: no clip, so SVG gets no clip
    /// path per cell).
    var clip: Rect?

    static func == (a: PangoTextNode, b: PangoTextNode) -> Bool {
        a.layout === b.layout && a.x == b.x && a.y == b.y && a.color == b.color && a.clip == b.clip
    }
}
