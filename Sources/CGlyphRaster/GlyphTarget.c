// A glyph call's target, colour and clip, and the compositing of glyph coverages onto it as
// cairo 1.16's image compositor does it (pixman: a solid fill of the colour's premultiplied
// 16-bit channels, each glyph OVER in turn, or through an A8 mask when glyphs overlap). Shared by
// the PNG player's quarter-pixel compositor (GlyphRaster.c) and the opt-in cairo_show_glyphs
// (Sources/CGlyphCompositor), which differ only in where their coverages come from and where
// they place them.
#include <limits.h>
#include <stddef.h>
#include <math.h>
#include "GlyphTarget.h"

/* Cairo's premultiplied 16-bit colour channel. */
static uint16_t color_short(double d) { return (uint16_t)(d * 65535.0 + 0.5); }

/* `d` rounded to Cairo's 24.8 fixed point (_cairo_fixed_from_double: to nearest). */
static double fixed(double d) { return fabs(d) < 1e9 ? (double)lrint(d * 256.0) / 256.0 : d; }

/* Adds box `b` (device, fractional) to `inner` as the whole pixels inside it and to `outer` as
   the pixels it touches; 1 when it is not a box. */
static int add_box(const double b[4], pixman_region32_t *inner, pixman_region32_t *outer) {
    if (!(b[2] >= b[0] && b[3] >= b[1])) return 1;
    for (int i = 0; i < 4; i++) if (!(fabs(b[i]) < 1e9)) return 1;
    double ix0 = ceil(b[0]), iy0 = ceil(b[1]), ix1 = floor(b[2]), iy1 = floor(b[3]);
    if (ix1 > ix0 && iy1 > iy0) pixman_region32_union_rect(inner, inner, (int)ix0, (int)iy0, (unsigned)(ix1 - ix0), (unsigned)(iy1 - iy0));
    double ox0 = floor(b[0]), oy0 = floor(b[1]), ox1 = ceil(b[2]), oy1 = ceil(b[3]);
    if (ox1 > ox0 && oy1 > oy0) pixman_region32_union_rect(outer, outer, (int)ox0, (int)oy0, (unsigned)(ox1 - ox0), (unsigned)(oy1 - oy0));
    return 0;
}

/* The clip within the surface as regions of whole device pixels: `clip` the pixels wholly
   inside it, `outer` those it touches (the same region when its edges are on whole pixels, as a
   cell's are at scale 1, not always at 1.5); 1 when it is not rectangles. Cairo reports a clip
   off the pixel grid as no rectangles: then `known` (or NULL) is the clip, when it agrees with
   Cairo's extents of it. */
static int device_clip(cairo_t *cr, int width, int height, const double *known, pixman_region32_t *clip, pixman_region32_t *outer) {
    cairo_rectangle_list_t *list = cairo_copy_clip_rectangle_list(cr);
    int failed = 0;
    pixman_region32_init(clip);
    pixman_region32_init(outer);
    if (list->status) {
        double x0, y0, x1, y1;
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1);
        cairo_user_to_device(cr, &x0, &y0);
        cairo_user_to_device(cr, &x1, &y1);
        /* Cairo's extents: the clip's box rounded out to whole pixels. */
        failed = !known || add_box(known, clip, outer)
            || lrint(fmin(x0, x1)) != (long)floor(known[0]) || lrint(fmin(y0, y1)) != (long)floor(known[1])
            || lrint(fmax(x0, x1)) != (long)ceil(known[2]) || lrint(fmax(y0, y1)) != (long)ceil(known[3]);
    }
    for (int i = 0; !list->status && !failed && i < list->num_rectangles; i++) {
        cairo_rectangle_t c = list->rectangles[i];
        double b[4] = {c.x, c.y, c.x + c.width, c.y + c.height};
        cairo_user_to_device(cr, &b[0], &b[1]);
        cairo_user_to_device(cr, &b[2], &b[3]);
        /* As Cairo keeps the clip: in 24.8 fixed point (a band's clip of 40 px at scale 1.5 is
           39.99999… px here, a whole pixel there). */
        for (int k = 0; k < 4; k++) b[k] = fixed(b[k]);
        failed = add_box(b, clip, outer);
    }
    cairo_rectangle_list_destroy(list);
    if (failed) {
        pixman_region32_fini(clip);
        pixman_region32_fini(outer);
        return 1;
    }
    pixman_region32_intersect_rect(clip, clip, 0, 0, (unsigned)width, (unsigned)height);
    pixman_region32_intersect_rect(outer, outer, 0, 0, (unsigned)width, (unsigned)height);
    return 0;
}

