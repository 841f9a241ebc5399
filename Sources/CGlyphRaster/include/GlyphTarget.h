#ifndef GRIDRENDER_GLYPH_TARGET_H
#define GRIDRENDER_GLYPH_TARGET_H
/* The compositing both glyph compositors share (the PNG player's quarter-pixel one, GlyphRaster.c,
   and the opt-in cairo_show_glyphs, CGlyphCompositor): a call's target, colour and clip, and
   glyph coverages composited onto it as cairo 1.16's image compositor does. See GlyphTarget.c. */
#include <cairo.h>
#include <pixman.h>

/* Where a glyph call draws: an ARGB32 or RGB24 image surface without device offset or scale,
   OVER, in a solid colour (Cairo's premultiplied 16-bit channels), within a clip. */
struct grgr_target {
    cairo_surface_t *surface;
    pixman_format_code_t format;
    int width, height;
    pixman_color_t color;
    pixman_region32_t clip;    /* the device pixels wholly inside the clip, within the surface */
    pixman_region32_t edge;    /* the pixels the clip covers in part (none when it is whole pixels) */
    pixman_box32_t visible;    /* the box of the pixels the clip touches: Cairo's clip extents */
};

/* One glyph's coverage (A8; NULL: no pixels), its pixel (0, 0) at device pixel (x, y). */
struct grgr_coverage {
    pixman_image_t *image;
    int x, y, width, height;
};

/* Fills `target` for a glyph call on `cr`; 0, or 1 when the call is not one the compositors
   draw (nothing to close then). `known_clip` (device x0, y0, x1, y1 with Cairo's numbers, or
   NULL) is the clip's box when Cairo cannot report it as rectangles (off the pixel grid). */
int grgr_target_open(cairo_t *cr, const double *known_clip, struct grgr_target *target);

/* Composites `count` coverages onto the target within its whole-pixel clip: each OVER in turn
   in the solid colour, or, with `overlap` (Cairo's test: a glyph's ink box meets the box of
   those before it), all ADDed into an A8 mask over their boxes and composited once. 0 or 1. */
int grgr_target_composite(struct grgr_target *target, const struct grgr_coverage *glyphs, int count, int overlap);

/* Frees what `grgr_target_open` made. */
void grgr_target_close(struct grgr_target *target);

#endif
