// PNG text at eighth-pixel positions, composited by the painting thread itself.
//
// Cairo 1.16's image compositor rounds every glyph to a whole device pixel, while the SVG and
// PDF players keep Pango's fractional positions, so a PNG's text spacing was uneven (a glyph up
// to half a pixel off) and differed from a raster of the SVG in ~1.8 % of pixels on real data.
// Here a glyph's x and y are rounded to an eighth of a pixel, and each glyph is drawn from its
// own coverage at that phase: the outline FreeType loads for the scaled font at the size Cairo
// draws it (its font matrix times the context's transform: a
// canvas at scale 1.5, 2 or 3 gets glyphs 1.5, 2 or 3 times as large), without hinting, as the
// font options the project sets ask for (Cairo loads glyphs with FT_LOAD_NO_HINTING then too),
// moved right and down by 0, 8, …, 56 of its 1/64-pixel units and rendered by FreeType's grey
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
// before it, all of them ADDed into an A8 mask over their boxes, composited once (GlyphTarget.c,
// which the opt-in cairo_show_glyphs of Sources/CGlyphCompositor shares).
//
// The opt-in cairo_show_glyphs (Sources/CGlyphCompositor) shows the glyphs Pango draws itself
// from the same coverages (`grgr_show_cairo_glyphs`): at phase 0, placed on whole pixels with
// Cairo's own rules (its overlap test, no pixel a clip covers in part), so its pixels are Cairo's,
// bit for bit, and each thread keeps one table of coverages for both.
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
#include "GlyphTarget.h"

/* Glyphs larger than this (device pixels a side) are left to Cairo. */
static const int max_glyph_side = 96;

/* Phases per pixel, across and down: a glyph is placed to the nearest eighth of a pixel each
   way. Eighths, not quarters, and vertical phases too: a row's baseline is rarely on a whole
   pixel (15.154 px in a default table), and rsvg and PDF viewers draw it where it is; with
   whole-pixel baselines and quarter-pixel x, the rsvg raster of an SVG and the PNG of
   people-1000 differed in 1.37 % of pixels, with eighths both ways in 0.0005 %
   (perceptual preset). A glyph's phase is `x_phase + x_phases * y_phase`. */
enum { x_phases = 8, y_phases = 8, all_phases = x_phases * y_phases };

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

/* A scaled font the opt-in cairo_show_glyphs was given, referenced, and the font file and face
   index its glyphs come from (NULL: its calls are Cairo's). */
struct font_file {
    cairo_scaled_font_t *font;
    char *file;
    int index;
};

/* A font file this thread opened itself, and the size it is set to. */
struct face {
    char *file;
    int index;
    FT_Face face;
    FT_F26Dot6 width, height;
};

/* One thread's coverages, its own FreeType library and faces (a face must not be used by two
   threads at once, and cairo_ft_scaled_font_lock_face gives its face back unlocked), the font
   files of the scaled fonts cairo_show_glyphs was given, and counters. Two users keep it, each
   with its own count of nested begins: the PNG player (`eighths`) and the opt-in
   cairo_show_glyphs (`whole`); it is freed when neither has one left. */
struct cache {
    struct glyph *slots;
    size_t capacity, count;
    FT_Library library;
    struct face *faces;
    size_t face_count;
    struct font_file *font_files;
    size_t font_file_count, last_font_file;
    cairo_scaled_font_t *checked_font;   /* the last font found to be drawable here, referenced:
                                            a freed font's address may come back as another font */
    uint64_t runs, rendered, cairo_runs;
    uint64_t moves;   /* how many times the table has grown (moved its glyphs) */
    int eighths, whole;
};

static __thread struct cache *active;

/* This thread's cache, made when it has none; NULL when it cannot be made. */
static struct cache *retained(void) {
    if (!active) active = calloc(1, sizeof *active);
    return active;
}

static void release(struct cache *cache) {
    if (cache->eighths > 0 || cache->whole > 0) return;
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
    for (size_t i = 0; i < cache->font_file_count; i++) {
        cairo_scaled_font_destroy(cache->font_files[i].font);
        free(cache->font_files[i].file);
    }
    free(cache->font_files);
    if (cache->library) FT_Done_FreeType(cache->library);
    free(cache);
    active = NULL;
}

void grgr_begin(void) {
    struct cache *cache = retained();
    if (cache && cache->eighths++ == 0) cache->runs = cache->rendered = 0;
}

void grgr_end(void) {
    struct cache *cache = active;
    if (!cache || cache->eighths == 0) return;
    cache->eighths--;
    release(cache);
}

bool grgr_active(void) { return active && active->eighths > 0; }

void grgr_cairo_begin(void) {
    struct cache *cache = retained();
    if (cache && cache->whole++ == 0) cache->cairo_runs = 0;
}

void grgr_cairo_end(void) {
    struct cache *cache = active;
    if (!cache || cache->whole == 0) return;
    cache->whole--;
    release(cache);
}

bool grgr_cairo_active(void) { return active && active->whole > 0; }

