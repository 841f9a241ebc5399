import CGlyphCompositor

/// PNG text composited by the painting thread itself, pixel for pixel as Cairo composites it,
/// instead of under cairo 1.16's process-wide glyph lock, which made two threads painting PNG
/// bands take turns for all their text (Sources/CGlyphCompositor/GlyphCompositor.c says why and
/// how, and what it leaves to Cairo).
///
/// Glyph calls are taken over by symbol interposition (Pango calls `cairo_show_glyphs`), so
/// painting code does not change: a thread turns it on around the bands it paints.
package enum GlyphCompositor {
    /// Runs `body` with this thread's glyphs composited here (its glyph copies are dropped after,
    /// unless the thread already had them on).
    package static func onThisThread<T>(_ enabled: Bool = true, _ body: () throws -> T) rethrows -> T {
        guard enabled, !grgc_active() else { return try body() }
        grgc_begin()
        defer { grgc_end() }
        return try body()
    }

    /// Whether Pango's glyph calls reach this compositor in this process. False only when
    /// GridDrawing is loaded from a shared library that does not export the function; PNG text
    /// is then composited by Cairo, with the same pixels.
    package static var isInterposed: Bool { grgc_interposed() }

    /// Glyph calls this thread composited itself since it turned this on.
    package static var compositedCalls: UInt64 { grgc_composited_calls() }
}
