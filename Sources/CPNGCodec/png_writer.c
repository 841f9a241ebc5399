#include "png_writer.h"
#include "pixel_convert.h"
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct grpng_writer {
    png_structp png;
    png_infop info;
    FILE *file;
    uint32_t width, height, written;
    int alpha;
    uint8_t *row;              /* one converted output row */
    uint8_t *mem; size_t mem_len, mem_cap;
    int mem_failed;
    char message[256];
};

static void on_error(png_structp png, png_const_charp msg) {
    grpng_writer *w = png_get_error_ptr(png);
    snprintf(w->message, sizeof w->message, "%s", msg);
    longjmp(png_jmpbuf(png), 1);
}
static void on_warning(png_structp png, png_const_charp msg) { (void)png; (void)msg; }

static void mem_write(png_structp png, png_bytep data, size_t length) {
    grpng_writer *w = png_get_io_ptr(png);
    if (w->mem_len + length > w->mem_cap) {
        size_t cap = w->mem_cap ? w->mem_cap : 65536;
        while (cap < w->mem_len + length) cap *= 2;
        uint8_t *grown = realloc(w->mem, cap);
        if (!grown) png_error(png, "out of memory");
        w->mem = grown; w->mem_cap = cap;
    }
    memcpy(w->mem + w->mem_len, data, length);
    w->mem_len += length;
}
static void mem_flush(png_structp png) { (void)png; }

static void copy_error(const grpng_writer *w, char *err, size_t errlen) {
    if (err && errlen) snprintf(err, errlen, "%s", w->message[0] ? w->message : "PNG encoding failed");
}

grpng_writer *grpng_writer_create(const char *path, uint32_t width, uint32_t height, int alpha,
                                  int level, int filter, uint32_t pixels_per_metre, char *err, size_t errlen) {
    grpng_writer *w = calloc(1, sizeof *w);
    if (!w) { if (err) snprintf(err, errlen, "out of memory"); return NULL; }
    w->width = width; w->height = height; w->alpha = alpha ? 1 : 0;
    w->row = malloc((size_t)width * 4);
    if (!w->row) { free(w); if (err) snprintf(err, errlen, "out of memory"); return NULL; }
    if (path) {
        w->file = fopen(path, "wb");
        if (!w->file) { if (err) snprintf(err, errlen, "cannot open %s for writing", path); free(w->row); free(w); return NULL; }
    }
    w->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, w, on_error, on_warning);
    if (!w->png) { grpng_writer_destroy(w); if (err) snprintf(err, errlen, "libpng: cannot create writer"); return NULL; }
    w->info = png_create_info_struct(w->png);
    if (!w->info) { grpng_writer_destroy(w); if (err) snprintf(err, errlen, "libpng: cannot create info"); return NULL; }
    if (setjmp(png_jmpbuf(w->png))) { copy_error(w, err, errlen); grpng_writer_destroy(w); return NULL; }
    if (w->file) png_init_io(w->png, w->file);
    else png_set_write_fn(w->png, w, mem_write, mem_flush);
    png_set_user_limits(w->png, 0x7fffffff, 0x7fffffff);
    png_set_IHDR(w->png, w->info, width, height, 8,
                 w->alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(w->png, level < 0 ? 6 : (level > 9 ? 9 : level));
    if (filter) png_set_filter(w->png, PNG_FILTER_TYPE_BASE, filter);
    if (pixels_per_metre) png_set_pHYs(w->png, w->info, pixels_per_metre, pixels_per_metre, PNG_RESOLUTION_METER);
    png_write_info(w->png, w->info);
    return w;
}

static void convert_rgba(const grpng_writer *w, const uint8_t *src, uint8_t *dst) {
    if (w->alpha) { memcpy(dst, src, (size_t)w->width * 4); return; }
    for (uint32_t x = 0; x < w->width; x++, src += 4, dst += 3) { dst[0] = src[0]; dst[1] = src[1]; dst[2] = src[2]; }
}

static int write_rows(grpng_writer *w, const uint8_t *data, int stride, uint32_t rows, int argb,
                      char *err, size_t errlen) {
    if (w->written + rows > w->height) { if (err) snprintf(err, errlen, "more rows than the image height"); return 1; }
    if (setjmp(png_jmpbuf(w->png))) { copy_error(w, err, errlen); return 1; }
    for (uint32_t y = 0; y < rows; y++) {
        const uint8_t *src = data + (size_t)y * (size_t)stride;
        if (argb) grpng_convert_argb32_row(src, w->row, w->width, w->alpha); else convert_rgba(w, src, w->row);
        png_write_row(w->png, w->row);
    }
    w->written += rows;
    return 0;
}

int grpng_writer_write_argb32(grpng_writer *w, const uint8_t *data, int stride, uint32_t rows, char *err, size_t errlen) {
    return write_rows(w, data, stride, rows, 1, err, errlen);
}

int grpng_writer_write_rgba(grpng_writer *w, const uint8_t *data, int stride, uint32_t rows, char *err, size_t errlen) {
    return write_rows(w, data, stride, rows, 0, err, errlen);
}

int grpng_writer_finish(grpng_writer *w, char *err, size_t errlen) {
    if (w->written != w->height) { if (err) snprintf(err, errlen, "image incomplete: %u of %u rows", w->written, w->height); return 1; }
    if (setjmp(png_jmpbuf(w->png))) { copy_error(w, err, errlen); return 1; }
    png_write_end(w->png, NULL);
    if (w->file) {
        int failed = fflush(w->file) != 0 || ferror(w->file);
        failed |= fclose(w->file) != 0;
        w->file = NULL;
        if (failed) { if (err) snprintf(err, errlen, "write failed"); return 1; }
    }
    return 0;
}

const uint8_t *grpng_writer_bytes(const grpng_writer *w, size_t *length) {
    if (length) *length = w->mem_len;
    return w->mem;
}

void grpng_writer_destroy(grpng_writer *w) {
    if (!w) return;
    if (w->png) png_destroy_write_struct(&w->png, w->info ? &w->info : NULL);
    if (w->file) fclose(w->file);
    free(w->row);
    free(w->mem);
    free(w);
}