int grgr_target_open(cairo_t *cr, const double *known_clip, struct grgr_target *t) {
    cairo_surface_t *target = cairo_get_group_target(cr);
    if (!target || cairo_surface_status(target) || cairo_surface_get_type(target) != CAIRO_SURFACE_TYPE_IMAGE) return 1;
    cairo_format_t format = cairo_image_surface_get_format(target);
    if (format != CAIRO_FORMAT_ARGB32 && format != CAIRO_FORMAT_RGB24) return 1;
    double ox, oy, dsx, dsy;
    cairo_surface_get_device_offset(target, &ox, &oy);
    cairo_surface_get_device_scale(target, &dsx, &dsy);
    if (ox != 0 || oy != 0 || dsx != 1 || dsy != 1) return 1;
    if (cairo_get_operator(cr) != CAIRO_OPERATOR_OVER) return 1;
    double r, g, b, a;
    cairo_pattern_t *source = cairo_get_source(cr);
    if (cairo_pattern_get_type(source) != CAIRO_PATTERN_TYPE_SOLID || cairo_pattern_get_rgba(source, &r, &g, &b, &a)) return 1;
    t->surface = target;
    t->format = format == CAIRO_FORMAT_ARGB32 ? PIXMAN_a8r8g8b8 : PIXMAN_x8r8g8b8;
    t->width = cairo_image_surface_get_width(target);
    t->height = cairo_image_surface_get_height(target);
    t->color = (pixman_color_t){color_short(r * a), color_short(g * a), color_short(b * a), color_short(a)};
    pixman_region32_t outer;
    if (device_clip(cr, t->width, t->height, known_clip, &t->clip, &outer)) return 1;
    t->visible = *pixman_region32_extents(&outer);
    pixman_region32_init(&t->edge);
    pixman_region32_subtract(&t->edge, &outer, &t->clip);
    pixman_region32_fini(&outer);
    return 0;
}

void grgr_target_close(struct grgr_target *t) {
    pixman_region32_fini(&t->edge);
    pixman_region32_fini(&t->clip);
}

int grgr_target_composite(struct grgr_target *t, const struct grgr_coverage *glyphs, int count, int overlap) {
    pixman_image_t *solid = pixman_image_create_solid_fill(&t->color);
    cairo_surface_flush(t->surface);
    pixman_image_t *dest = pixman_image_create_bits(t->format, t->width, t->height, (uint32_t *)cairo_image_surface_get_data(t->surface),
                                                    cairo_image_surface_get_stride(t->surface));
    int status = !solid || !dest;
    if (!status) pixman_image_set_clip_region32(dest, &t->clip);
    if (status) {
    } else if (!overlap) {
        for (int i = 0; i < count; i++) {
            const struct grgr_coverage *gl = &glyphs[i];
            if (gl->image)
                pixman_image_composite32(PIXMAN_OP_OVER, solid, gl->image, dest, 0, 0, 0, 0, gl->x, gl->y, gl->width, gl->height);
        }
    } else {
        /* Through a mask over the glyphs' coverage boxes, within the clip (beyond a glyph's ink
           its coverage is 0, so a box larger than the ink changes no pixel). */
        pixman_box32_t *box = pixman_region32_extents(&t->clip);
        int ex1 = INT_MAX, ey1 = INT_MAX, ex2 = INT_MIN, ey2 = INT_MIN;
        for (int i = 0; i < count; i++) {
            const struct grgr_coverage *gl = &glyphs[i];
            if (!gl->image) continue;
            if (gl->x < ex1) ex1 = gl->x;
            if (gl->y < ey1) ey1 = gl->y;
            if (gl->x + gl->width > ex2) ex2 = gl->x + gl->width;
            if (gl->y + gl->height > ey2) ey2 = gl->y + gl->height;
        }
        if (ex1 < box->x1) ex1 = box->x1;
        if (ey1 < box->y1) ey1 = box->y1;
        if (ex2 > box->x2) ex2 = box->x2;
        if (ey2 > box->y2) ey2 = box->y2;
        if (ex2 > ex1 && ey2 > ey1) {
            pixman_image_t *mask = pixman_image_create_bits(PIXMAN_a8, ex2 - ex1, ey2 - ey1, NULL, -1);
            if (!mask) {
                status = 1;
            } else {
                for (int i = 0; i < count; i++) {
                    const struct grgr_coverage *gl = &glyphs[i];
                    if (gl->image)
                        pixman_image_composite32(PIXMAN_OP_ADD, gl->image, NULL, mask, 0, 0, 0, 0, gl->x - ex1, gl->y - ey1, gl->width, gl->height);
                }
                pixman_image_composite32(PIXMAN_OP_OVER, solid, mask, dest, 0, 0, 0, 0, ex1, ey1, ex2 - ex1, ey2 - ey1);
                pixman_image_unref(mask);
            }
        }
    }
    if (dest) pixman_image_unref(dest);
    if (solid) pixman_image_unref(solid);
    cairo_surface_mark_dirty(t->surface);
    return status;
}
