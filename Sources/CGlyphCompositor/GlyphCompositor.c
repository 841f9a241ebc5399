// Text on PNG bands without Cairo's process-wide glyph lock.
//
// cairo 1.16 composites the glyphs of every `cairo_show_glyphs` call on an image surface while
// holding one process-wide mutex (its pixman glyph cache's) and the scaled font's own mutex, and
// every glyph it looks up moves to the front of a shared list. The scaled fonts themselves are
// shared by every thread (Cairo keys them by face, size and options). Two threads painting PNG
// bands therefore take turns for all their text: on two cores a band cost twice the CPU time
// and PNG did not get faster with a second thread (docs/performance.md).
//
// This file defines `cairo_show_glyphs`. Linked into an executable that also links libpangocairo,
// it is exported (the library refers to it), so Pango's calls come here. On a thread that called
// `grgc_begin` (a PNG painting thread), glyphs shown on an ARGB32 or RGB24 image surface are
// composited here with pixman, from this thread's own copy of each glyph's coverage; everything
// else goes to Cairo's own function (found with dlsym(RTLD_NEXT)).
//
// The pixels are Cairo's, bit for bit. A glyph's coverage is what Cairo itself draws for that
// glyph alone at a whole pixel, onto a cleared surface with an opaque source (computed once per
// thread, glyph and scaled font). The call is then composited as cairo 1.16's image compositor
// does: glyphs to device space as the gstate places them (dropping those ten font sizes outside
// the surface), positions rounded half up to whole pixels, and Cairo's overlap test (does a
// glyph's ink box, in 24.8 fixed point, meet the box of all glyphs before it). Without overlap
// each glyph is composited OVER in turn; with overlap the glyphs are ADDed into an A8 mask over
// their rounded-out extents, which is composited once, as `pixman_composite_glyphs` does. The
// source is the same pixman solid fill Cairo makes from the colour's premultiplied 16-bit values.
// What this does not reproduce goes to Cairo: another operator or source, a clip that is not
// whole device pixels, a rotated or skewed transform, a group with a device offset, colour
// glyphs (emoji), anything but grey antialiasing, and glyphs over `max_glyph_side` pixels.
// GlyphCompositorTests compare both ways over thousands of random calls.
//
// One difference is on purpose: cairo 1.16 draws nothing at all of a glyph call on an image
// surface whose glyphs reach past 32,767 px or so (a long unbroken line crossing a PNG tile
// lost up to ~1,700 px of its text before the tile's right edge). Here every glyph is drawn.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <pixman.h>
#include "GlyphCompositor.h"

typedef void (*show_glyphs_fn)(cairo_t *, const cairo_glyph_t *, int);
static show_glyphs_fn cairo_own_show_glyphs;
static pthread_once_t resolved = PTHREAD_ONCE_INIT;
static void resolve(void) { cairo_own_show_glyphs = (show_glyphs_fn)dlsym(RTLD_NEXT, "cairo_show_glyphs"); }

/* Glyphs larger than this (device pixels a side) are left to Cairo. */
static const int max_glyph_side = 96;

/* One glyph of one scaled font: its coverage (A8, NULL when it has no pixels), placed so that
   pixel (0, 0) is `ox`, `oy` pixels left of and above the glyph's rounded origin, and its ink
   box relative to the origin in 24.8 fixed point (Cairo's `scaled_glyph->bbox`). */
struct glyph {
    cairo_scaled_font_t *font;   /* referenced; NULL: empty slot */
    unsigned long index;
    pixman_image_t *coverage;
    uint8_t *bits;
    int ox, oy, width, height;
    int32_t x1, y1, x2, y2;
    int unsupported;             /* a colour glyph, or too large */
};

/* One thread's glyphs (open addressing on font and index) and counters. */
struct cache {
    struct glyph *slots;
    size_t capacity, count;
    cairo_scaled_font_t *checked_font;   /* the last font found to be grey-antialiased, referenced:
                                            a freed font's address may come back as another font */
    uint64_t composited;
};

static __thread struct cache *active;

