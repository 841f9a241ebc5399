import GridLayout

/// The device rectangle Cairo 1.16 takes an image it paints to cover (its source extents,
/// `_cairo_pattern_get_extents`): the pixels' box placed in device space, widened where the
/// filter may blur it, rounded to whole units. Cairo's PDF surface clips an image by these
/// extents (`PDFPlayer+Clip`), and a reader smooths an image's edge differently with and
/// without a clip on it, so the project's writer needs them to show Cairo's pixels.
struct PDFImageExtents {
    /// The image's pixels (`width` × `height`) placed in device space with their top left at
    /// (`x`, `y`) and `sx`, `sy` device units per pixel (both positive).
    var width: Int, height: Int
    var x: Double, y: Double
    var sx: Double, sy: Double

    /// Cairo's source extents of the placed image: whole device units.
    var rect: Rect {
        // Cairo's pattern matrix maps device space to the pixels: the inverse of the placement.
        let xx = 1 / sx, yy = 1 / sy
        // `_cairo_matrix_is_pixel_exact`: a determinant of ±1 (within one fixed-point step) and
        // a translation on whole units; the filter is then NEAREST, else GOOD or BILINEAR.
        let det = xx * yy
        let exact = abs(det * det - 1) < 1.0 / 256
            && PDFImageExtents.fixedIsInteger(-x * xx) && PDFImageExtents.fixedIsInteger(-y * yy)
        let (x1, x2) = PDFImageExtents.span(origin: x, scale: sx, pixels: width, exact: exact)
        let (y1, y2) = PDFImageExtents.span(origin: y, scale: sy, pixels: height, exact: exact)
        return Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    /// One axis of `_cairo_pattern_get_extents`: pixels 0…`pixels` through the placement, then
    /// NEAREST (exact): ±0.004 and rounded; GOOD/BILINEAR enlarging: half a pixel each side
    /// and rounded; else the device span ±0.5 and rounded (`_cairo_lround`: halves up).
    static func span(origin: Double, scale: Double, pixels: Int, exact: Bool) -> (Double, Double) {
        var p1 = 0.0, p2 = Double(pixels)
        var pad = 0.5
        if exact {
            p1 -= 0.004; p2 += 0.004; pad = 0
        } else if 1 / scale < 1 {
            p1 -= 0.5; p2 += 0.5; pad = 0
        }
        let d1 = origin + p1 * scale - pad, d2 = origin + p2 * scale + pad
        let i1 = (d1 + 0.5).rounded(.down), i2 = (d2 + 0.5).rounded(.down)
        // A vector surface keeps a span under one unit one unit wide.
        return (i1, i2 == i1 && d1 != d2 ? i1 + 1 : i2)
    }

    /// Whether `v` in Cairo's fixed point (1/256, halves to even) is a whole number.
    static func fixedIsInteger(_ v: Double) -> Bool {
        let f = (v * 256).rounded(.toNearestOrEven)
        return f.truncatingRemainder(dividingBy: 256) == 0
    }
}
