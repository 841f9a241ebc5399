#include "pixel_convert.h"

/* One pixel, any alpha: un-premultiplied, rounding to nearest. */
static inline uint8_t *convert_pixel(uint32_t p, uint8_t *dst, int alpha) {
    uint32_t a = p >> 24, r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
    if (a != 0 && a != 255) {  /* un-premultiply, rounding to nearest */
        r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a;
        /* A channel above alpha is invalid premultiplied data; clamp instead of wrapping
           around in the uint8_t store (200 over alpha 100 would otherwise become 254). */
        if (r > 255) r = 255;
        if (g > 255) g = 255;
        if (b > 255) b = 255;
    }
    if (alpha) { dst[0] = r; dst[1] = g; dst[2] = b; dst[3] = a; return dst + 4; }
    dst[0] = r; dst[1] = g; dst[2] = b;
    return dst + 3;
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

/* Opaque pixels need no arithmetic, only a byte shuffle: B,G,R,A in memory (little-endian
   ARGB32 words) to R,G,B or R,G,B,A. Four pixels at a time with SSSE3's pshufb where the CPU
   has it (checked once at run time): a table image is almost all opaque, and this conversion
   was the biggest single cost of PNG encoding done byte by byte. Groups with any pixel that is
   not opaque take the scalar path, so the bytes are the same either way. */
__attribute__((target("ssse3")))
static uint32_t convert_opaque_ssse3(const uint8_t *src, uint8_t **dst_io, uint32_t width, int alpha) {
    const __m128i rgb = _mm_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
    const __m128i rgba = _mm_setr_epi8(2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15);
    const __m128i alpha_bytes = _mm_set1_epi32((int)0xff000000u);
    uint8_t *dst = *dst_io;
    uint32_t x = 0;
    /* RGB stores 16 bytes for 12: stop while the 4 spare bytes still land inside the row. */
    uint32_t end = alpha ? width : (width >= 6 ? width - 2 : 0);
    while (x + 4 <= end) {
        __m128i v = _mm_loadu_si128((const __m128i *)(src + (size_t)x * 4));
        if (_mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(v, alpha_bytes), alpha_bytes)) != 0xffff) {
            for (int i = 0; i < 4; i++) dst = convert_pixel(((const uint32_t *)src)[x + i], dst, alpha);
        } else if (alpha) {
            _mm_storeu_si128((__m128i *)dst, _mm_shuffle_epi8(v, rgba));
            dst += 16;
        } else {
            _mm_storeu_si128((__m128i *)dst, _mm_shuffle_epi8(v, rgb));
            dst += 12;
        }
        x += 4;
    }
    *dst_io = dst;
    return x;
}

#endif

void grpng_convert_argb32_row(const uint8_t *src, uint8_t *dst, uint32_t width, int alpha) {
    const uint32_t *px = (const uint32_t *)src;
    uint32_t x = 0;
#if defined(__x86_64__) || defined(__i386__)
    if (__builtin_cpu_supports("ssse3")) x = convert_opaque_ssse3(src, &dst, width, alpha);
#endif
    for (; x < width; x++) dst = convert_pixel(px[x], dst, alpha);
}
