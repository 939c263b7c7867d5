#ifndef IMAGESTREAMPARTS_H
#define IMAGESTREAMPARTS_H

// The stream's state, shared by ImageStream.c (the public entry points) and the two formats'
// files. Not part of the module's interface.

#include "CImageStream.h"

typedef struct jpeg_part jpeg_part;
typedef struct png_part png_part;

struct image_stream {
    image_stream_format format;
    int fd;
    size_t max_memory;
    /// The bytes the stream may still read.
    size_t bytes_left;
    /// Set once something failed; every later call then fails at once.
    int failed;
    int over_memory;
    /// Set once decoding started (image_stream_start succeeded).
    int started;
    char message[200];
    uint32_t width, height;
    uint32_t output_width, output_height;
    int has_alpha;
    const uint8_t *exif;
    size_t exif_length;
    jpeg_part *jpeg;
    png_part *png;
};

/// Records a failure: the stream fails from now on with `message`.
void image_stream_fail(image_stream *stream, const char *message);

/// Reads up to `length` bytes from the stream's fd, retrying EINTR; the count read, 0 at the
/// end of the file or of the bytes it may read, -1 on a read error (the failure recorded).
long image_stream_read_fd(image_stream *stream, uint8_t *into, size_t length);

int jpeg_part_open(image_stream *stream);
int jpeg_part_start(image_stream *stream, int eighths);
int jpeg_part_read_rows(image_stream *stream, uint8_t *rows, size_t stride, int count);
void jpeg_part_close(image_stream *stream);

int png_part_open(image_stream *stream);
int png_part_start(image_stream *stream);
int png_part_read_rows(image_stream *stream, uint8_t *rows, size_t stride, int count);
void png_part_close(image_stream *stream);

#endif
