import GridLayout

/// A clickable area: `url` over `rects` (user-space points, one per line of the linked text,
/// already cut to the cell and to the region's clip). The player makes a PDF link annotation of
/// it and hands the areas in device space to SVG (`LinkArea`), whose Cairo surface has no links.
struct LinkNode: Sendable, Equatable {
    var url: String
    var rects: [Rect]
    /// The link's text as shown (an SVG link's accessible name); empty when unknown.
    var text = ""
}
