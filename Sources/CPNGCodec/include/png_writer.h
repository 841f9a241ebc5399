#ifndef GRIDRENDER_PNG_WRITER_H
#define GRIDRENDER_PNG_WRITER_H
/* A streaming PNG encoder over libpng. libpng reports errors with setjmp/longjmp, which Swift
   cannot use, so every call here sets its own jump buffer and turns an error into a return code
   and a message. Rows go in band by band, so an image of any height is encoded in bounded memory. */
#include <stddef.h>
#include <stdint.h>

typedef struct grpng_writer grpng_writer;

/* Opens an encoder writing to `path` (or into memory when `path` is NULL).
   `alpha` 1 writes RGBA, 0 writes RGB. `level` is the zlib level 0-9; `filter` is a libpng
   PNG_FILTER_* mask (0 = libpng's default choice). `pixels_per_metre` > 0 writes a pHYs chunk
   (the picture's physical size; 0 writes none). Returns NULL and fills `err` on failure. */
grpng_writer *grpng_writer_create(const char *path, uint32_t width, uint32_t height, int alpha,
                                  int level, int filter, uint32_t pixels_per_metre, char *err, size_t errlen);

/* Appends `rows` rows of Cairo ARGB32 pixels (premultiplied, native-endian 32-bit words),
   converting them to straight RGBA or RGB. Returns 0 on success. */
int grpng_writer_write_argb32(grpng_writer *w, const uint8_t *data, int stride, uint32_t rows,
                              char *err, size_t errlen);

/* Appends `rows` rows of straight RGBA8 pixels (R, G, B, A bytes). Returns 0 on success. */
int grpng_writer_write_rgba(grpng_writer *w, const uint8_t *data, int stride, uint32_t rows,
                            char *err, size_t errlen);

/* Writes the end of the image and closes the file. Returns 0 on success. */
int grpng_writer_finish(grpng_writer *w, char *err, size_t errlen);

/* The encoded bytes of an in-memory writer (valid until destroy). */
const uint8_t *grpng_writer_bytes(const grpng_writer *w, size_t *length);

/* Frees everything; closes the file if still open (the caller removes a partial file). */
void grpng_writer_destroy(grpng_writer *w);

#endif
