#ifndef GRIDRENDER_PNG_RGBA_TRANSFORMS_H
#define GRIDRENDER_PNG_RGBA_TRANSFORMS_H
/* Internal to CPNGCodec (not in include/): the libpng transforms that turn any PNG (palette,
   grey, 1-16 bit, tRNS, with or without alpha) into straight RGBA8 rows, shared by the whole-image
   decoder (png_reader.c) and the row-by-row reader (png_stream_reader.c). Call before
   png_read_update_info; libpng errors longjmp to the caller's jump buffer. */
#include <png.h>

static inline void grpng_set_rgba8_transforms(png_structp png, png_infop info) {
    int color = png_get_color_type(png, info), depth = png_get_bit_depth(png, info);
    if (depth == 16) png_set_strip_16(png);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS)) png_set_filler(png, 0xff, PNG_FILLER_AFTER);
}

#endif
