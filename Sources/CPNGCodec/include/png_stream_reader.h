#ifndef GRIDRENDER_PNG_STREAM_READER_H
#define GRIDRENDER_PNG_STREAM_READER_H
/* A PNG file decoded row by row to straight RGBA8, so two large images can be compared holding a
   few rows of each (gridrender compare). libpng's setjmp error handling stays in C: every call
   sets its own jump buffer and turns an error into a return code and a message. */
#include <stddef.h>
#include <stdint.h>

typedef struct grpng_reader grpng_reader;

/* Opens a regular file and reads the PNG header only (no pixel memory is allocated), so the
   caller can check the size against a budget and against the other image first.
   Returns NULL and fills `err` on failure. */
grpng_reader *grpng_reader_open(const char *path, char *err, size_t errlen);

/* Width, height and whether the image is interlaced (Adam7), from the header. */
void grpng_reader_info(const grpng_reader *r, uint32_t *width, uint32_t *height, int *interlaced);

/* Sets up the conversion to RGBA8 (palette, grey, 16-bit and tRNS expanded). An interlaced image
   cannot be read row by row: it is decoded whole here (width*height*4 bytes), so the caller
   checks its budget before. Returns 0 on success. */
int grpng_reader_start(grpng_reader *r, char *err, size_t errlen);

/* Decodes the next `rows` rows into `out` (`stride` bytes apart, each width*4 bytes).
   Returns 0 on success. */
int grpng_reader_read_rows(grpng_reader *r, uint8_t *out, size_t stride, uint32_t rows, char *err, size_t errlen);

/* Closes the file and frees everything. */
void grpng_reader_close(grpng_reader *r);

#endif
