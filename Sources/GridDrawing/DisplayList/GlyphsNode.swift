import GridDocument

/// The glyphs of one text, shaped, as Pango's Cairo renderer would place them, for a player to
/// show as plain glyphs (`GlyphBatch` says which texts qualify). Pango starts a layout from the
/// current point as Cairo keeps it (rounded to 1/256 of a device unit), so the node keeps the
/// origin it is moved to, and the player adds each run's offsets to the point Cairo gives back.
struct GlyphsNode: Sendable, Equatable {
    /// One run of a line: a font, where the run starts from the origin (points: the line's
    /// logical x plus the runs before it; the line's baseline) and its glyphs.
    struct Run: Sendable, Equatable {
        var font: ScaledFont
        var x: Double
        var baseline: Double
        var glyphs: [Glyph]
    }

    /// A glyph id and where it is from its run's start (points: the advances before it plus
    /// its own offset; `y` is 0 unless the shaper moved it).
    struct Glyph: Sendable, Equatable {
        var id: UInt32
        var x: Double
        var y: Double
    }

    /// The layout's origin, user-space points.
    var x: Double
    var y: Double
    var color: Color
    var runs: [Run]
}
