import CCairo
import CPangoCairo
import GridDocument
import GridLayout

extension CairoContext {
    /// The current transform, to tell whether glyphs placed earlier are still in the same space.
    var matrix: cairo_matrix_t {
        var m = cairo_matrix_t()
        cairo_get_matrix(pointer, &m)
        return m
    }

    /// The current clip's bounding box in device space.
    func deviceClipExtents() -> Rect {
        cairo_save(pointer)
        cairo_identity_matrix(pointer)
        let extents = clipExtents()
        cairo_restore(pointer)
        return extents
    }

    /// Moves to (`x`, `y`) and returns the current point as Cairo keeps it (rounded to its
    /// fixed-point path coordinates), which is where Pango's renderer starts a layout.
    func currentPoint(afterMovingTo x: Double, _ y: Double) -> (x: Double, y: Double) {
        cairo_move_to(pointer, x, y)
        var cx = 0.0, cy = 0.0
        cairo_get_current_point(pointer, &cx, &cy)
        return (cx, cy)
    }

    /// Shows `glyphs` (user-space positions) in `scaledFont` and `color`, as one Cairo call,
    /// leaving the source and font as they were.
    func showGlyphs(_ glyphs: inout [cairo_glyph_t], scaledFont: OpaquePointer, color: Color) {
        cairo_save(pointer)
        setSource(color)
        cairo_set_scaled_font(pointer, scaledFont)
        glyphs.withUnsafeMutableBufferPointer { cairo_show_glyphs(pointer, $0.baseAddress, Int32($0.count)) }
        cairo_restore(pointer)
    }
}
