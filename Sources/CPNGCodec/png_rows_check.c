#include "png_rows_check.h"
#include <stdio.h>
#include <stdlib.h>
#include <isa-l/igzip_lib.h>

/* The filter types of the rows that start in `out` (the bytes from `produced` on); -1 when a
   row has none that PNG defines. */
static long long bad_row(const uint8_t *out, uint64_t count, uint64_t produced, uint64_t line, uint64_t total) {
    for (uint64_t at = produced % line == 0 ? 0 : line - produced % line; at < count && produced + at < total; at += line) {
        if (out[at] > 4) return (long long)((produced + at) / line);
    }
    return -1;
}

int grpng_check_rows(const uint8_t *const *parts, const size_t *lengths, size_t count,
                     uint64_t row_bytes, uint64_t rows, char *err, size_t errlen) {
    /* ISA-L's inflate (igzip): about twice zlib's speed; it checks the zlib header and Adler-32. */
    struct inflate_state *z = malloc(sizeof *z);
    uint8_t *buffer = malloc(1 << 16);
    if (z == NULL || buffer == NULL) {
        free(z);
        free(buffer);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    isal_inflate_init(z);
    z->crc_flag = ISAL_ZLIB;
    const uint64_t line = row_bytes + 1, total = line * rows;
    uint64_t produced = 0;
    int result = 0;
    for (size_t i = 0; i < count && result == 0 && z->block_state != ISAL_BLOCK_FINISH; i++) {
        const uint8_t *next = parts[i];
        size_t left = lengths[i];
        int full = 0;  /* the last call filled the buffer: it may hold more output */
        while (result == 0 && z->block_state != ISAL_BLOCK_FINISH) {
            if (z->avail_in == 0 && !full) {
                if (left == 0) break;
                uint32_t take = left > (1u << 30) ? (1u << 30) : (uint32_t)left;
                z->next_in = (uint8_t *)next;
                z->avail_in = take;
                next += take;
                left -= take;
            }
            z->next_out = buffer;
            z->avail_out = 1 << 16;
            int status = isal_inflate(z);
            uint64_t got = (1 << 16) - z->avail_out;
            full = z->avail_out == 0;
            long long row = bad_row(buffer, got, produced, line, total);
            produced += got;
            if (status != ISAL_DECOMP_OK) {
                snprintf(err, errlen, "the PNG image's pixel data is corrupt (%s)",
                         status == ISAL_INCORRECT_CHECKSUM ? "wrong checksum" : "invalid compressed data");
                result = -1;
            } else if (row >= 0) {
                snprintf(err, errlen, "the PNG image's pixel data is corrupt (row %lld has an unknown filter type)", row);
                result = -1;
            }
        }
    }
    /* Data past the last row is left unread, as libpng leaves it (a warning, not an error). */
    if (result == 0 && (z->block_state != ISAL_BLOCK_FINISH || produced < total)) {
        snprintf(err, errlen, "the PNG image's pixel data is truncated");
        result = -1;
    }
    free(buffer);
    free(z);
    return result;
}
