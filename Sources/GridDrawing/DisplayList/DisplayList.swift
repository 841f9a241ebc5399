/// What a region (a PNG band, an SVG chunk, a PDF page) draws, as plain values with no Cairo in
/// them: painting rules record into a list, a player (`CairoPlayer`) draws it. Rules are tested
/// by asserting on the list they record (`LineRulesDisplayListTests`), without a surface.
///
/// Recorded so far: the fills of cell backgrounds, bars and solid lines, the strokes of dashed
/// lines (grid lines, header rule, borders, the outer line, closing and frozen-boundary lines)
/// and the selection glow. Text and images are still drawn straight into Cairo by `GridPainter`.
struct DisplayList: Sendable, Equatable {
    private(set) var items: [DisplayItem] = []

    var isEmpty: Bool { items.isEmpty }

    mutating func append(_ item: DisplayItem) { items.append(item) }

    /// The fills, in order (tests).
    var fills: [FillNode] { items.compactMap { if case .fill(let f) = $0 { f } else { nil } } }
    /// The strokes, in order (tests).
    var strokes: [StrokeNode] { items.compactMap { if case .stroke(let s) = $0 { s } else { nil } } }
    /// The glows, in order (tests).
    var glows: [GlowNode] { items.compactMap { if case .glow(let g) = $0 { g } else { nil } } }
}

/// One drawing operation of a display list.
enum DisplayItem: Sendable, Equatable {
    case fill(FillNode)
    case stroke(StrokeNode)
    case glow(GlowNode)
}
