import CCairo
import Foundation

/// One colour glyph drawn at its font's strike (`ColorFont.strike` pixels per em): the font's
/// own bitmap, unscaled, which is all the detail the font has. Drawn by Cairo itself (a glyph
/// shown at whole-pixel coordinates on a transparent image copies the bitmap), cut to its
/// non-transparent pixels. Immutable and shared by every painting thread of a render; each
/// thread paints from a surface of its own (`ColorGlyphSources`), since Cairo changes a source
/// surface's bookkeeping when a vector surface records it.
final class ColorGlyphImage: Sendable {
    /// A glyph of a font, alike on every thread.
    struct Key: Hashable, Sendable {
        var font: ColorFont
        var glyph: UInt32
    }

    let width: Int
    let height: Int
    /// Where the glyph's origin is, in the image's pixels (whole numbers).
    let originX: Double
    let originY: Double
    /// Pixels per em.
    let ppem: Double
    /// Premultiplied ARGB, row by row.
    let pixels: [UInt32]
    /// The image as Cairo writes it to PNG (what an SVG embeds).
    let png: [UInt8]

    private init(width: Int, height: Int, originX: Double, originY: Double, ppem: Double, pixels: [UInt32], png: [UInt8]) {
        self.width = width; self.height = height; self.originX = originX; self.originY = originY
        self.ppem = ppem; self.pixels = pixels; self.png = png
    }

    /// Draws `glyph` of the font face of `scaledFont` at `ppem` pixels per em with the scaled
    /// font's options; nil when it draws nothing or Cairo fails.
    static func draw(_ glyph: UInt32, of scaledFont: OpaquePointer, ppem: Double) -> ColorGlyphImage? {
        guard let face = cairo_scaled_font_get_font_face(scaledFont), let options = cairo_font_options_create() else { return nil }
        defer { cairo_font_options_destroy(options) }
        cairo_scaled_font_get_font_options(scaledFont, options)
        var matrix = cairo_matrix_t(), identity = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, ppem, ppem)
        cairo_matrix_init_identity(&identity)
        guard let font = cairo_scaled_font_create(face, &matrix, &identity, options) else { return nil }
        defer { cairo_scaled_font_destroy(font) }
        guard cairo_scaled_font_status(font) == CAIRO_STATUS_SUCCESS else { return nil }
        var shown = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
        var extents = cairo_text_extents_t()
        cairo_scaled_font_glyph_extents(font, &shown, 1, &extents)
        guard extents.width > 0, extents.height > 0, extents.width < 4096, extents.height < 4096 else { return nil }
        // A margin of two pixels around the glyph's box: nothing Cairo draws is cut.
        let left = (extents.x_bearing).rounded(.down) - 2, top = (extents.y_bearing).rounded(.down) - 2
        let width = Int((extents.x_bearing + extents.width).rounded(.up) + 2 - left)
        let height = Int((extents.y_bearing + extents.height).rounded(.up) + 2 - top)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else { return nil }
        cairo_set_scaled_font(cr, font)
        shown.x = -left
        shown.y = -top
        cairo_show_glyphs(cr, &shown, 1)
        let drawn = cairo_status(cr)
        cairo_destroy(cr)
        guard drawn == CAIRO_STATUS_SUCCESS else { return nil }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        func pixel(_ x: Int, _ y: Int) -> UInt32 {
            UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)[x]
        }
        // The box of the pixels drawn.
        var x0 = width, y0 = height, x1 = 0, y1 = 0
        for y in 0..<height {
            for x in 0..<width where pixel(x, y) != 0 {
                x0 = min(x0, x); x1 = max(x1, x + 1); y0 = min(y0, y); y1 = max(y1, y + 1)
            }
        }
        guard x0 < x1, y0 < y1 else { return nil }
        var pixels: [UInt32] = []
        pixels.reserveCapacity((x1 - x0) * (y1 - y0))
        for y in y0..<y1 { for x in x0..<x1 { pixels.append(pixel(x, y)) } }
        guard let cut = cairo_image_surface_create_for_data(data + y0 * stride + x0 * 4, CAIRO_FORMAT_ARGB32,
                                                            Int32(x1 - x0), Int32(y1 - y0), Int32(stride)) else { return nil }
        defer { cairo_surface_destroy(cut) }
        guard let png = PNGBytes.of(cut) else { return nil }
        return ColorGlyphImage(width: x1 - x0, height: y1 - y0, originX: -left - Double(x0), originY: -top - Double(y0),
                               ppem: ppem, pixels: pixels, png: png)
    }
}

/// A Cairo image surface written as PNG into memory.
private enum PNGBytes {
    static func of(_ surface: OpaquePointer) -> [UInt8]? {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(surface, { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        return status == CAIRO_STATUS_SUCCESS ? sink.bytes : nil
    }
}
