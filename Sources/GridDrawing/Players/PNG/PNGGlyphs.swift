import CCairo
import CGlyphRaster

/// PNG text placed at eighth-pixel positions across and down, as SVG and PDF keep Pango's
/// fractions, instead of Cairo's whole pixels: the PNG player shows a text's glyph runs with the
/// compositor in Sources/CGlyphRaster/GlyphRaster.c (each painting thread's own glyph coverages
/// at 8 × 8 phases, no lock between threads), in the library and the CLI alike, without
/// interposing anything, at any canvas scale. Texts Pango must draw itself
/// (`TextLayout.pngGlyphs` says which) and runs the compositor leaves (colour glyphs, glyphs
/// reaching a clip's partly covered pixels) go to Pango and Cairo, whose pixels are the same
/// with or without `GridRenderAccelerators`.
enum PNGGlyphs {
    /// Runs `body` with this thread's glyph coverages kept for `show` (nested calls share them;
    /// the outermost frees them after) when `enabled`, else as it is. The PNG band loop turns it
    /// on (`RenderJob.placesGlyphsAtQuarters`).
    static func onThisThread<T>(_ enabled: Bool = true, _ body: () throws -> T) rethrows -> T {
        guard enabled else { return try body() }
        grgr_begin()
        defer { grgr_end() }
        return try body()
    }

    /// Whether this thread is in `onThisThread`.
    static var isActive: Bool { grgr_active() }

    /// Glyph runs this thread composited itself, and coverages it rendered, since it turned
    /// `onThisThread` on (tests).
    static var shownRuns: UInt64 { grgr_shown_runs() }
    static var renderedCoverages: UInt64 { grgr_rendered_coverages() }

    /// Shows `text` at its origin with `cr`'s source, clip and transform, run by run (a text
    /// with markup colours or decorations item by item, `showFlat`); false, with nothing drawn,
    /// when this thread is not painting PNG or Pango must show the text.
    static func show(_ text: PangoTextNode, on cr: CairoContext) -> Bool {
        guard grgr_active() else { return false }
        let origin = cr.currentPoint(afterMovingTo: text.x, text.y)
        var glyphs: [cairo_glyph_t] = [], runs: [PNGGlyphRun] = []
        guard text.layout.pngGlyphs(originX: origin.x, originY: origin.y, glyphs: &glyphs, runs: &runs) else { return showFlat(text, on: cr) }
        // The clip as the painter set it, for a clip off the pixel grid (Cairo reports none).
        let tracked = cr.trackedClip
        var box: [Double] = []
        if tracked.isRectangle, let r = tracked.deviceRect { box = [r.x, r.y, r.maxX, r.maxY] }
        glyphs.withUnsafeMutableBufferPointer { buffer in
            for run in runs {
                let first = buffer.baseAddress! + run.range.lowerBound, count = Int32(run.range.count)
                let shown = box.isEmpty ? grgr_show_glyphs(cr.pointer, run.scaledFont, run.file, run.faceIndex, first, count)
                    : grgr_show_glyphs_in_clip(cr.pointer, run.scaledFont, run.file, run.faceIndex, first, count, box)
                if shown != 0 {
                    // As Pango's renderer shows a run: the run's font, the source as it is.
                    cairo_save(cr.pointer)
                    cairo_set_scaled_font(cr.pointer, run.scaledFont)
                    cairo_show_glyphs(cr.pointer, first, count)
                    cairo_restore(cr.pointer)
                }
            }
        }
        return true
    }
}