static void cache_free(struct cache *cache) {
    if (!cache) return;
    for (size_t i = 0; i < cache->capacity; i++) {
        struct glyph *g = &cache->slots[i];
        if (!g->font) continue;
        if (g->coverage) pixman_image_unref(g->coverage);
        free(g->bits);
        cairo_scaled_font_destroy(g->font);
    }
    free(cache->slots);
    if (cache->checked_font) cairo_scaled_font_destroy(cache->checked_font);
    free(cache);
}

void grgc_begin(void) {
    pthread_once(&resolved, resolve);
    if (!active) active = calloc(1, sizeof *active);
}

void grgc_end(void) {
    cache_free(active);
    active = NULL;
}

bool grgc_active(void) { return active != NULL; }

uint64_t grgc_composited_calls(void) { return active ? active->composited : 0; }

bool grgc_interposed(void) {
    return dlsym(RTLD_DEFAULT, "cairo_show_glyphs") == (void *)cairo_show_glyphs;
}

static size_t slot_of(cairo_scaled_font_t *font, unsigned long index) {
    uint64_t h = (uint64_t)(uintptr_t)font * 0x9e3779b97f4a7c15ull ^ (uint64_t)index * 0xc2b2ae3d27d4eb4full;
    return (size_t)(h ^ (h >> 29));
}

static int grow(struct cache *cache) {
    size_t capacity = cache->capacity ? cache->capacity * 2 : 256;
    struct glyph *slots = calloc(capacity, sizeof *slots);
    if (!slots) return 1;
    for (size_t i = 0; i < cache->capacity; i++) {
        struct glyph *g = &cache->slots[i];
        if (!g->font) continue;
        size_t k = slot_of(g->font, g->index) & (capacity - 1);
        while (slots[k].font) k = (k + 1) & (capacity - 1);
        slots[k] = *g;
    }
    free(cache->slots);
    cache->slots = slots;
    cache->capacity = capacity;
    return 0;
}

/* Cairo's _cairo_fixed_from_double: 24.8, to nearest (ties to even). */
static int32_t fixed_from_double(double d) { return (int32_t)lrint(d * 256.0); }

/* Cairo's _cairo_lround: to nearest, halves up. */
static int round_half_up(double x) { return (int)floor(x + 0.5); }

/* Draws the glyph alone with Cairo, its origin on a whole pixel, black and opaque on a cleared
   ARGB32 surface: the alpha channel is then exactly the coverage Cairo composites for it, and
   any colour in the other channels marks a colour glyph. */
static int capture(struct glyph *g, cairo_scaled_font_t *font, const cairo_matrix_t *ctm, unsigned long index) {
    cairo_glyph_t one = {index, 0, 0};
    cairo_text_extents_t e;
    cairo_scaled_font_glyph_extents(font, &one, 1, &e);
    if (cairo_scaled_font_status(font)) return 1;
    /* The ink box in device units: the font's user space scaled by the (diagonal) transform. */
    double sx = ctm->xx, sy = ctm->yy;
    g->x1 = fixed_from_double(e.x_bearing * sx);
    g->y1 = fixed_from_double(e.y_bearing * sy);
    g->x2 = fixed_from_double((e.x_bearing + e.width) * sx);
    g->y2 = fixed_from_double((e.y_bearing + e.height) * sy);
    if (!(e.width > 0 && e.height > 0)) return 0;
    const int margin = 3;   /* coverage reaches at most a pixel past the ink box */
    double left = floor(e.x_bearing * sx) - margin, top = floor(e.y_bearing * sy) - margin;
    double width = ceil((e.x_bearing + e.width) * sx) + margin - left, height = ceil((e.y_bearing + e.height) * sy) + margin - top;
    if (!(width <= max_glyph_side && height <= max_glyph_side)) { g->unsupported = 1; return 0; }
    int w = (int)width, h = (int)height;
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t *cr = cairo_create(surface);
    cairo_matrix_t m = *ctm;
    m.x0 = -left;
    m.y0 = -top;
    cairo_set_matrix(cr, &m);
    cairo_set_scaled_font(cr, font);
    cairo_set_source_rgba(cr, 0, 0, 0, 1);
    cairo_own_show_glyphs(cr, &one, 1);
    cairo_status_t status = cairo_status(cr);
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    if (status || cairo_surface_status(surface)) { cairo_surface_destroy(surface); return 1; }
    const uint8_t *argb = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface), a8_stride = (w + 3) & ~3;
    g->bits = malloc((size_t)a8_stride * (size_t)h);
    if (!g->bits) { cairo_surface_destroy(surface); return 1; }
    for (int y = 0; y < h; y++) {
        const uint32_t *row = (const uint32_t *)(argb + (size_t)y * (size_t)stride);
        for (int x = 0; x < w; x++) {
            if (row[x] & 0x00ffffffu) g->unsupported = 1;
            g->bits[(size_t)y * (size_t)a8_stride + (size_t)x] = (uint8_t)(row[x] >> 24);
        }
    }
    cairo_surface_destroy(surface);
    g->coverage = pixman_image_create_bits(PIXMAN_a8, w, h, (uint32_t *)g->bits, a8_stride);
    if (!g->coverage) return 1;
    g->ox = (int)-left;
    g->oy = (int)-top;
    g->width = w;
    g->height = h;
    return 0;
}

