#include "pixel_convert.h"

void grpng_convert_argb32_row(const uint8_t *src, uint8_t *dst, uint32_t width, int alpha) {
    const uint32_t *px = (const uint32_t *)src;
    for (uint32_t x = 0; x < width; x++) {
        uint32_t p = px[x];
        uint32_t a = p >> 24, r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
        if (a != 0 && a != 255) {  /* un-premultiply, rounding to nearest */
            r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a;
            /* A channel above alpha is invalid premultiplied data; clamp instead of wrapping
               around in the uint8_t store (200 over alpha 100 would otherwise become 254). */
            if (r > 255) r = 255;
            if (g > 255) g = 255;
            if (b > 255) b = 255;
        }
        if (alpha) { dst[0] = r; dst[1] = g; dst[2] = b; dst[3] = a; dst += 4; }
        else { dst[0] = r; dst[1] = g; dst[2] = b; dst += 3; }
    }
}
