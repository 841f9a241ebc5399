import CCairo

/// Glyph outlines as Cairo's SVG writer draws them: each glyph's path from the scaled font the
/// SVG surface would use (`cairo_glyph_path` on a scratch SVG context with the identity
/// transform: the surface's font options merged with the font's, as `cairo_show_glyphs` on the
/// document's context merges them), in Cairo's fixed-point coordinates, as SVG path data.
/// One per painting thread: a Cairo context is not shared.
final class GlyphOutlines {
    private let cr: CairoContext

    init() throws {
        cr = try CairoContext(CairoSurface.svg(width: 1, height: 1))
    }

    /// The outline of `glyph` of `font` at the origin, as SVG path data (empty for a glyph with
    /// no ink, such as a space).
    func pathData(font: OpaquePointer, glyph: UInt32) throws -> [UInt8] {
        let p = cr.pointer
        cairo_new_path(p)
        cairo_set_scaled_font(p, font)
        var g = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
        cairo_glyph_path(p, &g, 1)
        try cr.checkStatus("outlining glyph \(glyph)")
        guard let path = cairo_copy_path(p) else { throw RenderError("outlining glyph \(glyph): no path") }
        defer { cairo_path_destroy(path); cairo_new_path(p) }
        guard path.pointee.status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("outlining glyph \(glyph): \(CairoSurface.describe(path.pointee.status))")
        }
        var out: [UInt8] = []
        var i = 0
        let count = Int(path.pointee.num_data)
        guard count > 0, let data = path.pointee.data else { return [] }
        // A path that only moves draws nothing; Cairo ends each closed subpath with a move.
        var draws = false
        func point(_ k: Int) {
            SVGNumber.append(data[k].point.x, to: &out)
            out.append(UInt8(ascii: " "))
            SVGNumber.append(data[k].point.y, to: &out)
        }
        while i < count {
            let header = data[i].header
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                // Only a move that starts a drawn subpath matters.
                if i + Int(header.length) < count, data[i + Int(header.length)].header.type != CAIRO_PATH_MOVE_TO {
                    out.append(UInt8(ascii: "M")); point(i + 1)
                }
            case CAIRO_PATH_LINE_TO:
                out.append(UInt8(ascii: "L")); point(i + 1); draws = true
            case CAIRO_PATH_CURVE_TO:
                out.append(UInt8(ascii: "C")); point(i + 1)
                out.append(UInt8(ascii: " ")); point(i + 2)
                out.append(UInt8(ascii: " ")); point(i + 3); draws = true
            case CAIRO_PATH_CLOSE_PATH:
                out.append(UInt8(ascii: "Z"))
            default: break
            }
            i += Int(header.length)
        }
        return draws ? out : []
    }

    /// A key for `font` that two Pango contexts' copies of one font share and other fonts do
    /// not: its size and transform, its metrics, and the outlines and advances of a few
    /// characters (each painting thread shapes with a context of its own, whose scaled-font
    /// objects differ).
    func key(font: OpaquePointer) throws -> UInt64 {
        var hash = FNV()
        var matrix = cairo_matrix_t()
        cairo_scaled_font_get_font_matrix(font, &matrix)
        for v in [matrix.xx, matrix.yx, matrix.xy, matrix.yy] { hash.add(v.bitPattern) }
        var extents = cairo_font_extents_t()
        cairo_scaled_font_extents(font, &extents)
        for v in [extents.ascent, extents.descent, extents.height, extents.max_x_advance] { hash.add(v.bitPattern) }
        var glyphs: UnsafeMutablePointer<cairo_glyph_t>?
        var count: Int32 = 0
        let status = cairo_scaled_font_text_to_glyphs(font, 0, 0, "0Aag@", -1, &glyphs, &count, nil, nil, nil)
        guard status == CAIRO_STATUS_SUCCESS, let glyphs else { throw RenderError("font key: \(CairoSurface.describe(status))") }
        defer { cairo_glyph_free(glyphs) }
        for k in 0..<Int(count) {
            hash.add(UInt64(glyphs[k].index))
            hash.add(glyphs[k].x.bitPattern)
            for byte in try pathData(font: font, glyph: UInt32(glyphs[k].index)) { hash.add(UInt64(byte)) }
        }
        return hash.value
    }

    /// FNV-1a over 64-bit words (deterministic across processes, unlike `Hasher`).
    private struct FNV {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        mutating func add(_ word: UInt64) {
            var w = word
            for _ in 0..<8 { value = (value ^ (w & 0xff)) &* 0x100_0000_01b3; w >>= 8 }
        }
    }
}
