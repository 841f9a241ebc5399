// PNG text at quarter-pixel x positions, composited by the painting thread itself.
//
// Cairo 1.16's image compositor rounds every glyph to a whole device pixel, while the SVG and
// PDF players keep Pango's fractional positions, so a PNG's text spacing was uneven (a glyph up
// to half a pixel off) and differed from a raster of the SVG in ~1.8 % of pixels on real data.
// Here a glyph's x is rounded to a quarter pixel (its y to a whole pixel, as Cairo does: a
// baseline stays on one pixel row, sharp, and every glyph of a line shares it), and each glyph
// is drawn from its own coverage at that quarter-pixel phase: the outline FreeType loads for the
// scaled font at the size Cairo draws it (its font matrix times the context's transform: a
// canvas at scale 1.5, 2 or 3 gets glyphs 1.5, 2 or 3 times as large), without hinting, as the
// font options the project sets ask for (Cairo loads glyphs with FT_LOAD_NO_HINTING then too),
// moved right by 0, 16, 32 or 48 of its 1/64-pixel units and rendered by FreeType's grey
// rasterizer over its box rounded out to whole pixels, as Cairo renders a glyph. At phase 0 the
// coverage is Cairo's own, bit for bit, at any scale (PNGGlyphsTests).
//
// Each thread keeps its own coverages (open addressing on font, scale, glyph and phase),
// rendered on first use from its own FreeType faces (the font's file opened by this thread on
// its own FT_Library, sized as Cairo sizes it: Cairo's face may be in use by another thread, and
// cairo_ft_scaled_font_lock_face hands it back without its lock), then read without any lock:
// threads painting PNG bands never wait for each other's text. A call is composited as
// Cairo's image compositor does: with pixman, each glyph OVER in turn in a solid source of the
// colour's premultiplied 16-bit channels, or, when a glyph's ink box meets the box of the glyphs
// before it, all of them ADDed into an A8 mask over their boxes, composited once.
//
// What this does not draw, it leaves to the caller (which shows the run with Cairo, as Pango
// would): a surface other than an ARGB32 or RGB24 image, an operator other than OVER, a source
// other than a solid colour, a glyph reaching a pixel a clip covers in part, a rotated or skewed
// transform, font options other than grey antialiasing without hinting, synthesized bold or
// oblique, colour glyphs (emoji: no outline), and glyphs over `max_glyph_side` pixels.
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <pixman.h>
#include <cairo-ft.h>
#include FT_OUTLINE_H
#include "GlyphRaster.h"

/* Glyphs larger than this (device pixels a side) are left to Cairo. */
static const int max_glyph_side = 96;

/* Horizontal phases per pixel. */
enum { phases = 4 };

/* One glyph of one scaled font drawn under a transform of scale `sx`, `sy`, at one phase: its
   coverage (A8; NULL when it has no pixels), whose pixel (0, 0) is `ox`, `oy` pixels right of and below the whole pixel the glyph is placed
   on, and its ink box from that pixel's corner in 26.6 fixed point. */
struct glyph {
    cairo_scaled_font_t *font;   /* referenced; NULL: empty slot */
    double sx, sy;               /* the transform's scale: Cairo draws the font at its size times it */
    unsigned long index;
    int phase;
    pixman_image_t *coverage;
    uint8_t *bits;
    int ox, oy, width, height;
    long x1, y1, x2, y2;
    int unsupported;
};

/* A font file this thread opened itself, and the size it is set to. */
struct face {
    char *file;
    int index;
    FT_Face face;
    FT_F26Dot6 width, height;
};

/* One thread's coverages, its own FreeType library and faces (a face must not be used by two
   threads at once, and cairo_ft_scaled_font_lock_face gives its face back unlocked), and
   counters. */
