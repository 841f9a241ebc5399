/// What a region (a PNG band, an SVG chunk, a PDF page) draws, as plain values with no Cairo in
/// them: painting rules record into a list, a player (`CairoPlayer`) draws it. Rules are tested
/// by asserting on the list they record (`LineRulesDisplayListTests`,
/// `ContentRulesDisplayListTests`), without a surface.
///
/// Recorded: the fills of cell backgrounds, bars, swatches and solid lines, the strokes of dashed
/// lines (grid lines, header rule, borders, the outer line, closing and frozen-boundary lines),
/// the selection glow, and cell content: images, links, and text as glyphs (`GlyphsNode`).
/// A tagged PDF's lists also hold structure boundaries (`StructureNode`) around each cell's
/// content and its row, which end a run of joined glyphs (a cell's text is its own marked content).
/// Cell content is recorded a slab of a region at a time, in parts of at most
/// `GridPainter.contentItems` nodes and `ScratchLayouts.capacity` Pango texts, never for the
/// whole table.
///
/// One exception to "plain values": a text that only Pango can show as it is today (markup
/// colours and decorations, right-to-left runs, ligature clusters, links, translucent colour;
/// every text of PNG and SVG, which do not join glyphs) is a `PangoTextNode` holding the shaped
/// `TextLayout` by reference, played with `TextLayout.show` by the thread that recorded it.
struct DisplayList: Sendable, Equatable {
    private(set) var items: [DisplayItem] = []

    var isEmpty: Bool { items.isEmpty }

    mutating func append(_ item: DisplayItem) { items.append(item) }

    /// Empties the list, keeping its storage (a painter records many slabs into one list).
    mutating func removeAll() { items.removeAll(keepingCapacity: true) }

    /// The fills, in order (tests).
    var fills: [FillNode] { items.compactMap { if case .fill(let f) = $0 { f } else { nil } } }
    /// The strokes, in order (tests).
    var strokes: [StrokeNode] { items.compactMap { if case .stroke(let s) = $0 { s } else { nil } } }
    /// The glows, in order (tests).
    var glows: [GlowNode] { items.compactMap { if case .glow(let g) = $0 { g } else { nil } } }
    /// The images, in order (tests).
    var images: [ImageNode] { items.compactMap { if case .image(let i) = $0 { i } else { nil } } }
    /// The links, in order (tests).
    var links: [LinkNode] { items.compactMap { if case .link(let l) = $0 { l } else { nil } } }
    /// The glyph texts, in order (tests).
    var glyphs: [GlyphsNode] { items.compactMap { if case .glyphs(let g) = $0 { g } else { nil } } }
    /// The texts Pango shows, in order (tests).
    var pangoTexts: [PangoTextNode] { items.compactMap { if case .pangoText(let t) = $0 { t } else { nil } } }
    /// The structure boundaries, in order (tests).
    var structure: [StructureNode] { items.compactMap { if case .structure(let s) = $0 { s } else { nil } } }
}

/// One drawing operation of a display list.
enum DisplayItem: Sendable, Equatable {
    case fill(FillNode)
    case stroke(StrokeNode)
    case glow(GlowNode)
    case image(ImageNode)
    case link(LinkNode)
    case glyphs(GlyphsNode)
    case pangoText(PangoTextNode)
    case structure(StructureNode)
}
