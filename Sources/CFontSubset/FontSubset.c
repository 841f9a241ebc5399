// Font programs for the project's PDF writer: metrics and a glyph subset of the font file behind
// a Cairo scaled font, cut by HarfBuzz's subsetter (libharfbuzz-subset).
//
// A FreeType face is not thread-safe, and Cairo shares one per font file among every thread.
// cairo_ft_scaled_font_lock_face keeps the face open (Cairo closes no face while it is locked)
// but does not keep Cairo's mutex held: a read through the face's stream (FT_Get_Advance reads
// 'hmtx' there, FT_Load_Sfnt_Table the file) can interleave with another thread's (Cairo's glyph
// loading, or this file's on another PDF lane), and then reads another glyph's entry. So what
// needs the file's bytes (advances, the subset) reads them where FreeType maps the file
// (`stream->base`: a memory read moves no stream position), between locking the face and
// unlocking it, and keeps nothing past that: no copy of a font file outlives the call (a Noto
// Sans CJK collection is 19 MB). What still reads the face (font info, cmap, a face FreeType does
// not map) does so under `face_mutex`, only with what FreeType keeps in memory past the first call.
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_TRUETYPE_TAGS_H
#include FT_ADVANCES_H
#include <hb.h>
#include <hb-subset.h>
#include "FontSubset.h"

static int is_ft(cairo_scaled_font_t *font) {
    return font && cairo_scaled_font_get_type(font) == CAIRO_FONT_TYPE_FT;
}

/// Serializes this file's reads of FreeType faces among themselves.
static pthread_mutex_t face_mutex = PTHREAD_MUTEX_INITIALIZER;

/// The bytes of `face`'s file where FreeType maps it, valid while the face is locked; NULL
/// when FreeType does not hold the file in memory.
static const unsigned char *mapped_file(FT_Face face, size_t *size) {
    FT_Stream stream = face->stream;
    if (!stream || !stream->base || stream->size == 0) return NULL;
    *size = (size_t)stream->size;
    return stream->base;
}

static uint32_t be32(const unsigned char *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }
static uint16_t be16(const unsigned char *p) { return (uint16_t)(p[0] << 8 | p[1]); }

/// Table `tag` of face `index` of the sfnt file (or collection) `file`: its bytes and length, or
/// NULL when the file has no such table or a record points outside the file.
static const unsigned char *sfnt_table(const unsigned char *file, size_t size, unsigned int index, uint32_t tag, size_t *length) {
    size_t directory = 0;
    if (size >= 12 && be32(file) == 0x74746366u) { // 'ttcf'
        uint32_t faces = be32(file + 8);
        if (index >= faces || 12 + 4 * (size_t)index + 4 > size) return NULL;
        directory = be32(file + 12 + 4 * (size_t)index);
    } else if (index != 0) {
        return NULL;
    }
    if (directory + 12 > size) return NULL;
    unsigned int tables = be16(file + directory + 4);
    for (unsigned int i = 0; i < tables; i++) {
        size_t record = directory + 12 + 16 * (size_t)i;
        if (record + 16 > size) return NULL;
        if (be32(file + record) != tag) continue;
        size_t offset = be32(file + record + 8), count = be32(file + record + 12);
        if (offset > size || count > size - offset) return NULL;
        *length = count;
        return file + offset;
    }
    return NULL;
}

int grfs_font_info_get(cairo_scaled_font_t *font, grfs_font_info *info) {
    memset(info, 0, sizeof *info);
    if (!is_ft(font)) return -1;
    FT_Face face = cairo_ft_scaled_font_lock_face(font);
    if (!face) return -1;
    pthread_mutex_lock(&face_mutex);
    info->units_per_em = face->units_per_EM ? face->units_per_EM : 1000;
    info->x_min = (int)face->bbox.xMin; info->y_min = (int)face->bbox.yMin;
    info->x_max = (int)face->bbox.xMax; info->y_max = (int)face->bbox.yMax;
    info->ascent = face->ascender; info->descent = face->descender;
    info->fixed_pitch = FT_IS_FIXED_WIDTH(face) ? 1 : 0;
    info->italic = (face->style_flags & FT_STYLE_FLAG_ITALIC) ? 1 : 0;
    info->weight = 400;
    TT_OS2 *os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2);
    if (os2 && os2->version != 0xFFFFu) {
        info->weight = os2->usWeightClass;
        if (os2->version >= 2) info->cap_height = os2->sCapHeight;
        // sFamilyClass 1-7 are the serif classes; 8 is sans serif.
        int family = os2->sFamilyClass >> 8;
        info->serif = family >= 1 && family <= 7;
    }
    if (info->cap_height == 0) info->cap_height = info->ascent;
    TT_Postscript *post = FT_Get_Sfnt_Table(face, FT_SFNT_POST);
    if (post) info->italic_angle = (double)post->italicAngle / 65536.0;
    FT_ULong length = 0;
    info->cff = FT_Load_Sfnt_Table(face, TTAG_CFF, 0, NULL, &length) == 0 && length > 0;
    const char *name = FT_Get_Postscript_Name(face);
    if (!name) name = face->family_name;
    size_t n = 0;
    for (const char *c = name ? name : "Font"; *c && n + 1 < sizeof info->name; c++) {
        // A PDF name: printable ASCII without delimiters, spaces or '#'.
        if (*c > 32 && *c < 127 && !strchr("()<>[]{}/%#", *c)) info->name[n++] = *c;
    }
    if (n == 0) strcpy(info->name, "Font");
    pthread_mutex_unlock(&face_mutex);
    cairo_ft_scaled_font_unlock_face(font);
    cairo_font_face_t *font_face = cairo_scaled_font_get_font_face(font);
    unsigned int synth = cairo_ft_font_face_get_synthesize(font_face);
    info->synthetic = (int)synth;
    return 0;
}

