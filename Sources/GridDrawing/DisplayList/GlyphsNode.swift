import GridDocument

/// The glyphs of one text, shaped, as Pango's Cairo renderer would place them, for a player to
/// show as plain glyphs (`GlyphBatch` says which texts qualify). Pango starts a layout from the
/// current point as Cairo keeps it (rounded to 1/256 of a device unit), so the node keeps the
/// origin it is moved to, and the player adds each run's offsets to the point Cairo gives back.
///
/// The glyphs of all runs are one array (`glyphs`, each run a range of it) and positions are
/// Pango's integer units: a cell's text is recorded with two allocations, not one per run, and
/// a glyph takes 12 bytes (the painter records every cell of a PDF this way).
struct GlyphsNode: Sendable, Equatable {
    /// Pango units per point (`PANGO_SCALE`).
    static let unitsPerPoint = 1024.0

    /// One run of a line: a font, where the run starts from the origin (points: the line's
    /// logical x plus the runs before it; the line's baseline) and where its glyphs are in the
    /// node's `glyphs`.
    struct Run: Sendable, Equatable {
        var font: ScaledFont
        var x: Double
        var baseline: Double
        var range: Range<Int>
    }

    /// A glyph id and where it is from its run's start, in Pango units: the advances before it
    /// plus its own offset; `yUnits` is 0 unless the shaper moved it.
    struct Glyph: Sendable, Equatable {
        var id: UInt32
        var xUnits: Int32
        var yUnits: Int32

        /// `xUnits` in points.
        var x: Double { Double(xUnits) / GlyphsNode.unitsPerPoint }
        /// `yUnits` in points.
        var y: Double { Double(yUnits) / GlyphsNode.unitsPerPoint }
    }

    /// The layout's origin, user-space points.
    var x: Double
    var y: Double
    var color: Color
    var runs: [Run]
    var glyphs: [Glyph]

    /// The glyphs of `run`.
    func glyphs(of run: Run) -> ArraySlice<Glyph> { glyphs[run.range] }
}
