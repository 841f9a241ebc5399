import CCairo
import CPangoCairo
import Foundation
import GridDocument

/// Pango's hex box for a glyph its font lacks, computed as Pango 1.50's Cairo renderer does
/// (`_pango_cairo_font_private_get_hex_box_info` for the box's metrics from a small monospace
/// font, `_pango_cairo_renderer_draw_unknown_glyph` for where the frame and digits go), so a
/// player draws the same box without Pango (`FlatText.HexBox`).
enum HexBoxGeometry {
    /// The metrics Pango derives from `font` (`PangoCairoFontHexBoxInfo`).
    struct Metrics {
        /// The digits' font (retained: the font map may drop the Pango font).
        var miniFont: ScaledFont
        var rows: Int
        var digitWidth, digitHeight, padX, padY, lineWidth, boxHeight, boxDescent: Double
    }

    /// The box of `info`, the glyph at `dx`, `dy` from its run's start (`runX`, baseline `runY`;
    /// points from the layout's origin), in `color`; nil for what it does not replay (Pango's
    /// drawings for spaces, tabs and line breaks, the nicks of default-ignorable characters:
    /// the project shows none of them).
    static func box(for info: PangoGlyphInfo, font: UnsafeMutablePointer<PangoFont>, runX: Double, runY: Double, dx: Double, dy: Double,
                    color: Color, fonts: inout [OpaquePointer: ScaledFont]) -> FlatText.HexBox? {
        let ch = info.glyph & ~TextLayout.unknownGlyphFlag
        let invalid = info.glyph == 0xFFFF_FFFF || ch > 0x10FFFF   // PANGO_GLYPH_INVALID_INPUT
        guard invalid || (ch != 0x2423 && ch != 0x09 && ch != 0x0A && ch != 0x2028 && ch != 0x2029
                          && g_unichar_type(ch) != G_UNICODE_SPACE_SEPARATOR && g_unichar_iszerowidth(ch) == 0),
              let m = metrics(of: font) else { return nil }
        let mini = fonts[m.miniFont.pointer] ?? m.miniFont
        fonts[m.miniFont.pointer] = mini
        let rows = m.rows
        let cols = invalid ? 1 : (ch > 0xFFFF ? 6 : 4) / rows
        let name = invalid ? "" : String(format: ch > 0xFFFF ? "%06X" : "%04X", ch)
        let width = 3 * m.padX + Double(cols) * (m.digitWidth + m.padX)
        var lsb = (Double(info.geometry.width) / Double(PANGO_SCALE) - width) * 0.5
        lsb = (lsb / m.padX).rounded(.down) * m.padX
        var glyphs: [UInt32] = []
        for c in name.utf8 {
            guard let glyph = glyph(of: c, in: mini.pointer) else { return nil }
            glyphs.append(glyph)
        }
        return FlatText.HexBox(runX: runX, runY: runY, dx: dx, dy: dy, lsb: lsb, padX: m.padX, padY: m.padY,
                               digitWidth: m.digitWidth, digitHeight: m.digitHeight, boxHeight: m.boxHeight,
                               boxDescent: m.boxDescent, lineWidth: m.lineWidth, rows: rows, boxRows: m.rows, cols: cols,
                               invalid: invalid, digitFont: mini, digitGlyphs: glyphs, color: color,
                               character: invalid ? nil : ch)
    }

    /// The glyph `cairo_show_text` shows for the ASCII character `c` in `font`.
    static func glyph(of c: UInt8, in font: OpaquePointer) -> UInt32? {
        var glyphs: UnsafeMutablePointer<cairo_glyph_t>?
        var count: Int32 = 0
        let text = [CChar(bitPattern: c), 0]
        guard cairo_scaled_font_text_to_glyphs(font, 0, 0, text, 1, &glyphs, &count, nil, nil, nil) == CAIRO_STATUS_SUCCESS,
              let glyphs, count == 1 else { return nil }
        defer { cairo_glyph_free(glyphs) }
        return UInt32(glyphs[0].index)
    }

