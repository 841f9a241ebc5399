// Text on PNG bands without Cairo's process-wide glyph lock.
//
// cairo 1.16 composites the glyphs of every `cairo_show_glyphs` call on an image surface while
// holding one process-wide mutex (its pixman glyph cache's) and the scaled font's own mutex, and
// every glyph it looks up moves to the front of a shared list. The scaled fonts themselves are
// shared by every thread (Cairo keys them by face, size and options). Two threads painting PNG
// bands therefore take turns for all their text: on two cores a band cost twice the CPU time
// and PNG did not get faster with a second thread (docs/performance.md).
//
// The library's PNG player composites plain text itself (Sources/CGlyphRaster/GlyphRaster.c);
// what it leaves to Pango (hex boxes, texts of more than 64 lines, the other glyphs of a text
// with colour emoji, glyphs reaching a clip's partly covered pixels) Pango shows with
// `cairo_show_glyphs`. This file defines that function. Linked into an executable that also
// links libpangocairo, it is exported (the library refers to it), so Pango's calls come here. On
// a thread that called `grgc_begin` (a PNG painting thread), the call goes to
// `grgr_show_cairo_glyphs`, which composites it from the same per-thread glyph coverages as the
// PNG player (phase 0: Cairo's own coverage, bit for bit), placed on whole pixels with Cairo's
// rounding and overlap test, so the pixels are Cairo's; what that refuses (GlyphRaster.h says
// what: colour glyphs, synthesized faces, clips off the pixel grid, …) and every other thread's
// calls go to Cairo's own function (found with dlsym(RTLD_NEXT)). GlyphCompositorTests compare
// both ways over thousands of random calls.
//
// One difference is on purpose: cairo 1.16 draws nothing at all of a glyph call on an image
// surface whose glyphs reach past 32,767 px or so (a long unbroken line crossing a PNG tile
// lost up to ~1,700 px of its text before the tile's right edge). Here every glyph is drawn.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include "GlyphCompositor.h"
/* The per-thread coverages and compositing it shares with the PNG player (CGlyphRaster, in the
   library every program that links this one links too). */
#include "GlyphRaster.h"

typedef void (*show_glyphs_fn)(cairo_t *, const cairo_glyph_t *, int);
static show_glyphs_fn cairo_own_show_glyphs;
static pthread_once_t resolved = PTHREAD_ONCE_INIT;
static void resolve(void) { cairo_own_show_glyphs = (show_glyphs_fn)dlsym(RTLD_NEXT, "cairo_show_glyphs"); }

void grgc_begin(void) {
    pthread_once(&resolved, resolve);
    if (!grgr_cairo_active()) grgr_cairo_begin();
}

void grgc_end(void) {
    if (grgr_cairo_active()) grgr_cairo_end();
}

bool grgc_active(void) { return grgr_cairo_active(); }

uint64_t grgc_composited_calls(void) { return grgr_cairo_shown_runs(); }

bool grgc_interposed(void) {
    return dlsym(RTLD_DEFAULT, "cairo_show_glyphs") == (void *)cairo_show_glyphs;
}

void cairo_show_glyphs(cairo_t *cr, const cairo_glyph_t *glyphs, int num_glyphs) {
    pthread_once(&resolved, resolve);
    if (grgr_show_cairo_glyphs(cr, glyphs, num_glyphs) == 0) return;
    cairo_own_show_glyphs(cr, glyphs, num_glyphs);
}
