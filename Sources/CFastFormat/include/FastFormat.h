#ifndef GRIDRENDER_FAST_FORMAT_H
#define GRIDRENDER_FAST_FORMAT_H
/* Exact fast paths for the two formats Cairo's SVG and PDF writers print millions of times.
   See FastFormat.c for why and how. Exposed for tests. */
#include <stdbool.h>
#include <stddef.h>

/* Writes `value` as printf's "%f" does in the C locale (six decimals, round half to even on the
   exact binary value, a minus sign for every negative value including -0) into `out` (room for
   32 bytes) and returns the length, or -1 when the value is outside the exact fast path
   (NaN, infinities, magnitudes of 2^63 and more): the caller then uses printf itself. */
int grfmt_fixed6(char *out, double value);

/* Writes `value` as "%d" does into `out` (room for 12 bytes); returns the length. */
int grfmt_int(char *out, int value);

/* `__snprintf_chk(s, maxlen, 1, maxlen, "%f" or "%d", value)` as Cairo calls it (Linux only). */
int grfmt_snprintf_chk_f(char *s, size_t maxlen, double value);
int grfmt_snprintf_chk_d(char *s, size_t maxlen, int value);
/* Whether this file's `__snprintf_chk` is the one the libraries call (the executable exports it). */
bool grfmt_interposed(void);

#endif
