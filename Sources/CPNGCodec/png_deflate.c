#include "png_deflate.h"
#include "pixel_convert.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <isa-l/igzip_lib.h>
#include <pthread.h>

static size_t scanline_bytes(uint32_t width, int alpha) { return 1 + (size_t)width * (alpha ? 4 : 3); }

static void convert_scanline(const uint8_t *src, uint8_t *dst, uint32_t width, int alpha) {
    dst[0] = 0;  /* filter type none */
    grpng_convert_argb32_row(src, dst + 1, width, alpha);
}

/* Grows `*out` (capacity `*capacity`) so that at least `room` bytes follow `used`. */
static int reserve(uint8_t **out, size_t *capacity, size_t used, size_t room) {
    if (*capacity - used >= room) return 0;
    size_t grown_capacity = *capacity * 2 > used + room ? *capacity * 2 : used + room;
    uint8_t *grown = realloc(*out, grown_capacity);
    if (!grown) return 1;
    *out = grown; *capacity = grown_capacity;
    return 0;
}

/* zlib's deflate: levels 0 and 3…9. */
static int deflate_zlib(const uint8_t *raw, size_t raw_length, const uint8_t *dictionary, size_t dictionary_length,
                        int level, int last, uint8_t **result, size_t *result_length, char *err, size_t errlen) {
    z_stream z;
    memset(&z, 0, sizeof z);
    /* Raw deflate (windowBits −15): the zlib header and trailer belong to the whole stream. */
    if (deflateInit2(&z, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        snprintf(err, errlen, "zlib: cannot start a compressor"); return 1;
    }
    if (dictionary_length && deflateSetDictionary(&z, dictionary, (uInt)dictionary_length) != Z_OK) {
        deflateEnd(&z); snprintf(err, errlen, "zlib: cannot set the dictionary"); return 1;
    }
    size_t capacity = deflateBound(&z, raw_length) + 64;
    uint8_t *out = malloc(capacity);
    if (!out) { deflateEnd(&z); snprintf(err, errlen, "out of memory"); return 1; }
    z.next_in = (Bytef *)raw;
    z.next_out = out;
    int flush = last ? Z_FINISH : Z_FULL_FLUSH;
    int status = Z_OK;
    size_t remaining = raw_length;
    /* avail_in is 32-bit: feed a very large piece in slices. */
    for (;;) {
        uInt slice = remaining > 0x40000000u ? 0x40000000u : (uInt)remaining;
        z.avail_in = slice;
        remaining -= slice;
        int mode = remaining ? Z_NO_FLUSH : flush;
        do {
            size_t used = (size_t)(z.next_out - out);
            if (reserve(&out, &capacity, used, 64)) { deflateEnd(&z); free(out); snprintf(err, errlen, "out of memory"); return 1; }
            z.next_out = out + used;
            size_t room = capacity - used;
            z.avail_out = room > 0x40000000u ? 0x40000000u : (uInt)room;
            status = deflate(&z, mode);
            if (status == Z_STREAM_ERROR) { deflateEnd(&z); free(out); snprintf(err, errlen, "zlib: compression failed"); return 1; }
        } while (z.avail_out == 0 || (mode == Z_FINISH && status != Z_STREAM_END) || z.avail_in > 0);
        if (!remaining) break;
    }
    *result_length = (size_t)(z.next_out - out);
    *result = out;
    deflateEnd(&z);
    return 0;
}

/* ISA-L's igzip (levels 1 and 2): SIMD match finding, about six times zlib level 2's speed on
   table images for files some 10–15 % larger (docs/performance.md). Its stream is ended the
   same way as zlib's: a full flush (an empty stored block) or the final block. */
/* A compressing thread's reusable memory: igzip's stream state and level buffer (about 400 KiB
   together) and the piece's scanlines, kept from piece to piece instead of allocated (and
   faulted in) for each of the thousands of pieces of a tall image; freed when the thread ends. */
struct scratch {
    struct isal_zstream *stream;
    uint8_t *level_buf;
    uint8_t *raw;
    size_t raw_capacity;
};

static pthread_key_t scratch_key;
static pthread_once_t scratch_once = PTHREAD_ONCE_INIT;

static void scratch_free(void *value) {
    struct scratch *scratch = value;
    if (!scratch) return;
    free(scratch->stream); free(scratch->level_buf); free(scratch->raw); free(scratch);
}

static void scratch_make_key(void) { pthread_key_create(&scratch_key, scratch_free); }

#define SCRATCH_LEVEL_BYTES (ISAL_DEF_LVL1_DEFAULT > ISAL_DEF_LVL2_DEFAULT ? ISAL_DEF_LVL1_DEFAULT : ISAL_DEF_LVL2_DEFAULT)

/* This thread's scratch with room for `raw_length` scanline bytes, or NULL (out of memory). */
static struct scratch *thread_scratch(size_t raw_length) {
    pthread_once(&scratch_once, scratch_make_key);
    struct scratch *scratch = pthread_getspecific(scratch_key);
    if (!scratch) {
        scratch = calloc(1, sizeof *scratch);
        if (!scratch) return NULL;
        scratch->stream = malloc(sizeof *scratch->stream);
        scratch->level_buf = malloc(SCRATCH_LEVEL_BYTES);
        if (!scratch->stream || !scratch->level_buf || pthread_setspecific(scratch_key, scratch) != 0) {
            scratch_free(scratch); return NULL;
        }
    }
    if (scratch->raw_capacity < raw_length) {
        uint8_t *grown = realloc(scratch->raw, raw_length);
        if (!grown) return NULL;
        scratch->raw = grown; scratch->raw_capacity = raw_length;
    }
    return scratch;
}

static int deflate_isal(struct scratch *scratch, const uint8_t *raw, size_t raw_length, const uint8_t *dictionary,
                        size_t dictionary_length, int level, int last, uint8_t **result, size_t *result_length,
                        char *err, size_t errlen) {
    struct isal_zstream *s = scratch->stream;
    uint8_t *level_buf = scratch->level_buf;
    size_t level_size = level == 1 ? ISAL_DEF_LVL1_DEFAULT : ISAL_DEF_LVL2_DEFAULT;
    size_t capacity = raw_length + raw_length / 8 + 4096;
    uint8_t *out = malloc(capacity);
    if (!out) { snprintf(err, errlen, "out of memory"); return 1; }
    isal_deflate_init(s);
    s->level = (uint32_t)level;
    s->level_buf = level_buf;
    s->level_buf_size = (uint32_t)level_size;
    s->gzip_flag = IGZIP_DEFLATE;   /* raw deflate: the zlib header and trailer belong to the whole stream */
    s->flush = FULL_FLUSH;
    int status = COMP_OK;
    if (dictionary_length) status = isal_deflate_set_dict(s, (uint8_t *)dictionary, (uint32_t)dictionary_length);
    s->next_in = (uint8_t *)raw;
    s->avail_in = 0;
    s->next_out = out;
    size_t remaining = raw_length;
    while (status == COMP_OK) {
        /* avail_in is 32-bit: feed a very large piece in slices. */
        if (s->avail_in == 0) {
            uint32_t slice = remaining > 0x40000000u ? 0x40000000u : (uint32_t)remaining;
            s->avail_in = slice;
            remaining -= slice;
        }
        s->end_of_stream = last && !remaining;
        size_t used = (size_t)(s->next_out - out);
        if (reserve(&out, &capacity, used, 4096)) { status = -100; break; }
        s->next_out = out + used;
        size_t room = capacity - used;
        s->avail_out = room > 0x40000000u ? 0x40000000u : (uint32_t)room;
        status = isal_deflate(s);
        if (status != COMP_OK) break;
        /* Done when the input is used up and the last block is written (the stream ended, or
           flushed to a byte boundary and ready for a new block header). */
        int flushed = s->end_of_stream ? s->internal_state.state == ZSTATE_END
                                       : s->internal_state.state == ZSTATE_NEW_HDR;
        if (!remaining && s->avail_in == 0 && s->avail_out > 0 && flushed) break;
    }
    size_t length = (size_t)(s->next_out - out);
    if (status != COMP_OK) {
        free(out);
        if (status == -100) snprintf(err, errlen, "out of memory");
        else snprintf(err, errlen, "igzip: compression failed (%d)", status);
        return 1;
    }
    *result = out;
    *result_length = length;
    return 0;
}

int grpng_piece_deflate(grpng_piece *piece, const uint8_t *argb, int stride, uint32_t width, uint32_t rows,
                        int alpha, const uint8_t *dictionary, size_t dictionary_length, int level, int last,
                        char *err, size_t errlen) {
    memset(piece, 0, sizeof *piece);
    size_t line = scanline_bytes(width, alpha);
    size_t raw_length = line * rows;
    level = level < 0 ? 6 : (level > 9 ? 9 : level);
    int fast = level == 1 || level == 2;
    /* igzip's pieces reuse the thread's scanline buffer; zlib's get their own. */
    struct scratch *scratch = fast ? thread_scratch(raw_length ? raw_length : 1) : NULL;
    uint8_t *raw = fast ? (scratch ? scratch->raw : NULL) : malloc(raw_length ? raw_length : 1);
    if (!raw) { snprintf(err, errlen, "out of memory"); return 1; }
    for (uint32_t y = 0; y < rows; y++) convert_scanline(argb + (size_t)y * (size_t)stride, raw + (size_t)y * line, width, alpha);
    if (!dictionary) dictionary_length = 0;
    if (dictionary_length > GRPNG_DICTIONARY_BYTES) {
        dictionary += dictionary_length - GRPNG_DICTIONARY_BYTES;
        dictionary_length = GRPNG_DICTIONARY_BYTES;
    }
    uint8_t *out = NULL;
    size_t length = 0;
    int failed = fast
        ? deflate_isal(scratch, raw, raw_length, dictionary, dictionary_length, level, last, &out, &length, err, errlen)
        : deflate_zlib(raw, raw_length, dictionary, dictionary_length, level, last, &out, &length, err, errlen);
    if (!failed) piece->adler = isal_adler32(1, raw, raw_length);
    if (!fast) free(raw);
    if (failed) return 1;
    piece->length = length;
    piece->raw_length = raw_length;
    piece->rows = rows;
    piece->data = out;
    return 0;
}

size_t grpng_scanline_tail(uint8_t *out, const uint8_t *argb, int stride, uint32_t width, uint32_t rows, int alpha) {
    size_t line = scanline_bytes(width, alpha);
    size_t total = line * rows;
    size_t want = total < GRPNG_DICTIONARY_BYTES ? total : GRPNG_DICTIONARY_BYTES;
    if (!want) return 0;
    size_t need_rows = (want + line - 1) / line;
    uint8_t *row = malloc(line);
    if (!row) return 0;
    /* The tail starts `skip` bytes into the first of the rows it needs. */
    size_t skip = need_rows * line - want, written = 0;
    for (uint32_t y = rows - (uint32_t)need_rows; y < rows; y++) {
        convert_scanline(argb + (size_t)y * (size_t)stride, row, width, alpha);
        memcpy(out + written, row + skip, line - skip);
        written += line - skip;
        skip = 0;
    }
    free(row);
    return written;
}

void grpng_piece_free(grpng_piece *piece) {
    if (!piece) return;
    free(piece->data);
    piece->data = NULL;
    piece->length = 0;
}

struct grpng_stream {
    FILE *file;
    uint8_t *mem; size_t mem_len, mem_cap;
    uint32_t width, height, rows;
    int level;
    uint32_t adler;
    int started, failed;
};

static int put(grpng_stream *s, const void *data, size_t length) {
    if (s->failed) return 1;
    if (s->file) {
        if (length && fwrite(data, 1, length, s->file) != length) s->failed = 1;
        return s->failed;
    }
    if (s->mem_len + length > s->mem_cap) {
        size_t cap = s->mem_cap ? s->mem_cap : 65536;
        while (cap < s->mem_len + length) cap *= 2;
        uint8_t *grown = realloc(s->mem, cap);
        if (!grown) { s->failed = 1; return 1; }
        s->mem = grown; s->mem_cap = cap;
    }
    memcpy(s->mem + s->mem_len, data, length);
    s->mem_len += length;
    return 0;
}

static void be32(uint8_t *p, uint32_t v) { p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = v; }

/* One chunk whose data is `a` then `b` (either may be empty). */
static int put_chunk(grpng_stream *s, const char *type, const uint8_t *a, size_t alen, const uint8_t *b, size_t blen) {
    uint8_t head[8];
    be32(head, (uint32_t)(alen + blen));
    memcpy(head + 4, type, 4);
    uLong crc = crc32(0L, head + 4, 4);
    if (alen) crc = crc32_z(crc, a, alen);
    if (blen) crc = crc32_z(crc, b, blen);
    uint8_t tail[4];
    be32(tail, (uint32_t)crc);
    put(s, head, 8); put(s, a, alen); put(s, b, blen);
    return put(s, tail, 4);
}

grpng_stream *grpng_stream_create(const char *path, uint32_t width, uint32_t height, int alpha, int level,
                                  uint32_t pixels_per_metre, char *err, size_t errlen) {
    if (width == 0 || height == 0 || width > 0x7fffffffu || height > 0x7fffffffu) {
        snprintf(err, errlen, "image %u×%u px is outside PNG's 1…2147483647 px per side", width, height); return NULL;
    }
    grpng_stream *s = calloc(1, sizeof *s);
    if (!s) { snprintf(err, errlen, "out of memory"); return NULL; }
    s->width = width; s->height = height; s->adler = 1;
    s->level = level < 0 ? 6 : (level > 9 ? 9 : level);
    if (path) {
        s->file = fopen(path, "wb");
        if (!s->file) { snprintf(err, errlen, "cannot open %s for writing", path); free(s); return NULL; }
    }
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a};
    uint8_t ihdr[13];
    be32(ihdr, width); be32(ihdr + 4, height);
    ihdr[8] = 8;                 /* bit depth */
    ihdr[9] = alpha ? 6 : 2;     /* RGBA or RGB */
    ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;  /* deflate, adaptive filtering method, no interlace */
    put(s, signature, 8);
    if (put_chunk(s, "IHDR", ihdr, 13, NULL, 0)) { snprintf(err, errlen, "write failed"); grpng_stream_destroy(s); return NULL; }
    if (pixels_per_metre) {   /* pHYs: pixels per metre, x then y, unit 1 (the metre) */
        uint8_t phys[9] = {
            (uint8_t)(pixels_per_metre >> 24), (uint8_t)(pixels_per_metre >> 16), (uint8_t)(pixels_per_metre >> 8), (uint8_t)pixels_per_metre,
            (uint8_t)(pixels_per_metre >> 24), (uint8_t)(pixels_per_metre >> 16), (uint8_t)(pixels_per_metre >> 8), (uint8_t)pixels_per_metre,
            1};
        if (put_chunk(s, "pHYs", phys, 9, NULL, 0)) { snprintf(err, errlen, "write failed"); grpng_stream_destroy(s); return NULL; }
    }
    return s;
}

