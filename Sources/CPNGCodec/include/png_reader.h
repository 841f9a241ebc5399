#ifndef GRIDRENDER_PNG_READER_H
#define GRIDRENDER_PNG_READER_H
/* PNG decoding to straight RGBA8 over libpng, with libpng's setjmp error handling kept in C. */
#include <stddef.h>
#include <stdint.h>

/* Decodes PNG bytes into a newly allocated straight RGBA8 buffer (width*height*4 bytes, free it
   with grpng_free). Palette, grey, 16-bit and transparency chunks are expanded. Images with more
   than `max_pixels` pixels are refused before allocating. Returns 0 on success, else fills `err`. */
int grpng_decode(const uint8_t *data, size_t length, uint64_t max_pixels,
                 uint8_t **rgba, uint32_t *width, uint32_t *height, char *err, size_t errlen);

void grpng_free(void *pointer);

#endif