uintptr_t grfs_face_identity(cairo_scaled_font_t *font) {
    if (!is_ft(font)) return 0;
    FT_Face face = cairo_ft_scaled_font_lock_face(font);
    cairo_ft_scaled_font_unlock_face(font);
    return (uintptr_t)face;
}

int grfs_advances(cairo_scaled_font_t *font, const uint32_t *glyphs, size_t count, int32_t *advances) {
    if (!is_ft(font)) return -1;
    FT_Face face = cairo_ft_scaled_font_lock_face(font);
    if (!face) return -1;
    int status = 0;
    size_t size = 0, hhea_length = 0, hmtx_length = 0, maxp_length = 0;
    unsigned int index = (unsigned int)(face->face_index & 0xFFFF);
    const unsigned char *file = mapped_file(face, &size);
    const unsigned char *hhea = file ? sfnt_table(file, size, index, 0x68686561u, &hhea_length) : NULL; // 'hhea'
    const unsigned char *hmtx = file ? sfnt_table(file, size, index, 0x686D7478u, &hmtx_length) : NULL; // 'hmtx'
    const unsigned char *maxp = file ? sfnt_table(file, size, index, 0x6D617870u, &maxp_length) : NULL; // 'maxp'
    unsigned int metrics = hhea && hhea_length >= 36 ? be16(hhea + 34) : 0;
    if (hmtx && maxp && maxp_length >= 6 && metrics > 0 && hmtx_length >= 4 * (size_t)metrics) {
        // 'hmtx' at the font's units, as FreeType's unscaled, unhinted advance: glyphs past
        // numberOfHMetrics take the last entry's advance.
        unsigned int glyph_count = be16(maxp + 4);
        for (size_t i = 0; i < count; i++) {
            if (glyphs[i] >= glyph_count) { status = -1; advances[i] = 0; continue; }
            uint32_t entry = glyphs[i] < metrics ? glyphs[i] : metrics - 1;
            advances[i] = (int32_t)be16(hmtx + 4 * (size_t)entry);
        }
    } else {
        pthread_mutex_lock(&face_mutex);
        for (size_t i = 0; i < count; i++) {
            FT_Fixed advance = 0;
            if (FT_Get_Advance(face, glyphs[i], FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING, &advance) != 0) { status = -1; advance = 0; }
            advances[i] = (int32_t)advance;
        }
        pthread_mutex_unlock(&face_mutex);
    }
    cairo_ft_scaled_font_unlock_face(font);
    return status;
}

static void destroy_bytes(void *bytes) { free(bytes); }

static unsigned char *subset_blob(hb_blob_t *blob, unsigned int index, const uint32_t *glyphs, size_t count, int retain_gids,
                                  int cff_table, size_t *length);

unsigned char *grfs_subset(cairo_scaled_font_t *font, const uint32_t *glyphs, size_t count, int retain_gids, int cff_table, size_t *length) {
    *length = 0;
    if (!is_ft(font)) return NULL;
    FT_Face face = cairo_ft_scaled_font_lock_face(font);
    if (!face) return NULL;
    // The whole file, a collection included: HarfBuzz picks the face by its index. Read where
    // FreeType maps it, the face locked until the subset is copied out.
    unsigned int index = (unsigned int)(face->face_index & 0xFFFF);
    size_t size = 0;
    const unsigned char *mapped = mapped_file(face, &size);
    hb_blob_t *blob = NULL;
    if (mapped) {
        blob = hb_blob_create((const char *)mapped, (unsigned int)size, HB_MEMORY_MODE_READONLY, NULL, NULL);
    } else {
        pthread_mutex_lock(&face_mutex);
        FT_ULong read = 0;
        unsigned char *file = NULL;
        if (FT_Load_Sfnt_Table(face, 0, 0, NULL, &read) == 0 && read > 0 && (file = malloc(read))) {
            if (FT_Load_Sfnt_Table(face, 0, 0, file, &read) != 0) { free(file); file = NULL; }
        }
        pthread_mutex_unlock(&face_mutex);
        if (file) blob = hb_blob_create((const char *)file, (unsigned int)read, HB_MEMORY_MODE_READONLY, file, destroy_bytes);
    }
    unsigned char *out = blob ? subset_blob(blob, index, glyphs, count, retain_gids, cff_table, length) : NULL;
    hb_blob_destroy(blob);
    cairo_ft_scaled_font_unlock_face(font);
    return out;
}

