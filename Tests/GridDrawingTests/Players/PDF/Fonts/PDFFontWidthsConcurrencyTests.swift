import CCairo
import Foundation
import Synchronization
import Testing
@testable import GridDrawing

/// The `/W` advances the PDF writer reads (`PDFFontEmbedder.widths`, on any lane) while Cairo
/// loads glyphs of the same face on another thread. Cairo shares one FreeType face per font file
/// and its lock does not stay held once `cairo_ft_scaled_font_lock_face` returns, so advances
/// read through the face's stream could be another glyph's (a people-1000 PDF on two threads came
/// out three ways in six runs: the bold header's "i" written with the width of the "d" after it).
/// They are read from the face's 'hmtx' where FreeType maps the file now (CFontSubset's
/// `sfnt_table`, no stream position moved); read through the shared face as before, this test
/// fails (25 of 200 reads wrong for DejaVu Serif).
@Suite struct PDFFontWidthsConcurrencyTests {
    @Test(arguments: ["DejaVu Sans Bold 14", "DejaVu Serif 11", "Noto Sans CJK JP 12"])
    func widthsStayTheFilesWhileCairoLoadsGlyphs(font description: String) throws {
        let line = ShapedLine("Hamburg Zürich 0123456789 identity 漢字かな", font: description)
        let font = try #require(line.runs.first?.font)
        nonisolated(unsafe) let face = try #require(cairo_scaled_font_get_font_face(font.pointer))
        let ids = (1...600).map(UInt32.init)
        let expected = try PDFFontEmbedder.widths(of: ids, in: font)
        #expect(Set(expected).count > 20, "a face of many advances")
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            if lane == 0 {
                // Cairo loading glyphs of the face at ever new sizes (each a new scaled font).
                var options: OpaquePointer? = cairo_font_options_create()
                defer { cairo_font_options_destroy(options); options = nil }
                for k in 0..<120 {
                    var matrix = cairo_matrix_t(), identity = cairo_matrix_t()
                    cairo_matrix_init_scale(&matrix, 5 + Double(k) * 0.37, 5 + Double(k) * 0.37)
                    cairo_matrix_init_identity(&identity)
                    let scaled = cairo_scaled_font_create(face, &matrix, &identity, options)
                    var glyphs = ids.map { cairo_glyph_t(index: UInt($0), x: 0, y: 0) }
                    var extents = cairo_text_extents_t()
                    cairo_scaled_font_glyph_extents(scaled, &glyphs, Int32(glyphs.count), &extents)
                    cairo_scaled_font_destroy(scaled)
                }
            } else {
                for _ in 0..<200 {
                    let widths = (try? PDFFontEmbedder.widths(of: ids, in: font)) ?? []
                    if widths != expected { mismatches.withLock { $0 += 1 } }
                }
            }
        }
        #expect(mismatches.withLock { $0 } == 0, "\(description): advances read wrong while Cairo loaded glyphs")
    }
}
