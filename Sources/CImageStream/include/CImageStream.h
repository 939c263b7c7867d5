#ifndef CIMAGESTREAM_H
#define CIMAGESTREAM_H

// Photos read row by row: JPEG through libjpeg-turbo (scaled down in the DCT, so a 24-megapixel
// photo is never held at its camera size) and PNG through libpng's row API; and PNG written
// row by row (image_write_png), so a frame is encoded without a straight copy of it.
//
// Both libraries report errors by longjmp, which Swift cannot survive, so every call into them
// happens here, behind a setjmp in the C function that makes it; a failure returns -1 with the
// library's message in `image_stream_error`. Rows come out as 32-bit pixels whose bytes are
// B, G, R, A (the canvas's 0xAARRGGBB on little-endian machines), straight alpha: JPEG rows are
// opaque, PNG rows carry the image's alpha (expanded from palettes, gray and tRNS).

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/// An image being read from a file descriptor, row by row.
typedef struct image_stream image_stream;

/// The formats a stream reads.
typedef enum {
    IMAGE_STREAM_JPEG = 1,
    IMAGE_STREAM_PNG = 2,
} image_stream_format;

/// Opens a stream on `fd` (read from its current offset with read(2); never closed here) and
/// reads the header: size, the Exif block, whether the image has alpha.
///
/// `max_memory` bounds what the decoder may allocate for a whole image at once: a progressive
/// JPEG's coefficients, an interlaced PNG's rows. At most `max_bytes` are read (the file's size
/// when it was opened): a file that grows while it is read ends there. A JPEG of more than
/// `IMAGE_STREAM_MAX_SCANS` scans fails (each scan of a progressive JPEG is a pass over all its
/// coefficients: thousands of tiny scans would take minutes). Returns NULL only when out of
/// memory; a bad header shows as `image_stream_error` being set. Close with
/// `image_stream_close`.
image_stream *image_stream_open(int fd, image_stream_format format, size_t max_memory,
                                size_t max_bytes);

/// The most scans a JPEG may have (a progressive camera JPEG has about 10).
enum { IMAGE_STREAM_MAX_SCANS = 256 };

/// Frees the stream and the library state behind it; NULL is fine.
void image_stream_close(image_stream *stream);

/// The library's message for the last failure, or NULL while nothing failed.
const char *image_stream_error(const image_stream *stream);

/// Whether the failure was the `max_memory` bound (a progressive JPEG or interlaced PNG too big
/// to hold), rather than bad data.
int image_stream_over_memory(const image_stream *stream);

/// The stored image's width and height, before any Exif orientation.
uint32_t image_stream_width(const image_stream *stream);
uint32_t image_stream_height(const image_stream *stream);

/// Whether pixels may be translucent (PNG with an alpha channel or tRNS).
int image_stream_has_alpha(const image_stream *stream);

/// The Exif block (TIFF header first, after JPEG's `Exif\0\0`), from JPEG's APP1 marker or
/// PNG's eXIf chunk before the image data; NULL with `*length` 0 when there is none.
const uint8_t *image_stream_exif(const image_stream *stream, size_t *length);

/// Starts decoding, at `eighths`/8 of the stored size (1…8, through libjpeg's DCT scaling;
/// PNG always decodes at full size and ignores it). Returns 0, or -1 with the error set.
int image_stream_start(image_stream *stream, int eighths);

/// The decoded rows' width and height, once started.
uint32_t image_stream_output_width(const image_stream *stream);
uint32_t image_stream_output_height(const image_stream *stream);

/// Reads up to `count` rows into `rows`, `stride` bytes apart, each `output_width` pixels.
/// Returns the rows read (0 at the end), or -1 with the error set.
int image_stream_read_rows(image_stream *stream, uint8_t *rows, size_t stride, int count);

/// Writes a non-interlaced 8-bit PNG of `width` × `height` pixels to `file`: RGB (`channels` 3)
/// or RGBA (4), marked sRGB. `row(context, y, out)` fills row y's `width × channels` bytes and
/// returns 0, or anything else to stop (the write then fails). Returns 0, or -1 with libpng's
/// message (or "stopped: …") in `message`, `size` bytes.
int image_write_png(FILE *file, uint32_t width, uint32_t height, int channels,
                    int (*row)(void *context, uint32_t y, uint8_t *out), void *context,
                    char *message, size_t size);

#endif