/// `blob`'s face `index` cut to `glyphs` (`grfs_subset`), copied out: nothing returned refers
/// to `blob`.
static unsigned char *subset_blob(hb_blob_t *blob, unsigned int index, const uint32_t *glyphs, size_t count, int retain_gids,
                                  int cff_table, size_t *length) {
    hb_face_t *source = hb_face_create(blob, index);
    hb_subset_input_t *input = hb_subset_input_create_or_fail();
    unsigned char *out = NULL;
    if (input) {
        hb_set_t *gids = hb_subset_input_glyph_set(input);
        hb_set_add(gids, 0);
        for (size_t i = 0; i < count; i++) hb_set_add(gids, glyphs[i]);
        hb_subset_input_set_flags(input, retain_gids ? HB_SUBSET_FLAGS_RETAIN_GIDS : HB_SUBSET_FLAGS_DEFAULT);
        // A PDF shows glyphs by id: the layout, naming and colour tables are dead weight.
        static const char *dropped[] = {
            "GSUB", "GPOS", "GDEF", "BASE", "JSTF", "MATH", "kern", "morx", "mort", "kerx", "DSIG",
            "name", "vhea", "vmtx", "VORG", "COLR", "CPAL", "CBDT", "CBLC", "sbix", "SVG ", "meta",
            "STAT", "hdmx", "LTSH", "VDMX", "PCLT", "gasp", "FFTM",
        };
        hb_set_t *drop = hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG);
        for (size_t i = 0; i < sizeof dropped / sizeof *dropped; i++) hb_set_add(drop, hb_tag_from_string(dropped[i], 4));
        hb_face_t *subset = hb_subset_or_fail(source, input);
        if (subset) {
            hb_blob_t *result = cff_table ? hb_face_reference_table(subset, HB_TAG('C', 'F', 'F', ' '))
                                          : hb_face_reference_blob(subset);
            unsigned int n = 0;
            const char *data = hb_blob_get_data(result, &n);
            if (n > 0 && (out = malloc(n))) {
                memcpy(out, data, n);
                *length = n;
            }
            hb_blob_destroy(result);
            hb_face_destroy(subset);
        }
        hb_subset_input_destroy(input);
    }
    hb_face_destroy(source);
    return out;
}

int grfs_unicode_of(cairo_scaled_font_t *font, const uint32_t *glyphs, size_t count, uint32_t *code_points) {
    memset(code_points, 0, count * sizeof *code_points);
    if (!is_ft(font)) return -1;
    FT_Face face = cairo_ft_scaled_font_lock_face(font);
    if (!face) return -1;
    // The cmap FreeType keeps in memory; the charmap choice is the face's, so under the mutex.
    pthread_mutex_lock(&face_mutex);
    if (FT_Select_Charmap(face, FT_ENCODING_UNICODE) == 0) {
        FT_UInt gid = 0;
        // The cmap in code point order: the first code point met for a glyph is its smallest.
        for (FT_ULong c = FT_Get_First_Char(face, &gid); gid != 0; c = FT_Get_Next_Char(face, c, &gid)) {
            for (size_t i = 0; i < count; i++) {
                if (glyphs[i] == gid && code_points[i] == 0) code_points[i] = (uint32_t)c;
            }
        }
    }
    pthread_mutex_unlock(&face_mutex);
    cairo_ft_scaled_font_unlock_face(font);
    return 0;
}

size_t grfs_cmap(cairo_scaled_font_t *font, uint32_t *code_points, uint32_t *glyphs, size_t capacity) {
    if (!is_ft(font)) return 0;
    FT_Face face = cairo_ft_scaled_font_lock_face(font);
    if (!face) return 0;
    size_t n = 0;
    // The cmap FreeType keeps in memory; the charmap choice is the face's, so under the mutex.
    pthread_mutex_lock(&face_mutex);
    if (FT_Select_Charmap(face, FT_ENCODING_UNICODE) == 0) {
        FT_UInt gid = 0;
        for (FT_ULong c = FT_Get_First_Char(face, &gid); gid != 0; c = FT_Get_Next_Char(face, c, &gid)) {
            if (n < capacity) { code_points[n] = (uint32_t)c; glyphs[n] = gid; }
            n++;
        }
    }
    pthread_mutex_unlock(&face_mutex);
    cairo_ft_scaled_font_unlock_face(font);
    return n;
}

void grfs_free(void *bytes) { free(bytes); }
