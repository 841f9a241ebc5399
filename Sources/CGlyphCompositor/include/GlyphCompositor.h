#ifndef GRIDRENDER_GLYPH_COMPOSITOR_H
#define GRIDRENDER_GLYPH_COMPOSITOR_H
/* Text on PNG bands without Cairo's process-wide glyph lock. See GlyphCompositor.c. */
#include <stdbool.h>
#include <stdint.h>
#include <cairo.h>

/* From now on, glyphs this thread shows on ARGB32 or RGB24 image surfaces are composited here,
   from this thread's glyph coverages (CGlyphRaster's, shared with the PNG player; pixel for
   pixel what Cairo composites). */
void grgc_begin(void);
/* Back to Cairo for this thread; its coverages are freed unless the PNG player still has them. */
void grgc_end(void);

/* Whether this thread composites glyphs itself (between `grgc_begin` and `grgc_end`). */
bool grgc_active(void);

/* Glyph calls this thread composited itself since `grgc_begin` (tests). */
uint64_t grgc_composited_calls(void);

/* Whether this file's cairo_show_glyphs is the one the libraries call (the executable exports it). */
bool grgc_interposed(void);

#endif