uint64_t grgr_cairo_shown_runs(void) { return active ? active->cairo_runs : 0; }

uint64_t grgr_shown_runs(void) { return active ? active->runs : 0; }

uint64_t grgr_rendered_coverages(void) { return active ? active->rendered : 0; }

/* The bits of a transform's scale factor, for hashing (equal factors, equal bits: never -0). */
static uint64_t scale_bits(double d) {
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static size_t slot_of(cairo_scaled_font_t *font, double sx, double sy, unsigned long index, int phase) {
    uint64_t h = (uint64_t)(uintptr_t)font * 0x9e3779b97f4a7c15ull ^ ((uint64_t)index * all_phases + (uint64_t)phase) * 0xc2b2ae3d27d4eb4full
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
    cache->moves++;
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

/* Renders glyph `index` of `font` (drawn with a transform of scale `sx`, `sy`) moved right and
   down by `phase`'s eighths of a pixel, as Cairo renders a glyph at a whole pixel (cairo-ft-font.c,
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
        /* Right and down (FreeType's y runs up) in 1/64-pixel units. */
        FT_Outline_Translate(outline, (phase % x_phases) * (64 / x_phases), -(phase / x_phases) * (64 / y_phases));
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
   the table (`moves` counts it), and with it every glyph pointer taken before. */
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

/* A glyph placed: its coverage and the whole pixel it is placed on. */
struct placed { const struct glyph *glyph; unsigned long index; int phase, x, y; };

/* `x` in 1/`phases` pixels, to nearest, halves up (as Cairo rounds to whole pixels). */
static long steps(double x, int phases) { return (long)floor(x * phases + 0.5); }

/* `q` steps of 1/`phases` pixel as the whole pixel they are in (the phase is the rest). */
static int pixel_of(long q, int phases) { return (int)(q >= 0 ? q / phases : -((-q + phases - 1) / phases)); }

/* Shows `count` glyphs of `font` with `cr`'s source, clip and transform from this thread's
   coverages; 0 shown, 1 nothing drawn (the caller's). `cairos`: as Cairo's image compositor
   places them (whole pixels, so phase 0; a call on a clip that covers pixels in part is Cairo's;
   the overlap box grows by empty glyphs too), for the opt-in cairo_show_glyphs; else at eighths
   for the PNG player (a call is refused only when a glyph reaches such a pixel). */
static int show(struct cache *cache, cairo_t *cr, cairo_scaled_font_t *font, const char *file, int face_index,
                const cairo_glyph_t *glyphs, int count, const double *clip_box, int cairos) {
    cairo_matrix_t ctm, font_matrix;
    cairo_get_matrix(cr, &ctm);
    if (ctm.xy != 0 || ctm.yx != 0 || !(ctm.xx > 0) || !(ctm.yy > 0)) return 1;
    if (!cairos && font != cache->checked_font) {
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
    const int across = cairos ? 1 : x_phases, down = cairos ? 1 : y_phases;

    /* The target and clip, and glyphs to device space as Cairo's gstate does it: those ten font
       sizes outside the clip's extents are dropped (they take no part in the overlap test). */
    struct grgr_target target;
    if (grgr_target_open(cr, clip_box, &target)) return 1;
    if (cairos && pixman_region32_not_empty(&target.edge)) {
        grgr_target_close(&target);
        return 1;
    }
    pixman_box32_t visible = target.visible;
    if (visible.x2 <= visible.x1 || visible.y2 <= visible.y1) {
        grgr_target_close(&target);
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
    struct grgr_coverage coverage_stack[128];
    struct grgr_coverage *coverages = count <= 128 ? coverage_stack : malloc(sizeof *coverages * (size_t)count);
    int kept = 0, failed = !placed || !coverages;
    const uint64_t moves = cache->moves;
    for (int i = 0; i < count && !failed; i++) {
        /* cairo_matrix_transform_point's arithmetic, inline. */
        double x = aggregate.xx * glyphs[i].x + aggregate.xy * glyphs[i].y + aggregate.x0;
        double y = aggregate.yx * glyphs[i].x + aggregate.yy * glyphs[i].y + aggregate.y0;
        if (!(x >= lx && x <= hx && y >= ly && y <= hy)) continue;
        if (!(fabs(x) < 1e9 && fabs(y) < 1e9)) { failed = 1; break; }
        long q = steps(x, across), qy = steps(y, down);
        int px = pixel_of(q, across), py = pixel_of(qy, down);
        int phase = (int)(q - (long)px * across) + x_phases * (int)(qy - (long)py * down);
        const struct glyph *glyph = lookup(cache, font, sx, sy, file, face_index, glyphs[i].index, phase, 1);
        if (!glyph || glyph->unsupported) { failed = 1; break; }
        placed[kept++] = (struct placed){glyph, glyphs[i].index, phase, px, py};
    }
    /* Every glyph is in the table now, which no longer moves; the pointers taken before it last
       moved are looked up again. */
    const int moved = cache->moves != moves;
    for (int i = 0; i < kept && !failed; i++) {
        const struct glyph *gl = moved ? lookup(cache, font, sx, sy, file, face_index, placed[i].index, placed[i].phase, 0) : placed[i].glyph;
        placed[i].glyph = gl;
        if (!gl) { failed = 1; break; }
        coverages[i] = (struct grgr_coverage){gl->coverage, placed[i].x + gl->ox, placed[i].y + gl->oy, gl->width, gl->height};
        /* A clip off the pixel grid covers its edge pixels in part, as this does not: a call
           with a glyph that reaches them is Cairo's. */
        pixman_box32_t box = {coverages[i].x, coverages[i].y, coverages[i].x + gl->width, coverages[i].y + gl->height};
        if (gl->coverage && pixman_region32_contains_rectangle(&target.edge, &box) != PIXMAN_REGION_OUT) failed = 1;
    }

    /* Cairo's overlap test: does a glyph's ink box meet the box of all the glyphs before it. */
    int overlap = 0;
    long bx1 = LONG_MAX, by1 = LONG_MAX, bx2 = LONG_MIN, by2 = LONG_MIN;
    for (int i = 0; i < kept && !failed; i++) {
        const struct glyph *gl = placed[i].glyph;
        long X = (long)placed[i].x * 64, Y = (long)placed[i].y * 64;
        long x1 = gl->x1 + X, y1 = gl->y1 + Y, x2 = gl->x2 + X, y2 = gl->y2 + Y;
        if (x1 == x2 || y1 == y2) {
            if (!cairos) continue;
        } else if (!overlap) {
            overlap = x2 > bx1 && x1 < bx2 && y2 > by1 && y1 < by2;
        }
        if (x1 < bx1) bx1 = x1;
        if (y1 < by1) by1 = y1;
        if (x2 > bx2) bx2 = x2;
        if (y2 > by2) by2 = y2;
    }
    int status = failed || grgr_target_composite(&target, coverages, kept, overlap);
    grgr_target_close(&target);
    if (placed && placed != stack) free(placed);
    if (coverages && coverages != coverage_stack) free(coverages);
    return status;
}

int grgr_show_glyphs(cairo_t *cr, cairo_scaled_font_t *font, const char *file, int face_index, const cairo_glyph_t *glyphs, int count) {
    return grgr_show_glyphs_in_clip(cr, font, file, face_index, glyphs, count, NULL);
}

int grgr_show_glyphs_in_clip(cairo_t *cr, cairo_scaled_font_t *font, const char *file, int face_index, const cairo_glyph_t *glyphs,
                             int count, const double *clip_box) {
    struct cache *cache = active;
    if (!cache || cache->eighths == 0 || count <= 0 || !glyphs || cairo_status(cr)) return 1;
    int status = show(cache, cr, font, file, face_index, glyphs, count, clip_box, 0);
    if (!status) cache->runs++;
    return status;
}

/* The font file and face index of `font`'s glyphs, kept per thread and scaled font (NULL file:
   not a font drawn here, or one whose ink boxes Cairo rounds out: hinted metrics). The file is
   the one Cairo's own face was opened from (its stream's path; the face is held locked only to
   read it). */
static const struct font_file *font_file_of(struct cache *cache, cairo_scaled_font_t *font) {
    if (cache->last_font_file < cache->font_file_count && cache->font_files[cache->last_font_file].font == font)
        return &cache->font_files[cache->last_font_file];
    for (size_t i = 0; i < cache->font_file_count; i++)
        if (cache->font_files[i].font == font) return &cache->font_files[cache->last_font_file = i];
    struct font_file *files = realloc(cache->font_files, sizeof *files * (cache->font_file_count + 1));
    if (!files) return NULL;
    cache->font_files = files;
    struct font_file f = {cairo_scaled_font_reference(font), NULL, 0};
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_scaled_font_get_font_options(font, options);
    int metrics = cairo_font_options_get_hint_metrics(options) == CAIRO_HINT_METRICS_OFF;
    cairo_font_options_destroy(options);
    if (metrics && drawable(font)) {
        FT_Face face = cairo_ft_scaled_font_lock_face(font);
        if (face) {
            if (face->stream && face->stream->pathname.pointer) f.file = strdup(face->stream->pathname.pointer);
            f.index = (int)face->face_index;
            cairo_ft_scaled_font_unlock_face(font);
        }
    }
    files[cache->font_file_count] = f;
    cache->last_font_file = cache->font_file_count++;
    return &files[cache->last_font_file];
}

int grgr_show_cairo_glyphs(cairo_t *cr, const cairo_glyph_t *glyphs, int count) {
    struct cache *cache = active;
    if (!cache || cache->whole == 0 || count <= 0 || !glyphs || cairo_status(cr)) return 1;
    cairo_scaled_font_t *font = cairo_get_scaled_font(cr);
    if (!font || cairo_scaled_font_status(font)) return 1;
    const struct font_file *f = font_file_of(cache, font);
    if (!f || !f->file) return 1;
    int status = show(cache, cr, font, f->file, f->index, glyphs, count, NULL, 1);
    if (!status) cache->cairo_runs++;
    return status;
}
