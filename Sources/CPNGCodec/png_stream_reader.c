#include "png_stream_reader.h"
#include <png.h>
#include "png_rgba_transforms.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct grpng_reader {
    FILE *file;
    png_structp png;
    png_infop info;
    uint32_t width, height, next_row;
    int interlaced;
    uint8_t *whole;  /* the decoded image of an interlaced file, else NULL */
    char message[256];
};

static void on_error(png_structp png, png_const_charp msg) {
    grpng_reader *r = png_get_error_ptr(png);
    snprintf(r->message, sizeof r->message, "%s", msg);
    longjmp(png_jmpbuf(png), 1);
}
static void on_warning(png_structp png, png_const_charp msg) { (void)png; (void)msg; }

static void report(grpng_reader *r, char *err, size_t errlen) {
    snprintf(err, errlen, "corrupt PNG: %s", r->message[0] ? r->message : "decoding failed");
}

grpng_reader *grpng_reader_open(const char *path, char *err, size_t errlen) {
    FILE *file = fopen(path, "rb");
    if (!file) { snprintf(err, errlen, "cannot open file"); return NULL; }
    struct stat st;
    if (fstat(fileno(file), &st) != 0 || !S_ISREG(st.st_mode)) {
        fclose(file); snprintf(err, errlen, "not a regular file"); return NULL;
    }
    unsigned char signature[8];
    if (fread(signature, 1, 8, file) != 8 || png_sig_cmp(signature, 0, 8)) {
        fclose(file); snprintf(err, errlen, "not a PNG file"); return NULL;
    }
    grpng_reader *r = calloc(1, sizeof *r);
    if (!r) { fclose(file); snprintf(err, errlen, "out of memory"); return NULL; }
    r->file = file;
    r->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, r, on_error, on_warning);
    r->info = r->png ? png_create_info_struct(r->png) : NULL;
    if (!r->png || !r->info) {
        snprintf(err, errlen, "libpng: cannot create reader");
        grpng_reader_close(r);
        return NULL;
    }
    if (setjmp(png_jmpbuf(r->png))) {
        report(r, err, errlen);
        grpng_reader_close(r);
        return NULL;
    }
    png_init_io(r->png, file);
    png_set_sig_bytes(r->png, 8);
    png_set_user_limits(r->png, 1000000, 1000000);
    png_read_info(r->png, r->info);
    r->width = png_get_image_width(r->png, r->info);
    r->height = png_get_image_height(r->png, r->info);
    r->interlaced = png_get_interlace_type(r->png, r->info) != PNG_INTERLACE_NONE;
    return r;
}

void grpng_reader_info(const grpng_reader *r, uint32_t *width, uint32_t *height, int *interlaced) {
    *width = r->width; *height = r->height; *interlaced = r->interlaced;
}

int grpng_reader_start(grpng_reader *r, char *err, size_t errlen) {
    png_structp png = r->png;
    png_infop info = r->info;
    png_bytep *volatile rows = NULL;  /* volatile: read after a longjmp */
    if (setjmp(png_jmpbuf(png))) {
        free(rows);
        report(r, err, errlen);
        return 1;
    }
    grpng_set_rgba8_transforms(png, info);
    if (r->interlaced) png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)r->width * 4) png_error(png, "unsupported pixel layout");
    if (r->interlaced) {
        r->whole = malloc((size_t)r->width * r->height * 4 + 1);
        rows = malloc(sizeof(png_bytep) * (r->height ? r->height : 1));
        if (!r->whole || !rows) png_error(png, "out of memory");
        for (uint32_t y = 0; y < r->height; y++) rows[y] = r->whole + (size_t)y * r->width * 4;
        png_read_image(png, rows);
        free(rows);
        rows = NULL;
    }
    return 0;
}

int grpng_reader_read_rows(grpng_reader *r, uint8_t *out, size_t stride, uint32_t rows, char *err, size_t errlen) {
    if (rows > r->height - r->next_row) { snprintf(err, errlen, "read past the last row"); return 1; }
    if (r->whole) {
        for (uint32_t i = 0; i < rows; i++)
            memcpy(out + i * stride, r->whole + (size_t)(r->next_row + i) * r->width * 4, (size_t)r->width * 4);
        r->next_row += rows;
        return 0;
    }
    if (setjmp(png_jmpbuf(r->png))) {
        report(r, err, errlen);
        return 1;
    }
    for (uint32_t i = 0; i < rows; i++) {
        png_read_row(r->png, out + i * stride, NULL);
        r->next_row++;
    }
    return 0;
}

void grpng_reader_close(grpng_reader *r) {
    if (!r) return;
    if (r->png) png_destroy_read_struct(&r->png, r->info ? &r->info : NULL, NULL);
    if (r->file) fclose(r->file);
    free(r->whole);
    free(r);
}