/* This thread's copy of glyph `index` of `font` (whose transform is `ctm`), made on first use
   when `make` is set; NULL when it is not there or cannot be made. Making one may move the
   table, so a call's glyphs are all made first and their pointers taken after. */
static struct glyph *lookup(struct cache *cache, cairo_scaled_font_t *font, const cairo_matrix_t *ctm, unsigned long index, int make) {
    if (make && (cache->count + 1) * 2 > cache->capacity && grow(cache)) return NULL;
    if (!cache->capacity) return NULL;
    size_t k = slot_of(font, index) & (cache->capacity - 1);
    while (cache->slots[k].font) {
        if (cache->slots[k].font == font && cache->slots[k].index == index) return &cache->slots[k];
        k = (k + 1) & (cache->capacity - 1);
    }
    if (!make) return NULL;
    struct glyph g = {0};
    if (capture(&g, font, ctm, index)) {
        if (g.coverage) pixman_image_unref(g.coverage);
        free(g.bits);
        return NULL;
    }
    g.font = cairo_scaled_font_reference(font);
    g.index = index;
    cache->slots[k] = g;
    cache->count++;
    return &cache->slots[k];
}

static int is_translation(const cairo_matrix_t *m) { return m->xx == 1 && m->yx == 0 && m->xy == 0 && m->yy == 1; }

/* Cairo's premultiplied 16-bit colour channel. */
static uint16_t color_short(double d) { return (uint16_t)(d * 65535.0 + 0.5); }

/* The clip as a region of whole device pixels within the surface; 1 when it is not one. */
static int device_clip(cairo_t *cr, int width, int height, pixman_region32_t *clip) {
    cairo_rectangle_list_t *list = cairo_copy_clip_rectangle_list(cr);
    if (list->status) { cairo_rectangle_list_destroy(list); return 1; }
    pixman_region32_init(clip);
    for (int i = 0; i < list->num_rectangles; i++) {
        cairo_rectangle_t c = list->rectangles[i];
        double x0 = c.x, y0 = c.y, x1 = c.x + c.width, y1 = c.y + c.height;
        cairo_user_to_device(cr, &x0, &y0);
        cairo_user_to_device(cr, &x1, &y1);
        if (x0 != floor(x0) || y0 != floor(y0) || x1 != floor(x1) || y1 != floor(y1) || x1 < x0 || y1 < y0
            || fabs(x0) > 1e9 || fabs(y0) > 1e9 || fabs(x1) > 1e9 || fabs(y1) > 1e9) {
            cairo_rectangle_list_destroy(list);
            pixman_region32_fini(clip);
            return 1;
        }
        pixman_region32_union_rect(clip, clip, (int)x0, (int)y0, (unsigned)(x1 - x0), (unsigned)(y1 - y0));
    }
    cairo_rectangle_list_destroy(list);
    pixman_region32_intersect_rect(clip, clip, 0, 0, (unsigned)width, (unsigned)height);
    return 0;
}

