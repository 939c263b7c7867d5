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

/// Writes a progressive gray JPEG of `width` × `height` from `gray` (rows packed) in
/// 1 + 63 × (1 + `refinements`) scans: the DC, then each AC coefficient on its own, first at
/// `refinements` bits less precision, then one bit more in each scan after (`refinements` 0…13).
/// A legal file of hundreds of scans, each a pass over every block. Returns 0, or -1.
int test_jpeg_write_scans(const char *path, const uint8_t *gray, int width, int height,
                          int refinements);

/// Writes an 8-bit RGBA PNG (straight alpha, rows packed) to `path`, Adam7-interlaced or not,
/// with an eXIf chunk before the image data whose Orientation tag is `orientation` (0: none).
/// Returns 0, or -1.
int test_png_write(const char *path, const uint8_t *rgba, int width, int height, int interlaced,
                   int orientation);

/// Writes a PNG whose header says `width` × `height` (8-bit gray, or 16-bit RGBA when `deep`)
/// but whose image data holds only the first `rows` rows, all black (every row `rows` ≥
/// `height`: a valid image). Rows of zeros compress about a thousandfold: a photo of a
/// billion pixels in a file of a megabyte, or one that claims them in a hundred bytes. Row by
/// row, in the memory of one row. Returns 0, or -1.
int test_png_write_black(const char *path, uint32_t width, uint32_t height, uint32_t rows,
                         int deep);

#endif
