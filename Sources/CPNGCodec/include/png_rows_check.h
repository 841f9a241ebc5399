#ifndef GRIDRENDER_PNG_ROWS_CHECK_H
#define GRIDRENDER_PNG_ROWS_CHECK_H
/* Checks a PNG's compressed pixel data without decoding the pixels: what a reader that is given
   the IDAT data as it is (a PDF image with a PNG predictor) must be able to read. */
#include <stddef.h>
#include <stdint.h>

/* Inflates the zlib stream made of `count` parts (the IDAT chunks' data, in order) and checks
   that it holds `rows` rows of 1 + `row_bytes` bytes, each led by a filter type 0-4, and that
   the stream ends with a correct Adler-32 (bytes past the last row are ignored, as libpng
   ignores them). Nothing is kept: the output goes through a small buffer. Returns 0 when it
   does, else fills `err`. */
int grpng_check_rows(const uint8_t *const *parts, const size_t *lengths, size_t count,
                     uint64_t row_bytes, uint64_t rows, char *err, size_t errlen);

#endif
