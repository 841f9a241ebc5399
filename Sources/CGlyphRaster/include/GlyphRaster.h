#ifndef GRIDRENDER_GLYPH_RASTER_H
#define GRIDRENDER_GLYPH_RASTER_H
/* PNG text at eighth-pixel positions, composited by the painting thread. See GlyphRaster.c. */
#include <stdbool.h>
#include <stdint.h>
#include <cairo.h>

/* From now on this thread keeps its own glyph coverage (per scaled font, glyph and phase) for
   `grgr_show_glyphs`; nested calls are counted, the copies are freed by the last `grgr_end`
   (unless `grgr_cairo_begin`'s user still has them). */
void grgr_begin(void);
void grgr_end(void);

/* Whether this thread is between `grgr_begin` and `grgr_end` (`grgr_show_glyphs` draws). */
bool grgr_active(void);

/* Shows `count` glyphs of `font` (whose glyphs are those of face `face_index` of the font file
   `file`; user-space positions, as for cairo_show_glyphs) with `cr`'s source, clip and transform
   (any scale: glyphs at the font's size times it, as Cairo draws them), at eighth-pixel
   positions across and down.
   0: shown. 1: nothing drawn, the caller shows them with Cairo (not an image surface, another
   operator or source, a glyph reaching a pixel the clip covers in part, a rotated or skewed
   transform, no active thread, a colour or synthesized or oversized glyph, font options other
   than grey antialiasing without hinting). */
int grgr_show_glyphs(cairo_t *cr, cairo_scaled_font_t *font, const char *file, int face_index,
                     const cairo_glyph_t *glyphs, int count);

/* `grgr_show_glyphs` with the clip's box known to the caller (`clip_box`: x0, y0, x1, y1 in
   device space, corners in Cairo's 24.8 fixed point; NULL: not known), for the clip Cairo does
   not report as rectangles: one off the pixel grid. */
int grgr_show_glyphs_in_clip(cairo_t *cr, cairo_scaled_font_t *font, const char *file, int face_index,
                             const cairo_glyph_t *glyphs, int count, const double *clip_box);

/* Glyph runs this thread showed itself, and coverages it rendered, since `grgr_begin` (tests). */
uint64_t grgr_shown_runs(void);
uint64_t grgr_rendered_coverages(void);

/* The opt-in cairo_show_glyphs' use of this thread's coverages (Sources/CGlyphCompositor): from
   `grgr_cairo_begin` to `grgr_cairo_end` (nested calls counted; the coverages are shared with
   `grgr_begin`'s and freed when neither is on), `grgr_show_cairo_glyphs` shows glyphs with
   `cr`'s scaled font as Cairo's image compositor does, pixel for pixel: on whole pixels, with
   Cairo's overlap test. 0: shown. 1: nothing drawn, the caller shows them with Cairo (what
   `grgr_show_glyphs` refuses, a clip that covers a pixel in part, a font with hinted metrics or
   without a font file). */
void grgr_cairo_begin(void);
void grgr_cairo_end(void);
bool grgr_cairo_active(void);
int grgr_show_cairo_glyphs(cairo_t *cr, const cairo_glyph_t *glyphs, int count);

/* Calls `grgr_show_cairo_glyphs` showed since `grgr_cairo_begin` (tests). */
uint64_t grgr_cairo_shown_runs(void);

#endif
