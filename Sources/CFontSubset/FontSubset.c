// Font programs for the project's PDF writer: metrics and a glyph subset of the font file behind
// a Cairo scaled font, cut by HarfBuzz's subsetter (libharfbuzz-subset).
//
// A FreeType face is not thread-safe, and Cairo shares one per font file among every thread.
// cairo_ft_scaled_font_lock_face keeps the face alive but does not keep Cairo's mutex held: a
// read through the face's stream (FT_Get_Advance reads 'hmtx' there, FT_Load_Sfnt_Table the
// file) can interleave with another thread's (Cairo's glyph loading, or this file's on another
// PDF lane), and then reads another glyph's entry. So what needs the file's bytes (advances,
// the subset) reads them through HarfBuzz from a copy of the file taken from FreeType's mapping
// of it (`file_font`: once per face, kept for the process, HarfBuzz objects being safe to
// share), and what still reads the face does it under `face_mutex`, only with what FreeType
// keeps in memory past the first call.
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

/// A font file read by HarfBuzz: a copy of its bytes, and a font at its units (scale = units
/// per em). Each is allocated on its own and never moved or freed (callers keep using one while
/// the table grows on another thread): one per distinct file and face index the process writes
/// into PDFs.
typedef struct { uint64_t hash; size_t size; unsigned int index; hb_blob_t *blob; hb_font_t *font; } file_font_entry;
/// Which file a FreeType face shows (Cairo closes faces past ten open and opens them again, at
/// another address or the same one: a face is known by its address, size and index).
typedef struct { const void *face; size_t size; unsigned int index; file_font_entry *file; } face_file;
static file_font_entry **file_fonts;
static size_t file_font_count;
static face_file *face_files;
static size_t face_file_count;
static pthread_mutex_t file_font_mutex = PTHREAD_MUTEX_INITIALIZER;

static uint64_t fnv1a(const unsigned char *bytes, size_t count) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < count; i++) { h ^= bytes[i]; h *= 0x100000001b3ull; }
    return h;
}

/// The file behind `face` read by HarfBuzz; NULL when FreeType does not hold the file in memory
/// (then the caller reads the face under `face_mutex`). FreeType maps a font file into memory
/// (`stream->base`): reading it there moves no stream position, so the copy is taken while Cairo
/// uses the face on other threads.
static file_font_entry *file_font(FT_Face face) {
    FT_Stream stream = face->stream;
    if (!stream || !stream->base || stream->size == 0) return NULL;
    unsigned int index = (unsigned int)(face->face_index & 0xFFFF);
    size_t size = (size_t)stream->size;
    pthread_mutex_lock(&file_font_mutex);
    file_font_entry *found = NULL;
    for (size_t i = 0; i < face_file_count && !found; i++) {
        face_file *f = &face_files[i];
        if (f->face == (const void *)face && f->size == size && f->index == index) found = f->file;
    }
    if (!found) {
        uint64_t hash = fnv1a(stream->base, size);
        for (size_t i = 0; i < file_font_count && !found; i++) {
            file_font_entry *e = file_fonts[i];
            if (e->hash == hash && e->size == size && e->index == index) found = e;
        }
        if (!found) {
            file_font_entry **grown = realloc(file_fonts, (file_font_count + 1) * sizeof *file_fonts);
            if (grown) file_fonts = grown;
            file_font_entry *entry = grown ? malloc(sizeof *entry) : NULL;
            void *bytes = entry ? malloc(size) : NULL;
            if (bytes) {
                memcpy(bytes, stream->base, size);
                hb_blob_t *blob = hb_blob_create((const char *)bytes, (unsigned int)size, HB_MEMORY_MODE_READONLY, bytes, free);
                hb_face_t *hb_face = hb_face_create(blob, index);
                hb_font_t *font = hb_font_create(hb_face);
                hb_face_destroy(hb_face);
                hb_font_make_immutable(font);
                *entry = (file_font_entry){ hash, size, index, blob, font };
                file_fonts[file_font_count++] = entry;
                found = entry;
            } else {
                free(entry);
            }
        }
        face_file *more = found ? realloc(face_files, (face_file_count + 1) * sizeof *face_files) : NULL;
        if (more) {
            face_files = more;
            face_files[face_file_count++] = (face_file){ (const void *)face, size, index, found };
        }
    }
    pthread_mutex_unlock(&file_font_mutex);
    return found;
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
    file_font_entry *file = file_font(face);
    if (file) {
        // 'hmtx' through HarfBuzz at the font's units: FreeType's unscaled, unhinted advance.
        unsigned int glyph_count = hb_face_get_glyph_count(hb_font_get_face(file->font));
        for (size_t i = 0; i < count; i++) {
            if (glyphs[i] >= glyph_count) { status = -1; advances[i] = 0; continue; }
            advances[i] = (int32_t)hb_font_get_glyph_h_advance(file->font, glyphs[i]);
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

unsigned char *grfs_subset(cairo_scaled_font_t *font, const uint32_t *glyphs, size_t count, int retain_gids, int cff_table, size_t *length) {
    *length = 0;
    if (!is_ft(font)) return NULL;
    FT_Face face = cairo_ft_scaled_font_lock_face(font);
    if (!face) return NULL;
    // The whole file, a collection included: HarfBuzz picks the face by its index.
    unsigned int index = (unsigned int)(face->face_index & 0xFFFF);
    hb_blob_t *blob = NULL;
    file_font_entry *entry = file_font(face);
    if (entry) {
        blob = hb_blob_reference(entry->blob);
    } else {
        pthread_mutex_lock(&face_mutex);
        FT_ULong size = 0;
        unsigned char *file = NULL;
        if (FT_Load_Sfnt_Table(face, 0, 0, NULL, &size) == 0 && size > 0 && (file = malloc(size))) {
            if (FT_Load_Sfnt_Table(face, 0, 0, file, &size) != 0) { free(file); file = NULL; }
        }
        pthread_mutex_unlock(&face_mutex);
        if (file) blob = hb_blob_create((const char *)file, (unsigned int)size, HB_MEMORY_MODE_READONLY, file, destroy_bytes);
    }
    cairo_ft_scaled_font_unlock_face(font);
    if (!blob) return NULL;

    hb_face_t *source = hb_face_create(blob, index);
    hb_blob_destroy(blob);
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
