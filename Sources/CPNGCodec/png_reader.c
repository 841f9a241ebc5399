#include "png_reader.h"
#include <png.h>
#include "png_rgba_transforms.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *data; size_t length, offset;
    char message[256];
    uint8_t *pixels;
    png_bytep *rows;
} reader_state;

static void on_error(png_structp png, png_const_charp msg) {
    reader_state *s = png_get_error_ptr(png);
    snprintf(s->message, sizeof s->message, "%s", msg);
    longjmp(png_jmpbuf(png), 1);
}
static void on_warning(png_structp png, png_const_charp msg) { (void)png; (void)msg; }

static void read_bytes(png_structp png, png_bytep out, size_t count) {
    reader_state *s = png_get_io_ptr(png);
    if (s->length - s->offset < count) png_error(png, "truncated PNG data");
    memcpy(out, s->data + s->offset, count);
    s->offset += count;
}

int grpng_decode(const uint8_t *data, size_t length, uint64_t max_pixels,
                 uint8_t **rgba, uint32_t *width, uint32_t *height, char *err, size_t errlen) {
    *rgba = NULL; *width = 0; *height = 0;
    if (length < 8 || png_sig_cmp(data, 0, 8)) { snprintf(err, errlen, "not a PNG file"); return 1; }
    reader_state s = { data, length, 0, {0}, NULL, NULL };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &s, on_error, on_warning);
    if (!png) { snprintf(err, errlen, "libpng: cannot create reader"); return 1; }
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_read_struct(&png, NULL, NULL); snprintf(err, errlen, "libpng: cannot create info"); return 1; }
    if (setjmp(png_jmpbuf(png))) {
        snprintf(err, errlen, "corrupt PNG: %s", s.message[0] ? s.message : "decoding failed");
        png_destroy_read_struct(&png, &info, NULL);
        free(s.pixels); free(s.rows);
        return 1;
    }
    png_set_read_fn(png, &s, read_bytes);
    png_set_user_limits(png, 1000000, 1000000);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    if ((uint64_t)w * (uint64_t)h > max_pixels) {
        snprintf(err, errlen, "image too large: %ux%u pixels", (unsigned)w, (unsigned)h);
        png_destroy_read_struct(&png, &info, NULL);
        return 1;
    }
    grpng_set_rgba8_transforms(png, info);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)w * 4) png_error(png, "unsupported pixel layout");
    s.pixels = malloc((size_t)w * h * 4 + 1);
    s.rows = malloc(sizeof(png_bytep) * (h ? h : 1));
    if (!s.pixels || !s.rows) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < h; y++) s.rows[y] = s.pixels + (size_t)y * w * 4;
    png_read_image(png, s.rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(s.rows);
    *rgba = s.pixels; *width = w; *height = h;
    return 0;
}

void grpng_free(void *pointer) { free(pointer); }