struct cache {
    struct glyph *slots;
    size_t capacity, count;
    FT_Library library;
    struct face *faces;
    size_t face_count;
    cairo_scaled_font_t *checked_font;   /* the last font found to be drawable here, referenced:
                                            a freed font's address may come back as another font */
    uint64_t runs, rendered;
    int depth;
};

static __thread struct cache *active;

void grgr_begin(void) {
    if (!active) active = calloc(1, sizeof *active);
    if (active) active->depth++;
}

void grgr_end(void) {
    struct cache *cache = active;
    if (!cache || --cache->depth > 0) return;
    for (size_t i = 0; i < cache->capacity; i++) {
        struct glyph *g = &cache->slots[i];
        if (!g->font) continue;
        if (g->coverage) pixman_image_unref(g->coverage);
        free(g->bits);
        cairo_scaled_font_destroy(g->font);
    }
    free(cache->slots);
    if (cache->checked_font) cairo_scaled_font_destroy(cache->checked_font);
    for (size_t i = 0; i < cache->face_count; i++) {
        if (cache->faces[i].face) FT_Done_Face(cache->faces[i].face);
        free(cache->faces[i].file);
    }
    free(cache->faces);
    if (cache->library) FT_Done_FreeType(cache->library);
    free(cache);
    active = NULL;
}

bool grgr_active(void) { return active != NULL; }

uint64_t grgr_shown_runs(void) { return active ? active->runs : 0; }

uint64_t grgr_rendered_coverages(void) { return active ? active->rendered : 0; }

