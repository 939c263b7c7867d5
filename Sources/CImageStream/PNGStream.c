// PNG through libpng's row API: a read callback on the fd, errors turned into a longjmp back to
// the entry point that called libpng, every color type expanded to 8-bit B, G, R, A, and the
// eXIf chunk kept when it comes before the image data.

#include "ImageStreamParts.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

struct png_part {
    png_structp png;
    png_infop info;
    /// An interlaced image, decoded whole (its passes revisit every row), and the next of its
    /// rows to hand out; NULL for a non-interlaced one, which is read row by row.
    uint8_t *image;
    png_bytep *image_rows;
    uint32_t next_row;
    size_t row_bytes;
};

/// libpng's error callback: keep the message, jump back to the entry point (never returns).
static void png_part_error(png_structp png, png_const_charp message) {
    image_stream *stream = png_get_error_ptr(png);
    image_stream_fail(stream, message);
    png_longjmp(png, 1);
}

/// libpng's warnings (an ancillary chunk's bad CRC, an sRGB profile it dislikes) cost no
/// pixels; they are dropped.
static void png_part_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

/// Reads exactly `length` bytes from the fd; a file that ends first is truncated.
static void png_part_read(png_structp png, png_bytep data, size_t length) {
    image_stream *stream = png_get_io_ptr(png);
    size_t done = 0;
    while (done < length) {
        long n = image_stream_read_fd(stream, data + done, length - done);
        if (n < 0) png_error(png, stream->message);
        if (n == 0) png_error(png, "truncated: the file ends before the PNG does");
        done += (size_t)n;
    }
}

int png_part_open(image_stream *stream) {
    png_part *part = calloc(1, sizeof(png_part));
    if (part == NULL) {
        image_stream_fail(stream, "out of memory");
        return -1;
    }
    stream->png = part;
    part->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, stream, png_part_error,
                                       png_part_warning);
    if (part->png == NULL) {
        image_stream_fail(stream, "libpng could not start");
        return -1;
    }
    if (setjmp(png_jmpbuf(part->png))) return -1;
    part->info = png_create_info_struct(part->png);
    if (part->info == NULL) png_error(part->png, "out of memory");
    png_set_read_fn(part->png, stream, png_part_read);
    png_read_info(part->png, part->info);
    stream->width = png_get_image_width(part->png, part->info);
    stream->height = png_get_image_height(part->png, part->info);
    int type = png_get_color_type(part->png, part->info);
    stream->has_alpha = (type & PNG_COLOR_MASK_ALPHA) != 0
                        || png_get_valid(part->png, part->info, PNG_INFO_tRNS) != 0;
#ifdef PNG_eXIf_SUPPORTED
    png_uint_32 length = 0;
    png_bytep exif = NULL;
    if (png_get_eXIf_1(part->png, part->info, &length, &exif) != 0 && exif != NULL) {
        stream->exif = exif;
        stream->exif_length = length;
    }
#endif
    return 0;
}

int png_part_start(image_stream *stream) {
    png_part *part = stream->png;
    png_structp png = part->png;
    if (setjmp(png_jmpbuf(png))) return -1;
    png_set_expand(png);  // palettes to RGB, gray below 8 bits to 8, tRNS to alpha
    png_set_scale_16(png);
    png_set_gray_to_rgb(png);
    png_set_bgr(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);  // only where there is no alpha yet
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, part->info);
    part->row_bytes = png_get_rowbytes(png, part->info);
    if (part->row_bytes != (size_t)stream->width * 4) png_error(png, "unexpected row layout");
    if (passes > 1) {
        size_t bytes = part->row_bytes * stream->height;
        if (bytes / part->row_bytes != stream->height || bytes > stream->max_memory) {
            stream->over_memory = 1;
            png_error(png, "an interlaced PNG this large is not decoded");
        }
        part->image = malloc(bytes);
        part->image_rows = malloc(sizeof(png_bytep) * stream->height);
        if (part->image == NULL || part->image_rows == NULL) png_error(png, "out of memory");
        for (uint32_t y = 0; y < stream->height; y++)
            part->image_rows[y] = part->image + (size_t)y * part->row_bytes;
        png_read_image(png, part->image_rows);
    }
    stream->output_width = stream->width;
    stream->output_height = stream->height;
    return 0;
}

int png_part_read_rows(image_stream *stream, uint8_t *rows, size_t stride, int count) {
    png_part *part = stream->png;
    if (setjmp(png_jmpbuf(part->png))) return -1;
    int n = 0;
    while (n < count && part->next_row < stream->height) {
        uint8_t *out = rows + (size_t)n * stride;
        if (part->image != NULL) {
            memcpy(out, part->image_rows[part->next_row], part->row_bytes);
        } else {
            png_read_row(part->png, out, NULL);
        }
        part->next_row++;
        n++;
    }
    return n;
}

void png_part_close(image_stream *stream) {
    png_part *part = stream->png;
    if (part->png != NULL) png_destroy_read_struct(&part->png, &part->info, NULL);
    free(part->image);
    free(part->image_rows);
    free(part);
    stream->png = NULL;
}
