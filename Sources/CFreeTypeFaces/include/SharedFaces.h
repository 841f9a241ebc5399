#ifndef GRIDRENDER_SHARED_FACES_H
#define GRIDRENDER_SHARED_FACES_H

#include <stdbool.h>
#include <stdint.h>

/// Whether pango's calls to cairo_ft_font_face_create_for_pattern come to SharedFaces.c in this
/// process (true when the executable exports it, which the linker does because libpangocairo
/// refers to it).
bool grft_shared_faces_active(void);

/// How many font files (file and face index) have a shared FreeType face so far.
uint64_t grft_shared_faces_count(void);

#endif