/* The bits of a transform's scale factor, for hashing (equal factors, equal bits: never -0). */
static uint64_t scale_bits(double d) {
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static size_t slot_of(cairo_scaled_font_t *font, double sx, double sy, unsigned long index, int phase) {
    uint64_t h = (uint64_t)(uintptr_t)font * 0x9e3779b97f4a7c15ull ^ ((uint64_t)index * phases + (uint64_t)phase) * 0xc2b2ae3d27d4eb4full
        ^ (scale_bits(sx) * 0x165667b19e3779f9ull + scale_bits(sy)) * 0x27d4eb2f165667c5ull;
    return (size_t)(h ^ (h >> 29));
}

static int grow(struct cache *cache) {
    size_t capacity = cache->capacity ? cache->capacity * 2 : 512;
    struct glyph *slots = calloc(capacity, sizeof *slots);
    if (!slots) return 1;
    for (size_t i = 0; i < cache->capacity; i++) {
        struct glyph *g = &cache->slots[i];
        if (!g->font) continue;
        size_t k = slot_of(g->font, g->sx, g->sy, g->index, g->phase) & (capacity - 1);
        while (slots[k].font) k = (k + 1) & (capacity - 1);
        slots[k] = *g;
    }
    free(cache->slots);
    cache->slots = slots;
    cache->capacity = capacity;
    return 0;
}

/* This thread's face of `file` at `index`, sized as Cairo sizes it for `font` drawn with a
   transform of scale `sx`, `sy` (Cairo draws with the scaled font of the font's face, font matrix
   and options under the context's transform, _cairo_gstate_ensure_scaled_font; its size is the
   font matrix times that transform, set as _cairo_ft_unscaled_font_set_scale does: the x and y
   factors in 26.6, an identity shape for an unrotated scale); NULL when it cannot be opened. */
static FT_Face face_for(struct cache *cache, cairo_scaled_font_t *font, double sx, double sy, const char *file, int index) {
    if (!file) return NULL;
    if (!cache->library && FT_Init_FreeType(&cache->library)) { cache->library = NULL; return NULL; }
    struct face *f = NULL;
    for (size_t i = 0; i < cache->face_count && !f; i++)
        if (cache->faces[i].index == index && strcmp(cache->faces[i].file, file) == 0) f = &cache->faces[i];
    if (!f) {
        struct face *faces = realloc(cache->faces, sizeof *faces * (cache->face_count + 1));
        if (!faces) return NULL;
        cache->faces = faces;
        f = &faces[cache->face_count];
        memset(f, 0, sizeof *f);
        f->index = index;
        f->file = strdup(file);
        if (!f->file) return NULL;
        if (FT_New_Face(cache->library, file, index, &f->face)) f->face = NULL;
        cache->face_count++;
    }
    if (!f->face) return NULL;
    cairo_matrix_t size;
    cairo_scaled_font_get_font_matrix(font, &size);
    FT_F26Dot6 width = (FT_F26Dot6)(fabs(size.xx * sx) * 64.0 + .5), height = (FT_F26Dot6)(fabs(size.yy * sy) * 64.0 + .5);
    if (width != f->width || height != f->height) {
        FT_Set_Transform(f->face, NULL, NULL);
        if (FT_Set_Char_Size(f->face, width, height, 0, 0)) return NULL;
        f->width = width;
        f->height = height;
    }
    return f->face;
}

/* Renders glyph `index` of `font` (drawn with a transform of scale `sx`, `sy`) moved right by
   `phase` quarters of a pixel, as Cairo renders a glyph at a whole pixel (cairo-ft-font.c,
   _render_glyph_outline: the outline's control box rounded out to whole pixels, FreeType's grey
   rasterizer). 1 on failure (nothing kept). */
static int render(struct cache *cache, struct glyph *g, cairo_scaled_font_t *font, double sx, double sy, const char *file,
                  int face_index, unsigned long index, int phase) {
    FT_Face face = face_for(cache, font, sx, sy, file, face_index);
    if (!face || FT_HAS_MULTIPLE_MASTERS(face) || face->num_fixed_sizes > 0) { g->unsupported = 1; return 0; }
    int status = 0;
    if (FT_Load_Glyph(face, (FT_UInt)index, FT_LOAD_NO_HINTING | FT_LOAD_IGNORE_GLOBAL_ADVANCE_WIDTH | FT_LOAD_NO_BITMAP)
        || face->glyph->format != FT_GLYPH_FORMAT_OUTLINE) {
        g->unsupported = 1;   /* a bitmap (colour) glyph, or one FreeType cannot load: Cairo's */
    } else {
        FT_Outline *outline = &face->glyph->outline;
        FT_Outline_Translate(outline, phase * (64 / phases), 0);
        FT_BBox ink;
        FT_Outline_Get_CBox(outline, &ink);
        /* y down from the baseline, as device space runs. */
        g->x1 = ink.xMin; g->x2 = ink.xMax; g->y1 = -ink.yMax; g->y2 = -ink.yMin;
        FT_BBox box = ink;
        box.xMin &= -64; box.yMin &= -64;
        box.xMax = (box.xMax + 63) & -64; box.yMax = (box.yMax + 63) & -64;
        long w = (box.xMax - box.xMin) / 64, h = (box.yMax - box.yMin) / 64;
        if (w > max_glyph_side || h > max_glyph_side) {
            g->unsupported = 1;
        } else if (w > 0 && h > 0 && outline->n_points > 0) {
            int stride = ((int)w + 3) & ~3;
            g->bits = calloc((size_t)stride * (size_t)h, 1);
            FT_Bitmap bitmap;
            memset(&bitmap, 0, sizeof bitmap);
            bitmap.rows = (unsigned)h;
            bitmap.width = (unsigned)w;
            bitmap.pitch = stride;
            bitmap.buffer = g->bits;
            bitmap.num_grays = 256;
            bitmap.pixel_mode = FT_PIXEL_MODE_GRAY;
            FT_Outline_Translate(outline, -box.xMin, -box.yMin);
            if (!g->bits || FT_Outline_Get_Bitmap(face->glyph->library, outline, &bitmap)) {
                status = 1;
            } else {
                g->coverage = pixman_image_create_bits(PIXMAN_a8, (int)w, (int)h, (uint32_t *)g->bits, stride);
                if (!g->coverage) status = 1;
                g->ox = (int)(box.xMin / 64);
                g->oy = (int)(-box.yMax / 64);
                g->width = (int)w;
                g->height = (int)h;
            }
        }
    }
    return status;
}

/* This thread's glyph `index` of `font` under a transform of scale `sx`, `sy` at `phase`, made on
   first use when `make` is set; NULL when it is not there or cannot be made. Making one may move
   the table, so a call's glyphs are all made first and their pointers taken after. */
static struct glyph *lookup(struct cache *cache, cairo_scaled_font_t *font, double sx, double sy, const char *file,
                            int face_index, unsigned long index, int phase, int make) {
    if (make && (cache->count + 1) * 2 > cache->capacity && grow(cache)) return NULL;
    if (!cache->capacity) return NULL;
    size_t k = slot_of(font, sx, sy, index, phase) & (cache->capacity - 1);
    while (cache->slots[k].font) {
        struct glyph *g = &cache->slots[k];
        if (g->font == font && g->sx == sx && g->sy == sy && g->index == index && g->phase == phase) return g;
        k = (k + 1) & (cache->capacity - 1);
    }
    if (!make) return NULL;
    struct glyph g = {0};
    if (render(cache, &g, font, sx, sy, file, face_index, index, phase)) {
        if (g.coverage) pixman_image_unref(g.coverage);
        free(g.bits);
        return NULL;
    }
    cache->rendered++;
    g.font = cairo_scaled_font_reference(font);
    g.sx = sx;
    g.sy = sy;
    g.index = index;
    g.phase = phase;
    cache->slots[k] = g;
    cache->count++;
    return &cache->slots[k];
}

/* Whether glyphs of `font` can be drawn here: an outline font with grey antialiasing, no
   hinting and nothing synthesized, scaled without rotation or skew. */
static int drawable(cairo_scaled_font_t *font) {
    if (cairo_scaled_font_status(font) || cairo_scaled_font_get_type(font) != CAIRO_FONT_TYPE_FT) return 0;
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_scaled_font_get_font_options(font, options);
    int plain = cairo_font_options_get_antialias(options) == CAIRO_ANTIALIAS_GRAY
        && cairo_font_options_get_hint_style(options) == CAIRO_HINT_STYLE_NONE;
    cairo_font_options_destroy(options);
    cairo_matrix_t scale;
    cairo_scaled_font_get_scale_matrix(font, &scale);
    cairo_font_face_t *face = cairo_scaled_font_get_font_face(font);
    return plain && scale.xy == 0 && scale.yx == 0 && scale.xx > 0 && scale.yy > 0
        && face && cairo_ft_font_face_get_synthesize(face) == 0;
}

/* Cairo's premultiplied 16-bit colour channel. */
static uint16_t color_short(double d) { return (uint16_t)(d * 65535.0 + 0.5); }

/* `d` rounded to Cairo's 24.8 fixed point (_cairo_fixed_from_double: to nearest). */
static double fixed(double d) { return fabs(d) < 1e9 ? (double)lrint(d * 256.0) / 256.0 : d; }

/* The clip within the surface as regions of whole device pixels: `clip` the pixels wholly inside
   it, `outer` those it touches (the same region when its edges are on whole pixels, as a cell's
   are at scale 1, not always at 1.5); 1 when it is not rectangles. Cairo reports a clip off the
   pixel grid as no rectangles: then `known` (the box the caller clipped to, in device space with
   Cairo's numbers, or NULL) is the clip, when it agrees with Cairo's extents of it. */
static int device_clip(cairo_t *cr, int width, int height, const double *known, pixman_region32_t *clip, pixman_region32_t *outer) {
    cairo_rectangle_list_t *list = cairo_copy_clip_rectangle_list(cr);
    if (list->status) {
        cairo_rectangle_list_destroy(list);
        if (!known || !(known[2] >= known[0] && known[3] >= known[1])) return 1;
        for (int i = 0; i < 4; i++) if (!(fabs(known[i]) < 1e9)) return 1;
        double x0, y0, x1, y1;
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1);
        cairo_user_to_device(cr, &x0, &y0);
        cairo_user_to_device(cr, &x1, &y1);
        /* Cairo's extents: the clip's box rounded out to whole pixels. */
        if (lrint(fmin(x0, x1)) != (long)floor(known[0]) || lrint(fmin(y0, y1)) != (long)floor(known[1])
            || lrint(fmax(x0, x1)) != (long)ceil(known[2]) || lrint(fmax(y0, y1)) != (long)ceil(known[3])) return 1;
        pixman_region32_init(clip);
        pixman_region32_init(outer);
        double ix0 = ceil(known[0]), iy0 = ceil(known[1]), ix1 = floor(known[2]), iy1 = floor(known[3]);
        if (ix1 > ix0 && iy1 > iy0)
            pixman_region32_union_rect(clip, clip, (int)ix0, (int)iy0, (unsigned)(ix1 - ix0), (unsigned)(iy1 - iy0));
        double ox0 = floor(known[0]), oy0 = floor(known[1]), ox1 = ceil(known[2]), oy1 = ceil(known[3]);
        if (ox1 > ox0 && oy1 > oy0)
            pixman_region32_union_rect(outer, outer, (int)ox0, (int)oy0, (unsigned)(ox1 - ox0), (unsigned)(oy1 - oy0));
        pixman_region32_intersect_rect(clip, clip, 0, 0, (unsigned)width, (unsigned)height);
        pixman_region32_intersect_rect(outer, outer, 0, 0, (unsigned)width, (unsigned)height);
        return 0;
    }
    pixman_region32_init(clip);
    pixman_region32_init(outer);
    for (int i = 0; i < list->num_rectangles; i++) {
        cairo_rectangle_t c = list->rectangles[i];
        double x0 = c.x, y0 = c.y, x1 = c.x + c.width, y1 = c.y + c.height;
        cairo_user_to_device(cr, &x0, &y0);
        cairo_user_to_device(cr, &x1, &y1);
        /* As Cairo keeps the clip: in 24.8 fixed point (a band's clip of 40 px at scale 1.5 is
           39.99999… px here, a whole pixel there). */
        x0 = fixed(x0); y0 = fixed(y0); x1 = fixed(x1); y1 = fixed(y1);
        if (x1 < x0 || y1 < y0 || fabs(x0) > 1e9 || fabs(y0) > 1e9 || fabs(x1) > 1e9 || fabs(y1) > 1e9) {
            cairo_rectangle_list_destroy(list);
            pixman_region32_fini(clip);
            pixman_region32_fini(outer);
            return 1;
        }
        double ix0 = ceil(x0), iy0 = ceil(y0), ix1 = floor(x1), iy1 = floor(y1);
        if (ix1 > ix0 && iy1 > iy0)
            pixman_region32_union_rect(clip, clip, (int)ix0, (int)iy0, (unsigned)(ix1 - ix0), (unsigned)(iy1 - iy0));
        double ox0 = floor(x0), oy0 = floor(y0), ox1 = ceil(x1), oy1 = ceil(y1);
        if (ox1 > ox0 && oy1 > oy0)
            pixman_region32_union_rect(outer, outer, (int)ox0, (int)oy0, (unsigned)(ox1 - ox0), (unsigned)(oy1 - oy0));
    }
    cairo_rectangle_list_destroy(list);
    pixman_region32_intersect_rect(clip, clip, 0, 0, (unsigned)width, (unsigned)height);
    pixman_region32_intersect_rect(outer, outer, 0, 0, (unsigned)width, (unsigned)height);
    return 0;
}

