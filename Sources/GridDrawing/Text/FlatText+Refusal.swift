extension FlatText {
    /// Why a text cannot be flattened (`TextLayout.flattened`): what Pango draws that no player
    /// replays. A player that refuses the text names it (`description`).
    enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// Pango gave a line or run without its glyphs, font or Cairo font.
        case unreadable
        /// A vertical run (a centred baseline).
        case verticalRun
        /// A run of `PANGO_ATTR_SHAPE` (the project's markup makes none).
        case shapedRun
        /// An error underline (the project's markup makes none).
        case errorUnderline
        /// A glyph of a colour bitmap font that Cairo draws itself (the painter hides those it
        /// draws as images: `GridPainter.colorGlyphImages`).
        case colorGlyph
        /// A missing character Pango draws other than as a hex box (`HexBoxGeometry.box`).
        case unknownGlyphDrawing

        var description: String {
            switch self {
            case .unreadable: "a run Pango gives without glyphs or font"
            case .verticalRun: "a vertical run"
            case .shapedRun: "a shaped run"
            case .errorUnderline: "an error underline"
            case .colorGlyph: "a colour bitmap glyph Cairo draws"
            case .unknownGlyphDrawing: "a missing character Pango draws without a hex box"
            }
        }
    }
}
