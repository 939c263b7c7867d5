// The test images: libjpeg's compressor and libpng's writer, errors caught by setjmp (a test
// helper must not exit the test process).

#include "CImageWriter.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <png.h>

/// A TIFF block with one entry, Orientation (0x0112, SHORT, 1 value), as Exif stores it.
static size_t exif_block(uint8_t *out, int orientation, int big_endian) {
    static const uint8_t be[] = {'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1,
                                 0, 0, 0, 0, 0, 0, 0, 0};
    static const uint8_t le[] = {'I', 'I', 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0,
                                 0, 0, 0, 0, 0, 0, 0, 0};
    memcpy(out, big_endian ? be : le, sizeof be);
    out[big_endian ? 19 : 18] = (uint8_t)orientation;
    return sizeof be;
}

typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
} writer_errors;

static void writer_error_exit(j_common_ptr info) {
    longjmp(((writer_errors *)info->err)->jump, 1);
}

int test_jpeg_write(const char *path, const uint8_t *pixels, int width, int height,
                    test_jpeg_kind kind, int quality, int progressive, int orientation,
                    int big_endian) {
    FILE *file = fopen(path, "wb");
    if (file == NULL) return -1;
    struct jpeg_compress_struct info;
    writer_errors errors;
    info.err = jpeg_std_error(&errors.pub);
    errors.pub.error_exit = writer_error_exit;
    if (setjmp(errors.jump)) {
        jpeg_destroy_compress(&info);
        fclose(file);
        remove(path);
        return -1;
    }
    jpeg_create_compress(&info);
    jpeg_stdio_dest(&info, file);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    int components = kind == TEST_JPEG_GRAY ? 1 : kind == TEST_JPEG_CMYK ? 4 : 3;
    info.input_components = components;
    info.in_color_space = kind == TEST_JPEG_GRAY ? JCS_GRAYSCALE
                          : kind == TEST_JPEG_CMYK ? JCS_CMYK
                                                   : JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    if (progressive) jpeg_simple_progression(&info);
    jpeg_start_compress(&info, TRUE);
    if (orientation > 0) {
        uint8_t app1[6 + 26] = {'E', 'x', 'i', 'f', 0, 0};
        size_t length = 6 + exif_block(app1 + 6, orientation, big_endian);
        jpeg_write_marker(&info, JPEG_APP0 + 1, app1, (unsigned int)length);
    }
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)info.next_scanline * (size_t)width
                                               * (size_t)components);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    return fclose(file) == 0 ? 0 : -1;
}

int test_jpeg_write_scans(const char *path, const uint8_t *gray, int width, int height,
                          int refinements) {
    int count = 1 + 63 * (1 + refinements);
    jpeg_scan_info *scans = calloc((size_t)count, sizeof(jpeg_scan_info));
    FILE *file = scans != NULL ? fopen(path, "wb") : NULL;
    if (file == NULL) {
        free(scans);
        return -1;
    }
    struct jpeg_compress_struct info;
    writer_errors errors;
    info.err = jpeg_std_error(&errors.pub);
    errors.pub.error_exit = writer_error_exit;
    if (setjmp(errors.jump)) {
        jpeg_destroy_compress(&info);
        free(scans);
        fclose(file);
        remove(path);
        return -1;
    }
    jpeg_create_compress(&info);
    jpeg_stdio_dest(&info, file);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 1;
    info.in_color_space = JCS_GRAYSCALE;
    jpeg_set_defaults(&info);
    scans[0].comps_in_scan = 1;  // the DC, whole
    int n = 1;
    for (int k = 1; k < 64; k++) {
        for (int bit = refinements; bit >= 0; bit--, n++) {
            scans[n].comps_in_scan = 1;
            scans[n].Ss = scans[n].Se = k;
            scans[n].Ah = bit == refinements ? 0 : bit + 1;
            scans[n].Al = bit;
        }
    }
    info.scan_info = scans;
    info.num_scans = count;
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(gray + (size_t)info.next_scanline * (size_t)width);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    free(scans);
    return fclose(file) == 0 ? 0 : -1;
}

int test_png_write(const char *path, const uint8_t *rgba, int width, int height, int interlaced,
                   int orientation) {
    FILE *file = fopen(path, "wb");
    if (file == NULL) return -1;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (png == NULL || info == NULL || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        fclose(file);
        remove(path);
        return -1;
    }
    png_init_io(png, file);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGBA,
                 interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    uint8_t exif[26];
    if (orientation > 0) {
        png_set_eXIf_1(png, info, (png_uint_32)exif_block(exif, orientation, 1), exif);
    }
    png_write_info(png, info);
    int passes = png_set_interlace_handling(png);
    for (int pass = 0; pass < passes; pass++) {
        for (int y = 0; y < height; y++) {
            png_write_row(png, rgba + (size_t)y * (size_t)width * 4);
        }
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return fclose(file) == 0 ? 0 : -1;
}

int test_png_write_black(const char *path, uint32_t width, uint32_t height, uint32_t rows,
                         int deep) {
    FILE *file = fopen(path, "wb");
    if (file == NULL) return -1;
    size_t row_bytes = (size_t)width * (deep ? 8 : 1);
    uint8_t *row = calloc(row_bytes, 1);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (row == NULL || png == NULL || info == NULL || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row);
        fclose(file);
        remove(path);
        return -1;
    }
    png_init_io(png, file);
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_set_IHDR(png, info, width, height, deep ? 16 : 8,
                 deep ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    uint32_t written = rows < height ? rows : height;
    for (uint32_t y = 0; y < written; y++) png_write_row(png, row);
    if (written < height) {
        // The image data stops here: flushed, then the file ends without IEND.
        png_write_flush(png);
        png_destroy_write_struct(&png, &info);
        free(row);
        return fclose(file) == 0 ? 0 : -1;
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    return fclose(file) == 0 ? 0 : -1;
}