/* A glyph placed: its coverage and the whole pixel it is placed on. */
struct placed { const struct glyph *glyph; unsigned long index; int phase, x, y; };

/* `x` in quarter pixels, to nearest, halves up (as Cairo rounds to whole pixels). */
static long quarters(double x) { return (long)floor(x * phases + 0.5); }

/* `q` quarters as a whole pixel and a phase (0 ..< phases). */
static int pixel_of(long q) { return (int)(q >= 0 ? q / phases : -((-q + phases - 1) / phases)); }

int grgr_show_glyphs(cairo_t *cr, cairo_scaled_font_t *font, const char *file, int face_index, const cairo_glyph_t *glyphs, int count) {
    return grgr_show_glyphs_in_clip(cr, font, file, face_index, glyphs, count, NULL);
}

int grgr_show_glyphs_in_clip(cairo_t *cr, cairo_scaled_font_t *font, const char *file, int face_index, const cairo_glyph_t *glyphs,
                             int count, const double *clip_box) {
    struct cache *cache = active;
    if (!cache || count <= 0 || !glyphs || cairo_status(cr)) return 1;
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
    if (ctm.xy != 0 || ctm.yx != 0 || !(ctm.xx > 0) || !(ctm.yy > 0)) return 1;
    if (font != cache->checked_font) {
        if (!drawable(font)) return 1;
        if (cache->checked_font) cairo_scaled_font_destroy(cache->checked_font);
        cache->checked_font = cairo_scaled_font_reference(font);
    }
    cairo_scaled_font_get_font_matrix(font, &font_matrix);
    /* Cairo draws the font at its font matrix times the transform (whatever transform the
       scaled font was made for): that size, unrotated and unskewed, or Cairo's. */
    cairo_matrix_t device;
    cairo_matrix_multiply(&device, &font_matrix, &ctm);
    if (device.xy != 0 || device.yx != 0 || !(device.xx > 0) || !(device.yy > 0)) return 1;
    double sx = ctm.xx, sy = ctm.yy;
    int width = cairo_image_surface_get_width(target), height = cairo_image_surface_get_height(target);

    /* The clip, and glyphs to device space as Cairo's gstate does it: those ten font sizes
       outside the clip's extents are dropped (they take no part in the overlap test). */
    pixman_region32_t clip, outer;
    if (device_clip(cr, width, height, clip_box, &clip, &outer)) return 1;
    pixman_box32_t visible = *pixman_region32_extents(&outer);
    /* The pixels a clip off the pixel grid covers in part (none at whole pixels). */
    pixman_region32_t edge;
    pixman_region32_init(&edge);
    pixman_region32_subtract(&edge, &outer, &clip);
    int partial = pixman_region32_not_empty(&edge);
    pixman_region32_fini(&outer);
    if (visible.x2 <= visible.x1 || visible.y2 <= visible.y1) {
        pixman_region32_fini(&edge);
        pixman_region32_fini(&clip);
        cache->runs++;
        return 0;
    }
    /* Cairo's max_scale of the font it draws with. */
    double reach = 10 * fmax(fabs(device.xx), fabs(device.yy));
    double lx = visible.x1 - reach, ly = visible.y1 - reach, hx = visible.x2 + reach, hy = visible.y2 + reach;
    cairo_matrix_t aggregate;
    cairo_matrix_init_translate(&aggregate, font_matrix.x0, font_matrix.y0);
    cairo_matrix_multiply(&aggregate, &aggregate, &ctm);
    struct placed stack[128];
    struct placed *placed = count <= 128 ? stack : malloc(sizeof *placed * (size_t)count);
    if (!placed) { pixman_region32_fini(&edge); pixman_region32_fini(&clip); return 1; }
    int kept = 0, failed = 0;
    for (int i = 0; i < count; i++) {
        double x = glyphs[i].x, y = glyphs[i].y;
        cairo_matrix_transform_point(&aggregate, &x, &y);
        if (!(x >= lx && x <= hx && y >= ly && y <= hy)) continue;
        if (!(fabs(x) < 1e9 && fabs(y) < 1e9)) { failed = 1; break; }
        long q = quarters(x);
        int px = pixel_of(q), phase = (int)(q - (long)px * phases);
        const struct glyph *glyph = lookup(cache, font, sx, sy, file, face_index, glyphs[i].index, phase, 1);
        if (!glyph || glyph->unsupported) { failed = 1; break; }
        placed[kept++] = (struct placed){NULL, glyphs[i].index, phase, px, (int)floor(y + 0.5)};
    }
    /* Every glyph is in the table now, which no longer moves. */
    for (int i = 0; i < kept && !failed; i++) {
        placed[i].glyph = lookup(cache, font, sx, sy, file, face_index, placed[i].index, placed[i].phase, 0);
        if (!placed[i].glyph) failed = 1;
    }
    /* A clip off the pixel grid covers its edge pixels in part, as this does not: a call with
       a glyph that reaches them is Cairo's. */
    for (int i = 0; i < kept && !failed && partial; i++) {
        const struct glyph *gl = placed[i].glyph;
        if (!gl->coverage) continue;
        pixman_box32_t box = {placed[i].x + gl->ox, placed[i].y + gl->oy, placed[i].x + gl->ox + gl->width, placed[i].y + gl->oy + gl->height};
        if (pixman_region32_contains_rectangle(&edge, &box) != PIXMAN_REGION_OUT) failed = 1;
    }
    pixman_region32_fini(&edge);
    if (failed) {
        pixman_region32_fini(&clip);
        if (placed != stack) free(placed);
        return 1;
    }

    /* Cairo's overlap test: does a glyph's ink box meet the box of all the glyphs before it. */
    int overlap = 0;
    long bx1 = LONG_MAX, by1 = LONG_MAX, bx2 = LONG_MIN, by2 = LONG_MIN;
    for (int i = 0; i < kept; i++) {
        const struct glyph *gl = placed[i].glyph;
        long X = (long)placed[i].x * 64, Y = (long)placed[i].y * 64;
        long x1 = gl->x1 + X, y1 = gl->y1 + Y, x2 = gl->x2 + X, y2 = gl->y2 + Y;
        if (x1 == x2 || y1 == y2) continue;
        if (!overlap) overlap = x2 > bx1 && x1 < bx2 && y2 > by1 && y1 < by2;
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
    } else if (!overlap) {
        for (int i = 0; i < kept; i++) {
            const struct glyph *gl = placed[i].glyph;
            if (gl->coverage)
                pixman_image_composite32(PIXMAN_OP_OVER, solid, gl->coverage, dest, 0, 0, 0, 0,
                                         placed[i].x + gl->ox, placed[i].y + gl->oy, gl->width, gl->height);
        }
    } else {
        /* Through a mask over the glyphs' coverage boxes, within the clip. */
        pixman_box32_t *box = pixman_region32_extents(&clip);
        int ex1 = INT_MAX, ey1 = INT_MAX, ex2 = INT_MIN, ey2 = INT_MIN;
        for (int i = 0; i < kept; i++) {
            const struct glyph *gl = placed[i].glyph;
            if (!gl->coverage) continue;
            int x = placed[i].x + gl->ox, y = placed[i].y + gl->oy;
            if (x < ex1) ex1 = x;
            if (y < ey1) ey1 = y;
            if (x + gl->width > ex2) ex2 = x + gl->width;
            if (y + gl->height > ey2) ey2 = y + gl->height;
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
                for (int i = 0; i < kept; i++) {
                    const struct glyph *gl = placed[i].glyph;
                    if (gl->coverage)
                        pixman_image_composite32(PIXMAN_OP_ADD, gl->coverage, NULL, mask, 0, 0, 0, 0,
                                                 placed[i].x + gl->ox - ex1, placed[i].y + gl->oy - ey1, gl->width, gl->height);
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
    if (!status) cache->runs++;
    return status;
}
