#ifndef GRIDRENDER_PIXEL_CONVERT_H
#define GRIDRENDER_PIXEL_CONVERT_H
/* Cairo ARGB32 rows to PNG samples, shared by the libpng writer and the piecewise encoder. */
#include <stdint.h>

/* Converts one row of `width` Cairo ARGB32 pixels (premultiplied, native-endian A<<24|R<<16|G<<8|B)
   into straight RGBA (`alpha`) or RGB bytes at `dst`. */
void grpng_convert_argb32_row(const uint8_t *src, uint8_t *dst, uint32_t width, int alpha);

#endif
