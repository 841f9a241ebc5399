#ifndef GRIDRENDER_FONT_SUBSET_H
#define GRIDRENDER_FONT_SUBSET_H

#include <stddef.h>
#include <stdint.h>
#include <cairo.h>

/// What a PDF font descriptor says of a font file, in font units (FreeType's face of a Cairo
/// scaled font, read under Cairo's lock of that face).
typedef struct {
    int units_per_em;
    int x_min, y_min, x_max, y_max;
    int ascent, descent, cap_height;
    double italic_angle;
    int fixed_pitch, serif, italic, bold_weight;
    /// OS/2 usWeightClass (400 when absent).
    int weight;
    /// 1 when the outlines are CFF (an OpenType 'CFF ' table), 0 for TrueType 'glyf'.
    int cff;
    /// What Cairo synthesizes for this face (its outlines are then not the file's): its
    /// `cairo_ft_synthesize_t` flags, CAIRO_FT_SYNTHESIZE_BOLD (1) and _OBLIQUE (2); 0 for none.
    int synthetic;
    /// The PostScript name, or the family name with spaces removed; "Font" when neither.
    char name[96];
} grfs_font_info;

/// Fills `info` for the face of `font`; 0 on success, -1 when the font is not a FreeType one.
int grfs_font_info_get(cairo_scaled_font_t *font, grfs_font_info *info);

/// The identity of the face's file (one FreeType face per file and index in Cairo): equal for
/// scaled fonts of one face, whatever their size.
uintptr_t grfs_face_identity(cairo_scaled_font_t *font);

/// The unhinted advance of each glyph in font units; 0 on success.
int grfs_advances(cairo_scaled_font_t *font, const uint32_t *glyphs, size_t count, int32_t *advances);

/// The font file of `font` cut to `glyphs` (and .notdef) by HarfBuzz's subsetter, layout tables
/// dropped; `retain_gids`: glyph ids kept (empty glyphs fill the gaps), else renumbered in id
/// order with .notdef first; `cff_table`: only the subset's 'CFF ' table. Returns malloc'd bytes (free with grfs_free) and their count, or NULL.
unsigned char *grfs_subset(cairo_scaled_font_t *font, const uint32_t *glyphs, size_t count, int retain_gids, int cff_table, size_t *length);

/// For each glyph, the smallest code point the face's Unicode cmap maps to it (0 when none):
/// the text of a glyph shown without its text. 0 on success.
int grfs_unicode_of(cairo_scaled_font_t *font, const uint32_t *glyphs, size_t count, uint32_t *code_points);

/// The face's Unicode cmap: up to `capacity` pairs in code point order; returns how many the
/// cmap holds (call again with a larger capacity when that is more).
size_t grfs_cmap(cairo_scaled_font_t *font, uint32_t *code_points, uint32_t *glyphs, size_t capacity);

void grfs_free(void *bytes);

#endif