    /// `_pango_cairo_font_private_get_hex_box_info` from public API.
    static func metrics(of font: UnsafeMutablePointer<PangoFont>) -> Metrics? {
        guard let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font)),
              cairo_scaled_font_status(scaled) == CAIRO_STATUS_SUCCESS,
              let options = cairo_font_options_create() else { return nil }
        defer { cairo_font_options_destroy(options) }
        var ctm = cairo_matrix_t(), fontMatrix = cairo_matrix_t()
        cairo_scaled_font_get_ctm(scaled, &ctm)
        cairo_scaled_font_get_font_matrix(scaled, &fontMatrix)
        cairo_scaled_font_get_font_options(scaled, options)
        let hinted = cairo_font_options_get_hint_metrics(options) != CAIRO_HINT_METRICS_OFF
        var pangoCTM = PangoMatrix(xx: ctm.xx, xy: ctm.xy, yx: ctm.yx, yy: ctm.yy, x0: ctm.x0, y0: ctm.y0)
        var pangoFont = PangoMatrix(xx: fontMatrix.xx, xy: fontMatrix.xy, yx: fontMatrix.yx, yy: fontMatrix.yy,
                                    x0: fontMatrix.x0, y0: fontMatrix.y0)
        let size = pango_matrix_get_font_scale_factor(&pangoFont) / pango_matrix_get_font_scale_factor(&pangoCTM)
        var scaleX = 1.0, scaleY = 1.0
        if hinted {
            var x = 1.0, y = 0.0
            cairo_matrix_transform_distance(&ctm, &x, &y)
            scaleX = (x * x + y * y).squareRoot()
            x = 0; y = 1
            cairo_matrix_transform_distance(&ctm, &x, &y)
            scaleY = (x * x + y * y).squareRoot()
        }
        func hint(_ v: Double, _ scale: Double) -> Double { ((v - 1e-5) * scale).rounded(.up) * (1 / scale) }

        guard let desc = pango_font_describe_with_absolute_size(font) else { return nil }
        defer { pango_font_description_free(desc) }
        pango_font_description_unset_fields(desc, PANGO_FONT_MASK_GRAVITY)
        pango_font_description_set_family(desc, "monospace")
        var rows = 2
        var miniSize = size / 2.2
        if hinted {
            miniSize = hint(miniSize, scaleY)
            if miniSize < 6 {
                rows = 1
                miniSize = min(max(size - 1, 0), 6)
            }
        }
        pango_font_description_set_absolute_size(desc, Double(pango_units_from_double(miniSize)))
        guard let fontMap = pango_font_get_font_map(font), let context = pango_font_map_create_context(fontMap) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        pango_context_set_matrix(context, &pangoCTM)
        pango_context_set_language(context, pango_script_get_sample_language(PANGO_SCRIPT_LATIN))
        pango_cairo_context_set_font_options(context, options)
        guard let miniFont = pango_font_map_load_font(fontMap, context, desc) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(miniFont)) }
        guard let mini = pango_cairo_font_get_scaled_font(OpaquePointer(miniFont)),
              cairo_scaled_font_status(mini) == CAIRO_STATUS_SUCCESS else { return nil }
        var width = 0.0, height = 0.0
        for c in "0123456789ABCDEF".utf8 {
            var extents = cairo_text_extents_t()
            cairo_scaled_font_text_extents(mini, [CChar(bitPattern: c), 0], &extents)
            width = max(width, extents.width)
            height = max(height, extents.height)
        }
        var fontExtents = cairo_font_extents_t()
        cairo_scaled_font_extents(scaled, &fontExtents)
        if fontExtents.ascent + fontExtents.descent <= 0 {
            fontExtents.ascent = 14   // PANGO_UNKNOWN_GLYPH_HEIGHT
            fontExtents.descent = 0
        }
        let pad = min((fontExtents.ascent + fontExtents.descent) / 43, miniSize)
        var m = Metrics(miniFont: ScaledFont(retaining: mini), rows: rows, digitWidth: width, digitHeight: height, padX: pad, padY: pad,
                        lineWidth: 0, boxHeight: 0, boxDescent: 0)
        if hinted {
            m.digitWidth = hint(m.digitWidth, scaleX)
            m.digitHeight = hint(m.digitHeight, scaleY)
            m.padX = hint(m.padX, scaleX)
            m.padY = hint(m.padY, scaleY)
        }
        m.lineWidth = min(m.padX, m.padY)
        m.boxHeight = 3 * m.padY + Double(rows) * (m.padY + m.digitHeight)
        if rows == 1 || m.boxHeight <= fontExtents.ascent {
            m.boxDescent = 2 * m.padY
        } else if m.boxHeight <= fontExtents.ascent + fontExtents.descent - 2 * m.padY {
            m.boxDescent = 2 * m.padY + m.boxHeight - fontExtents.ascent
        } else {
            m.boxDescent = fontExtents.descent * m.boxHeight / (fontExtents.ascent + fontExtents.descent)
        }
        if hinted { m.boxDescent = hint(m.boxDescent, scaleY) }
        return m
    }
}
