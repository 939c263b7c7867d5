#ifndef C_IMAGE_WRITER_H
#define C_IMAGE_WRITER_H

// Writing the JPEGs and PNGs the photo tests decode, with what a camera or editor puts in them
// (an Exif orientation, progressive scans, CMYK, interlacing), so that no large or odd fixture
// has to be kept in the repository. Test targets only.

#include <stddef.h>
#include <stdint.h>

/// What a test JPEG is made of.
typedef enum {
    /// `pixels` holds 3 bytes per pixel: R, G, B.
    TEST_JPEG_RGB = 0,
    /// `pixels` holds 1 byte per pixel: gray.
    TEST_JPEG_GRAY = 1,
    /// `pixels` holds 4 bytes per pixel: C, M, Y, K as Adobe stores them (255 = no ink); the
    /// file gets Adobe's APP14 marker.
    TEST_JPEG_CMYK = 2,
} test_jpeg_kind;

/// Writes a JPEG of `width` × `height` from `pixels` (rows packed) to `path`, at `quality`
/// (1…100), progressive or baseline, with an Exif APP1 block whose Orientation tag is
/// `orientation` (0: no Exif block), written big-endian (`MM`) or little-endian (`II`).
/// Returns 0, or -1 with nothing written.
int test_jpeg_write(const char *path, const uint8_t *pixels, int width, int height,
                    test_jpeg_kind kind, int quality, int progressive, int orientation,
                    int big_endian);

/// Writes an 8-bit RGBA PNG (straight alpha, rows packed) to `path`, Adam7-interlaced or not,
/// with an eXIf chunk before the image data whose Orientation tag is `orientation` (0: none).
/// Returns 0, or -1.
int test_png_write(const char *path, const uint8_t *rgba, int width, int height, int interlaced,
                   int orientation);

#endif
