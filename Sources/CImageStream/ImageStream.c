// The public entry points of CImageStream.h: dispatch to the format's part, and the state both
// parts share.

#include "ImageStreamParts.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

image_stream *image_stream_open(int fd, image_stream_format format, size_t max_memory,
                                size_t max_bytes) {
    image_stream *stream = calloc(1, sizeof(image_stream));
    if (stream == NULL) return NULL;
    stream->format = format;
    stream->fd = fd;
    stream->max_memory = max_memory;
    stream->bytes_left = max_bytes;
    switch (format) {
    case IMAGE_STREAM_JPEG: jpeg_part_open(stream); break;
    case IMAGE_STREAM_PNG: png_part_open(stream); break;
    default: image_stream_fail(stream, "unknown image format"); break;
    }
    return stream;
}

void image_stream_close(image_stream *stream) {
    if (stream == NULL) return;
    if (stream->jpeg != NULL) jpeg_part_close(stream);
    if (stream->png != NULL) png_part_close(stream);
    free(stream);
}

void image_stream_fail(image_stream *stream, const char *message) {
    if (stream->failed) return;
    stream->failed = 1;
    snprintf(stream->message, sizeof stream->message, "%s", message);
}

long image_stream_read_fd(image_stream *stream, uint8_t *into, size_t length) {
    if (length > stream->bytes_left) length = stream->bytes_left;
    if (length == 0) return 0;
    for (;;) {
        ssize_t n = read(stream->fd, into, length);
        if (n >= 0) {
            stream->bytes_left -= (size_t)n;
            return (long)n;
        }
        if (errno == EINTR) continue;
        char text[160];
        snprintf(text, sizeof text, "read failed: %s", strerror(errno));
        image_stream_fail(stream, text);
        return -1;
    }
}

const char *image_stream_error(const image_stream *stream) {
    return stream->failed ? stream->message : NULL;
}

int image_stream_over_memory(const image_stream *stream) { return stream->over_memory; }

uint32_t image_stream_width(const image_stream *stream) { return stream->width; }

uint32_t image_stream_height(const image_stream *stream) { return stream->height; }

int image_stream_has_alpha(const image_stream *stream) { return stream->has_alpha; }

const uint8_t *image_stream_exif(const image_stream *stream, size_t *length) {
    *length = stream->exif_length;
    return stream->exif;
}

int image_stream_start(image_stream *stream, int eighths) {
    if (stream->failed) return -1;
    if (stream->started) return 0;
    if (eighths < 1 || eighths > 8) {
        image_stream_fail(stream, "scale out of range");
        return -1;
    }
    int result = stream->format == IMAGE_STREAM_JPEG ? jpeg_part_start(stream, eighths)
                                                     : png_part_start(stream);
    stream->started = result == 0;
    return result;
}

uint32_t image_stream_output_width(const image_stream *stream) { return stream->output_width; }

uint32_t image_stream_output_height(const image_stream *stream) { return stream->output_height; }

int image_stream_read_rows(image_stream *stream, uint8_t *rows, size_t stride, int count) {
    if (stream->failed) return -1;
    if (!stream->started || count < 0) {
        image_stream_fail(stream, "rows read before the stream started");
        return -1;
    }
    return stream->format == IMAGE_STREAM_JPEG ? jpeg_part_read_rows(stream, rows, stride, count)
                                               : png_part_read_rows(stream, rows, stride, count);
}
