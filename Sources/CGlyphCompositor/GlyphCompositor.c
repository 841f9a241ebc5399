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
// their coverage boxes (0 beyond the ink), which is composited once, as `pixman_composite_glyphs`
// does. The
// source is the same pixman solid fill Cairo makes from the colour's premultiplied 16-bit values.
// That compositing is the PNG player's too: Sources/CGlyphRaster/GlyphTarget.c, called here.
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
/* The compositing it shares with the PNG player's compositor (CGlyphRaster, in the library
   every program that links this one links too). */
#include "GlyphTarget.h"

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

/* A glyph placed: its copy and its rounded device origin. */
struct placed { const struct glyph *glyph; unsigned long index; int x, y; };

static int show(struct cache *cache, cairo_t *cr, const cairo_glyph_t *glyphs, int count) {
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
    cairo_matrix_t scale;
    cairo_scaled_font_get_scale_matrix(font, &scale);
    if (scale.xy != 0 || scale.yx != 0) return 1;

    /* The target and clip (whole device pixels only: Cairo's coverage is not cut at a pixel it
       covers in part), and glyphs to device space as Cairo's gstate does it: those ten font
       sizes outside the clip's extents are dropped (they take no part in the overlap test). */
    struct grgr_target target;
    if (grgr_target_open(cr, NULL, &target)) return 1;
    pixman_box32_t visible = target.visible;
    if (pixman_region32_not_empty(&target.edge)) { grgr_target_close(&target); return 1; }
    if (visible.x2 <= visible.x1 || visible.y2 <= visible.y1) { grgr_target_close(&target); return 0; }
    double reach = 10 * fmax(fabs(scale.xx), fabs(scale.yy));
    double lx = visible.x1 - reach, ly = visible.y1 - reach, hx = visible.x2 + reach, hy = visible.y2 + reach;
    int translation = is_translation(&ctm);
    double tx = font_matrix.x0 + ctm.x0, ty = font_matrix.y0 + ctm.y0;
    cairo_matrix_t aggregate;
    cairo_matrix_init_translate(&aggregate, font_matrix.x0, font_matrix.y0);
    cairo_matrix_multiply(&aggregate, &aggregate, &ctm);
    struct placed stack[128];
    struct placed *placed = count <= 128 ? stack : malloc(sizeof *placed * (size_t)count);
    struct grgr_coverage coverage_stack[128];
    struct grgr_coverage *coverages = count <= 128 ? coverage_stack : malloc(sizeof *coverages * (size_t)count);
    int kept = 0, failed = !placed || !coverages;
    for (int i = 0; i < count && !failed; i++) {
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
        const struct glyph *gl = lookup(cache, font, &ctm, placed[i].index, 0);
        placed[i].glyph = gl;
        if (!gl) { failed = 1; break; }
        coverages[i] = (struct grgr_coverage){gl->coverage, placed[i].x - gl->ox, placed[i].y - gl->oy, gl->width, gl->height};
    }

    /* Cairo's overlap test: does a glyph's box meet the box of all the glyphs before it. */
    int overlap = 0;
    int32_t bx1 = INT32_MAX, by1 = INT32_MAX, bx2 = INT32_MIN, by2 = INT32_MIN;
    for (int i = 0; i < kept && !failed; i++) {
        const struct glyph *gl = placed[i].glyph;
        int32_t X = placed[i].x * 256, Y = placed[i].y * 256;
        int32_t x1 = gl->x1 + X, y1 = gl->y1 + Y, x2 = gl->x2 + X, y2 = gl->y2 + Y;
        if (!overlap && x1 != x2 && y1 != y2) overlap = x2 > bx1 && x1 < bx2 && y2 > by1 && y1 < by2;
        if (x1 < bx1) bx1 = x1;
        if (y1 < by1) by1 = y1;
        if (x2 > bx2) bx2 = x2;
        if (y2 > by2) by2 = y2;
    }
    int status = failed || grgr_target_composite(&target, coverages, kept, overlap && kept > 1);
    grgr_target_close(&target);
    if (placed && placed != stack) free(placed);
    if (coverages && coverages != coverage_stack) free(coverages);
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
