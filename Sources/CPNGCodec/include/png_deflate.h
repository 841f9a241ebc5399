#ifndef GRIDRENDER_PNG_DEFLATE_H
#define GRIDRENDER_PNG_DEFLATE_H
/* PNG image data compressed in pieces on many threads, joined into one valid zlib stream.

   The scanlines (filter byte 0, then RGB or RGBA) are cut into pieces of whole rows. Each piece
   is compressed on its own as raw deflate, its window primed with the up to 32 KiB of scanline
   bytes before it that the caller gives (so matches reach back across the cut as in one stream;
   gridrender gives those of the same band only, so bands are independent), and ended with a
   full flush: a byte-aligned, non-final empty stored block. The last piece ends the deflate
   stream. Concatenated in order after a zlib header, with the Adler-32 values of the pieces
   combined, they form a zlib stream any decoder reads. Where the cuts fall depends only on the
   image, never on which thread compressed which piece, so the bytes are the same for any thread
   count (the technique of pigz). */
#include <stddef.h>
#include <stdint.h>

/* Scanline bytes one piece's window is primed with. */
#define GRPNG_DICTIONARY_BYTES 32768

/* One compressed piece, owned by the caller (free with grpng_piece_free). */
typedef struct grpng_piece {
    uint8_t *data;
    size_t length;
    uint32_t adler;        /* Adler-32 of the piece's scanline bytes */
    uint64_t raw_length;   /* scanline bytes in the piece */
    uint32_t rows;
} grpng_piece;

/* Converts `rows` rows of Cairo ARGB32 pixels (premultiplied, native-endian words; `stride` bytes
   apart) into scanlines with filter type 0 (none), RGBA when `alpha`, else RGB, and compresses
   them at `level` into `piece` (1 and 2: ISA-L's igzip levels 1 and 2; 0 and 3…9: zlib's). `dictionary` holds the `dictionary_length` (≤ 32 KiB)
   scanline bytes right before the piece (NULL/0 for the first). `last` ends the stream.
   Returns 0 on success, else fills `err`. Thread-safe: touches only its arguments. */
int grpng_piece_deflate(grpng_piece *piece, const uint8_t *argb, int stride, uint32_t width, uint32_t rows,
                        int alpha, const uint8_t *dictionary, size_t dictionary_length, int level, int last,
                        char *err, size_t errlen);

/* Writes into `out` (room for GRPNG_DICTIONARY_BYTES) the last scanline bytes of the `rows` rows
   at `argb`, at most GRPNG_DICTIONARY_BYTES; returns how many. */
size_t grpng_scanline_tail(uint8_t *out, const uint8_t *argb, int stride, uint32_t width, uint32_t rows, int alpha);

void grpng_piece_free(grpng_piece *piece);

/* A PNG file (or memory buffer, when `path` is NULL) whose IDAT chunks are pieces appended in
   order. `pixels_per_metre` > 0 writes a pHYs chunk after IHDR (0 writes none). */
typedef struct grpng_stream grpng_stream;

grpng_stream *grpng_stream_create(const char *path, uint32_t width, uint32_t height, int alpha, int level,
                                  uint32_t pixels_per_metre, char *err, size_t errlen);

/* Appends the next piece: one IDAT chunk (the first also carries the zlib header). */
int grpng_stream_append(grpng_stream *s, const grpng_piece *piece, char *err, size_t errlen);

/* Writes the Adler-32 trailer and IEND and closes the file; every row must have been appended. */
int grpng_stream_finish(grpng_stream *s, char *err, size_t errlen);

/* The bytes of an in-memory stream (valid until destroy). */
const uint8_t *grpng_stream_bytes(const grpng_stream *s, size_t *length);

/* Frees everything; closes the file if still open (the caller removes a partial file). */
void grpng_stream_destroy(grpng_stream *s);

#endif