int grpng_stream_append(grpng_stream *s, const grpng_piece *piece, char *err, size_t errlen) {
    if (s->rows + piece->rows > s->height) { snprintf(err, errlen, "more rows than the image height"); return 1; }
    /* The zlib header: deflate with a 32 KiB window, FLEVEL from the level, check bits. */
    uint8_t header[2] = {0x78, s->level <= 1 ? 0x01 : s->level <= 5 ? 0x5e : s->level == 6 ? 0x9c : 0xda};
    const uint8_t *data = piece->data;
    size_t length = piece->length;
    int first = !s->started;
    s->started = 1;
    /* IDAT chunks of at most 1 GiB (a chunk's length is below 2^31). */
    do {
        size_t part = length > 0x40000000u ? 0x40000000u : length;
        if (put_chunk(s, "IDAT", header, first ? 2 : 0, data, part)) { snprintf(err, errlen, "write failed"); return 1; }
        first = 0;
        data += part; length -= part;
    } while (length);
    s->adler = (uint32_t)adler32_combine(s->adler, piece->adler, (z_off_t)piece->raw_length);
    s->rows += piece->rows;
    return 0;
}

int grpng_stream_finish(grpng_stream *s, char *err, size_t errlen) {
    if (s->rows != s->height) { snprintf(err, errlen, "image incomplete: %u of %u rows", s->rows, s->height); return 1; }
    uint8_t trailer[4];
    be32(trailer, s->adler);
    put_chunk(s, "IDAT", trailer, 4, NULL, 0);
    if (put_chunk(s, "IEND", NULL, 0, NULL, 0)) { snprintf(err, errlen, "write failed"); return 1; }
    if (s->file) {
        int failed = fflush(s->file) != 0 || ferror(s->file);
        failed |= fclose(s->file) != 0;
        s->file = NULL;
        if (failed) { snprintf(err, errlen, "write failed"); return 1; }
    }
    return 0;
}

const uint8_t *grpng_stream_bytes(const grpng_stream *s, size_t *length) {
    if (length) *length = s->mem_len;
    return s->mem;
}

void grpng_stream_destroy(grpng_stream *s) {
    if (!s) return;
    if (s->file) fclose(s->file);
    free(s->mem);
    free(s);
}
