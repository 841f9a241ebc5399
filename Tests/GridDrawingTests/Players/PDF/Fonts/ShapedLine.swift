import Testing
import CCairo
import CPangoCairo
@testable import GridDrawing

/// One line of text shaped by Pango as the Cairo route shapes it (a context on a Cairo PDF
/// surface, 72 dpi): per run its scaled font and glyphs with their positions (points from the
/// line's left end and baseline) and the text each glyph stands for (a cluster's text split
/// over its glyphs by `PDFClusterText`), which is what the writer hands to `PDFFontEmbedder`.
struct ShapedLine {
    struct Glyph {
        var id: UInt32
        var x: Double
        var y: Double
        var text: String
    }

    struct Run {
        var font: ScaledFont
        var glyphs: [Glyph]
    }

    var runs: [Run] = []

    /// `text` in `font` (a Pango font description, "DejaVu Sans 14"), with a font map of its own
    /// on fontconfig's current configuration (the system's fonts). Every run must come with a
    /// Cairo scaled font: until 2026-11-27 none did once another suite had rendered, because the
    /// library emptied that configuration (HostPangoAlongsideRendersTests).
    init(_ text: String, font: String) {
        shape(text, font: font)
        placeEachGlyphOnItsOwn()
    }

    /// Shapes `text` into `runs`; a run without a font with a Cairo scaled font is an issue.
    private mutating func shape(_ text: String, font: String) {
        let surface = cairo_pdf_surface_create_for_stream(nil, nil, 100, 100)
        let cr = cairo_create(surface)
        defer { cairo_destroy(cr); cairo_surface_destroy(surface) }
        let fontMap = pango_cairo_font_map_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(fontMap)) }
        let context = pango_font_map_create_context(UnsafeMutableRawPointer(fontMap).assumingMemoryBound(to: PangoFontMap.self))!
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        pango_cairo_update_context(cr, context)
        let layout = pango_layout_new(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_cairo_context_set_resolution(pango_layout_get_context(layout), 72)
        pango_layout_context_changed(layout)
        let description = pango_font_description_from_string(font)
        defer { pango_font_description_free(description) }
        pango_layout_set_font_description(layout, description)
        let utf8 = Array(text.utf8)
        pango_layout_set_text(layout, text, Int32(utf8.count))
        let iter = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iter) }
        let baseline = Double(pango_layout_iter_get_baseline(iter)) / 1024
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iter) else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_run_extents(iter, nil, &logical)
            let item = run.pointee.item.pointee, string = run.pointee.glyphs.pointee
            guard let scaled = item.analysis.font.flatMap({ pango_cairo_font_get_scaled_font(OpaquePointer($0)) }) else {
                Issue.record("no Cairo scaled font for a run of \(text) in \(font)")
                runs = []
                return
            }
            let itemBytes = Array(utf8[Int(item.offset)..<Int(item.offset + item.length)])
            let starts = Set((0..<Int(string.num_glyphs)).map { Int(string.log_clusters[$0]) }).sorted()
            let font = ScaledFont(retaining: scaled)
            var glyphs: [Glyph] = []
            var clusters: [Int: [Int]] = [:]  // cluster start → its glyphs (indexes into `glyphs`)
            var position: Int32 = 0
            for i in 0..<Int(string.num_glyphs) {
                let info = string.glyphs[i], start = Int(string.log_clusters[i])
                if info.glyph & PANGO_GLYPH_UNKNOWN_FLAG == 0 {
                    clusters[start, default: []].append(glyphs.count)
                    glyphs.append(Glyph(id: info.glyph, x: Double(logical.x + position + info.geometry.x_offset) / 1024,
                                        y: baseline + Double(info.geometry.y_offset) / 1024, text: ""))
                }
                position += info.geometry.width
            }
            // Each cluster's text split over its glyphs, as the writer does.
            let splitter = PDFClusterText(font: font)
            for (start, members) in clusters {
                let end = starts.first { $0 > start } ?? itemBytes.count
                let texts = splitter.split(String(decoding: itemBytes[start..<end], as: UTF8.self), glyphs: members.map { glyphs[$0].id })
                for (member, text) in zip(members, texts) { glyphs[member].text = text }
            }
            runs.append(Run(font: font, glyphs: glyphs))
        } while pango_layout_iter_next_run(iter) != 0
    }

    /// Every other glyph a third of a point lower: Cairo's PDF then places each glyph with its
    /// own text position (`Td`) instead of a `TJ` step, whose rounding to 1/1000 em against
    /// widths it truncates moves glyphs by a fraction of a pixel. Both PDFs of a test show the
    /// same picture; the places stay a third of a point off Pango's 1/1024-point grid so
    /// poppler's quarter-pixel glyph positions never sit on a boundary.
    private mutating func placeEachGlyphOnItsOwn() {
        var i = 0
        for r in runs.indices {
            for g in runs[r].glyphs.indices {
                runs[r].glyphs[g].x += 1.0 / 3
                runs[r].glyphs[g].y += i % 2 == 1 ? 1.0 / 3 : 0
                i += 1
            }
        }
    }

    /// Every glyph of `font`'s runs and its text, as the writer collects them.
    func glyphs(of font: ScaledFont) -> [UInt32: String] {
        var map: [UInt32: String] = [:]
        for run in runs where run.font == font {
            for g in run.glyphs where map[g.id]?.isEmpty ?? true { map[g.id] = g.text }
        }
        return map
    }
}
