// PNG written row by row through libpng's write API: the caller fills one row at a time, so
// encoding a frame holds one row of straight pixels, never the whole image.

#include "CImageStream.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

struct png_writer {
    char *message;
    size_t size;
};

/// libpng's error callback: keep the message, jump back to image_write_png (never returns).
static void png_writer_error(png_structp png, png_const_charp message) {
    struct png_writer *writer = png_get_error_ptr(png);
    snprintf(writer->message, writer->size, "%s", message);
    png_longjmp(png, 1);
}

static void png_writer_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

int image_write_png(FILE *file, uint32_t width, uint32_t height, int channels,
                    int (*row)(void *context, uint32_t y, uint8_t *out), void *context,
                    char *message, size_t size) {
    struct png_writer writer = {message, size};
    if (size > 0) message[0] = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &writer, png_writer_error,
                                              png_writer_warning);
    if (png == NULL) {
        snprintf(message, size, "libpng could not start");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    // Volatile: set before the setjmp, freed after a longjmp.
    uint8_t *volatile out = NULL;
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        if (info == NULL) snprintf(message, size, "libpng could not start");
        png_destroy_write_struct(&png, info ? &info : NULL);
        free(out);
        return -1;
    }
    out = malloc((size_t)width * (size_t)channels);
    if (out == NULL) png_error(png, "out of memory");
    png_init_io(png, file);
    png_set_IHDR(png, info, width, height, 8,
                 channels == 4 ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    // As libpng's simplified writer marks 8-bit images: sRGB, perceptual.
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) {
        if (row(context, y, out) != 0) png_error(png, "stopped: the rows are no longer there");
        png_write_row(png, out);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(out);
    return 0;
}