/* A glyph placed: its copy and its rounded device origin. */
struct placed { const struct glyph *glyph; unsigned long index; int x, y; };

static int show(struct cache *cache, cairo_t *cr, const cairo_glyph_t *glyphs, int count) {
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
    cairo_matrix_t ctm, font_matrix;
    cairo_get_matrix(cr, &ctm);
    cairo_get_font_matrix(cr, &font_matrix);
    if (ctm.xy != 0 || ctm.yx != 0 || !(ctm.xx > 0) || !(ctm.yy > 0)) return 1;
    cairo_scaled_font_t *font = cairo_get_scaled_font(cr);
    if (cairo_scaled_font_status(font)) return 1;
    if (font != cache->checked_font) {
        cairo_font_options_t *options = cairo_font_options_create();
        cairo_scaled_font_get_font_options(font, options);
        int grey = cairo_font_options_get_antialias(options) == CAIRO_ANTIALIAS_GRAY;
        cairo_font_options_destroy(options);
        if (!grey) return 1;
        if (cache->checked_font) cairo_scaled_font_destroy(cache->checked_font);
        cache->checked_font = cairo_scaled_font_reference(font);
    }
    int width = cairo_image_surface_get_width(target), height = cairo_image_surface_get_height(target);

    /* The clip, and glyphs to device space as Cairo's gstate does it: those ten font sizes
       outside the clip's extents are dropped (they take no part in the overlap test). */
    pixman_region32_t clip;
    if (device_clip(cr, width, height, &clip)) return 1;
    pixman_box32_t visible = *pixman_region32_extents(&clip);
    if (visible.x2 <= visible.x1 || visible.y2 <= visible.y1) { pixman_region32_fini(&clip); return 0; }
    cairo_matrix_t scale;
    cairo_scaled_font_get_scale_matrix(font, &scale);
    if (scale.xy != 0 || scale.yx != 0) { pixman_region32_fini(&clip); return 1; }
    double reach = 10 * fmax(fabs(scale.xx), fabs(scale.yy));
    double lx = visible.x1 - reach, ly = visible.y1 - reach, hx = visible.x2 + reach, hy = visible.y2 + reach;
    int translation = is_translation(&ctm);
    double tx = font_matrix.x0 + ctm.x0, ty = font_matrix.y0 + ctm.y0;
    cairo_matrix_t aggregate;
    cairo_matrix_init_translate(&aggregate, font_matrix.x0, font_matrix.y0);
    cairo_matrix_multiply(&aggregate, &aggregate, &ctm);
    struct placed stack[128];
    struct placed *placed = count <= 128 ? stack : malloc(sizeof *placed * (size_t)count);
    if (!placed) { pixman_region32_fini(&clip); return 1; }
    int kept = 0, failed = 0;
    for (int i = 0; i < count; i++) {
        double x = glyphs[i].x, y = glyphs[i].y;
        if (translation) {
            x += tx; y += ty;
        } else {
            cairo_matrix_transform_point(&aggregate, &x, &y);
        }
        if (!(x >= lx && x <= hx && y >= ly && y <= hy)) continue;
        if (!(fabs(x) < 1e9 && fabs(y) < 1e9)) { failed = 1; break; }
        const struct glyph *glyph = lookup(cache, font, &ctm, glyphs[i].index, 1);
        if (!glyph || glyph->unsupported) { failed = 1; break; }
        placed[kept++] = (struct placed){NULL, glyphs[i].index, round_half_up(x), round_half_up(y)};
    }
    /* Every glyph is in the table now, which no longer moves. */
    for (int i = 0; i < kept && !failed; i++) {
        placed[i].glyph = lookup(cache, font, &ctm, placed[i].index, 0);
        if (!placed[i].glyph) failed = 1;
    }
    if (failed) {
        pixman_region32_fini(&clip);
        if (placed != stack) free(placed);
        return 1;
    }

    /* Cairo's overlap test: does a glyph's box meet the box of all the glyphs before it. */
    int overlap = 0;
    int32_t bx1 = INT32_MAX, by1 = INT32_MAX, bx2 = INT32_MIN, by2 = INT32_MIN;
    for (int i = 0; i < kept; i++) {
        const struct glyph *gl = placed[i].glyph;
        int32_t X = placed[i].x * 256, Y = placed[i].y * 256;
        int32_t x1 = gl->x1 + X, y1 = gl->y1 + Y, x2 = gl->x2 + X, y2 = gl->y2 + Y;
        if (!overlap && x1 != x2 && y1 != y2) overlap = x2 > bx1 && x1 < bx2 && y2 > by1 && y1 < by2;
        if (x1 < bx1) bx1 = x1;
        if (y1 < by1) by1 = y1;
        if (x2 > bx2) bx2 = x2;
        if (y2 > by2) by2 = y2;
    }

    pixman_color_t color = {color_short(r * a), color_short(g * a), color_short(b * a), color_short(a)};
    pixman_image_t *solid = pixman_image_create_solid_fill(&color);
    cairo_surface_flush(target);
    pixman_image_t *dest = pixman_image_create_bits(format == CAIRO_FORMAT_ARGB32 ? PIXMAN_a8r8g8b8 : PIXMAN_x8r8g8b8, width, height,
                                                    (uint32_t *)cairo_image_surface_get_data(target), cairo_image_surface_get_stride(target));
    int status = !solid || !dest;
    if (!status) pixman_image_set_clip_region32(dest, &clip);
    if (status) {
    } else if (!overlap || kept == 1) {
        for (int i = 0; i < kept; i++) {
            const struct glyph *gl = placed[i].glyph;
            if (gl->coverage)
                pixman_image_composite32(PIXMAN_OP_OVER, solid, gl->coverage, dest, 0, 0, 0, 0,
                                         placed[i].x - gl->ox, placed[i].y - gl->oy, gl->width, gl->height);
        }
    } else if (kept > 0) {
        /* Through a mask over the glyphs' boxes rounded out, within the clip. */
        pixman_box32_t *box = pixman_region32_extents(&clip);
        int ex1 = (int)floor(bx1 / 256.0), ey1 = (int)floor(by1 / 256.0), ex2 = (int)ceil(bx2 / 256.0), ey2 = (int)ceil(by2 / 256.0);
        if (ex1 < box->x1) ex1 = box->x1;
        if (ey1 < box->y1) ey1 = box->y1;
        if (ex2 > box->x2) ex2 = box->x2;
        if (ey2 > box->y2) ey2 = box->y2;
        if (ex2 > ex1 && ey2 > ey1) {
            pixman_image_t *mask = pixman_image_create_bits(PIXMAN_a8, ex2 - ex1, ey2 - ey1, NULL, -1);
            if (!mask) {
                status = 1;
            } else {
                for (int i = 0; i < kept; i++) {
                    const struct glyph *gl = placed[i].glyph;
                    if (gl->coverage)
                        pixman_image_composite32(PIXMAN_OP_ADD, gl->coverage, NULL, mask, 0, 0, 0, 0,
                                                 placed[i].x - gl->ox - ex1, placed[i].y - gl->oy - ey1, gl->width, gl->height);
                }
                pixman_image_composite32(PIXMAN_OP_OVER, solid, mask, dest, 0, 0, 0, 0, ex1, ey1, ex2 - ex1, ey2 - ey1);
                pixman_image_unref(mask);
            }
        }
    }
    if (dest) pixman_image_unref(dest);
    if (solid) pixman_image_unref(solid);
    cairo_surface_mark_dirty(target);
    pixman_region32_fini(&clip);
    if (placed != stack) free(placed);
    return status;
}

void cairo_show_glyphs(cairo_t *cr, const cairo_glyph_t *glyphs, int num_glyphs) {
    pthread_once(&resolved, resolve);
    struct cache *cache = active;
    if (cache && num_glyphs > 0 && glyphs && cairo_status(cr) == CAIRO_STATUS_SUCCESS) {
        if (show(cache, cr, glyphs, num_glyphs) == 0) {
            cache->composited++;
            return;
        }
    }
    cairo_own_show_glyphs(cr, glyphs, num_glyphs);
}
