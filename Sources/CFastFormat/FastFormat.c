// Cairo's SVG and PDF writers print every coordinate, glyph position and index through
// `_cairo_dtostr` and `_cairo_output_stream_printf`, which end in glibc's `__snprintf_chk` with
// the formats "%f" and "%d" (about 300 calls per table row; measured with an LD_PRELOAD counter
// on people-1000 → SVG: 176,000 "%f", 116,000 "%d", 3,900 other). glibc formats a double by
// multi-precision arithmetic (`__printf_fp_l`, `__mpn_divrem`, `hack_digit`): a quarter of an SVG
// render's CPU time went there.
//
// This file defines `__snprintf_chk`. Linked into an executable that also links libcairo, the
// definition is exported (the library refers to it), so the libraries' calls come here. The
// formats "%f" and "%d", in the C locale's decimal point, are written here exactly as glibc
// writes them: "%d" by plain digits; "%f" from the double's exact binary value m·2^e, scaled by
// 10^6 in 128-bit integers and rounded half to even (glibc rounds the exact value in the current
// rounding mode, round-to-nearest-even by default), so there is no floating-point rounding step to
// differ. Everything else (other formats, NaN and infinities, huge values, another decimal point,
// a buffer the object-size check rejects) goes to glibc's own `__vsnprintf_chk`. The output bytes
// do not change (FastFormatTests compare with glibc over millions of values and every tie).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "FastFormat.h"

#if defined(__linux__) && defined(__GLIBC__)
extern int __vsnprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format, va_list ap);
#endif

static int put_u64(char *out, uint64_t value) {
    char digits[20];
    int n = 0;
    do { digits[n++] = (char)('0' + value % 10); value /= 10; } while (value);
    for (int i = 0; i < n; i++) out[i] = digits[n - 1 - i];
    return n;
}

int grfmt_fixed6(char *out, double value) {
    if (!isfinite(value)) return -1;
    uint64_t bits;
    memcpy(&bits, &value, sizeof bits);
    int negative = (int)(bits >> 63);
    int biased = (int)((bits >> 52) & 0x7ff);
    uint64_t fraction = bits & ((UINT64_C(1) << 52) - 1);
    uint64_t mantissa = biased ? fraction | (UINT64_C(1) << 52) : fraction;
    int exponent = biased ? biased - 1075 : -1074;   /* value = mantissa · 2^exponent */
    unsigned __int128 scaled = (unsigned __int128)mantissa * 1000000u;   /* below 2^73 */
    unsigned __int128 units;   /* round(|value| · 10^6), half to even */
    if (exponent >= 0) {
        if (exponent > 40) return -1;
        units = scaled << exponent;
    } else if (-exponent >= 127) {
        units = 0;   /* below 2^73 · 2^-127: far under half a unit */
    } else {
        int shift = -exponent;
        unsigned __int128 one = 1;
        units = scaled >> shift;
        unsigned __int128 rest = scaled & ((one << shift) - 1), half = one << (shift - 1);
        if (rest > half || (rest == half && (units & 1))) units += 1;
    }
    unsigned __int128 whole = units / 1000000u;
    if (whole >> 63) return -1;
    uint32_t decimals = (uint32_t)(units % 1000000u);
    int n = 0;
    if (negative) out[n++] = '-';
    n += put_u64(out + n, (uint64_t)whole);
    out[n++] = '.';
    for (int i = 5; i >= 0; i--) { out[n + i] = (char)('0' + decimals % 10); decimals /= 10; }
    n += 6;
    out[n] = 0;
    return n;
}

int grfmt_int(char *out, int value) {
    int n = 0;
    int64_t v = value;
    if (v < 0) { out[n++] = '-'; v = -v; }
    n += put_u64(out + n, (uint64_t)v);
    out[n] = 0;
    return n;
}

#if defined(__linux__) && defined(__GLIBC__)
int __snprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    char text[32];
    int length = -1;
    if (slen >= maxlen && format[0] == '%' && format[2] == 0) {
        if (format[1] == 'd') {
            length = grfmt_int(text, va_arg(ap, int));
        } else if (format[1] == 'f') {
            const char *point = localeconv()->decimal_point;
            if (point[0] == '.' && point[1] == 0) {
                va_list copy;
                va_copy(copy, ap);
                length = grfmt_fixed6(text, va_arg(copy, double));
                va_end(copy);
            }
        }
    }
    if (length < 0) {
        length = __vsnprintf_chk(s, maxlen, flag, slen, format, ap);
        va_end(ap);
        return length;
    }
    va_end(ap);
    if (maxlen > 0) {
        size_t copied = (size_t)length < maxlen - 1 ? (size_t)length : maxlen - 1;
        memcpy(s, text, copied);
        s[copied] = 0;
    }
    return length;
}

bool grfmt_interposed(void) {
#if defined(__linux__) && defined(__GLIBC__)
    return dlsym(RTLD_DEFAULT, "__snprintf_chk") == (void *)__snprintf_chk;
#else
    return false;
#endif
}

int grfmt_snprintf_chk_f(char *s, size_t maxlen, double value) { return __snprintf_chk(s, maxlen, 1, maxlen, "%f", value); }
int grfmt_snprintf_chk_d(char *s, size_t maxlen, int value) { return __snprintf_chk(s, maxlen, 1, maxlen, "%d", value); }
#endif
