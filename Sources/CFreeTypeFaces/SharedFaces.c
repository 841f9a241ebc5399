// Every FreeType face that cairo uses is opened once, by this file, and never closed.
//
// cairo 1.16 (Debian 12) opens a face per font file from the file name and keeps at most ten open:
// when an eleventh file is needed it closes one that no thread seems to be using. That choice
// reads other fonts' lock counts without their locks, and the new face is opened with FT_New_Face
// after the font-map lock is released, although FreeType requires face creation and destruction
// on a shared FT_Library to be serialised. Renders on several threads that use more than ten font
// files between them (the pinned stack has dozens: DejaVu's styles, Noto's scripts, CJK, emoji)
// therefore rarely close a face under another thread's feet: a PDF or SVG fails to finish with
// "error occurred in libfreetype", or the process crashes in FT_Get_First_Char.
//
// cairo does not close faces it was given (a pattern with FC_FT_FACE: `from_face`). So this file
// defines cairo_ft_font_face_create_for_pattern, the one call through which pango makes cairo
// font faces. Linked into an executable that also links libpangocairo, it is exported (the library
// refers to it), so pango's calls come here; it adds the face of the pattern's file and index
// from a process-wide table, opened on first use under one lock on a private FT_Library, and
// calls cairo's own function (found with dlsym(RTLD_NEXT)). The table only grows by the font
// files actually used. Each face is still used by one thread at a time: cairo keeps one font per
// face and locks it around every use. The output does not change: the same file and face index
// give the same glyphs, and cairo never reopening faces also saves the work of reopening them.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <cairo-ft.h>
#include <fontconfig/fcfreetype.h>
#include "SharedFaces.h"

typedef cairo_font_face_t *(*create_for_pattern_fn)(FcPattern *);

struct shared_face {
    char *file;
    int index;
    FT_Face face;
};

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t resolved = PTHREAD_ONCE_INIT;
static create_for_pattern_fn cairo_create_for_pattern;
static FT_Library library;              // guarded by table_lock
static struct shared_face *faces;       // guarded by table_lock
static size_t face_count, face_capacity;

static void resolve(void) {
    cairo_create_for_pattern = (create_for_pattern_fn)dlsym(RTLD_NEXT, "cairo_ft_font_face_create_for_pattern");
}

/// The face of `file` and `index`, opened on first use; NULL when FreeType cannot open it (cairo
/// then tries by file name and reports the error its own way).
static FT_Face shared_face(const char *file, int index) {
    FT_Face face = NULL;
    pthread_mutex_lock(&table_lock);
    for (size_t i = 0; i < face_count; i++) {
        if (faces[i].index == index && strcmp(faces[i].file, file) == 0) {
            face = faces[i].face;
            goto done;
        }
    }
    if (library == NULL && FT_Init_FreeType(&library) != 0) {
        library = NULL;
        goto done;
    }
    if (face_count == face_capacity) {
        size_t capacity = face_capacity ? face_capacity * 2 : 32;
        struct shared_face *grown = realloc(faces, capacity * sizeof *faces);
        if (grown == NULL) goto done;
        faces = grown;
        face_capacity = capacity;
    }
    char *name = strdup(file);
    if (name == NULL) goto done;
    /* From the table's own copy of the name: FreeType keeps the pointer as the face's stream
       path (the opt-in glyph compositor reads it), and the pattern's string goes with the pattern. */
    if (FT_New_Face(library, name, index, &face) != 0) {
        free(name);
        face = NULL;
        goto done;
    }
    faces[face_count++] = (struct shared_face){ name, index, face };
done:
    pthread_mutex_unlock(&table_lock);
    return face;
}

cairo_font_face_t *cairo_ft_font_face_create_for_pattern(FcPattern *pattern) {
    pthread_once(&resolved, resolve);
    FT_Face given;
    FcChar8 *file = NULL;
    int index = 0;
    if (pattern == NULL
        || FcPatternGetFTFace(pattern, FC_FT_FACE, 0, &given) == FcResultMatch
        || FcPatternGetString(pattern, FC_FILE, 0, &file) != FcResultMatch) {
        return cairo_create_for_pattern(pattern);
    }
    (void)FcPatternGetInteger(pattern, FC_INDEX, 0, &index);
    FT_Face face = shared_face((const char *)file, index);
    FcPattern *with_face = face ? FcPatternDuplicate(pattern) : NULL;
    if (with_face == NULL || !FcPatternAddFTFace(with_face, FC_FT_FACE, face)) {
        if (with_face) FcPatternDestroy(with_face);
        return cairo_create_for_pattern(pattern);
    }
    cairo_font_face_t *font_face = cairo_create_for_pattern(with_face);
    FcPatternDestroy(with_face);
    return font_face;
}

bool grft_shared_faces_active(void) {
    return dlsym(RTLD_DEFAULT, "cairo_ft_font_face_create_for_pattern") == (void *)cairo_ft_font_face_create_for_pattern;
}

uint64_t grft_shared_faces_count(void) {
    pthread_mutex_lock(&table_lock);
    uint64_t count = face_count;
    pthread_mutex_unlock(&table_lock);
    return count;
}
