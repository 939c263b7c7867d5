// JPEG through libjpeg-turbo's libjpeg API: a source manager on the fd, errors and warnings
// turned into a longjmp back to the entry point that called libjpeg, DCT scaling, and the Exif
// APP1 marker kept.

#include "ImageStreamParts.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jerror.h>
#include <jpeglib.h>

enum { JPEG_BUFFER_SIZE = 64 * 1024 };

typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    image_stream *stream;
} jpeg_errors;

struct jpeg_part {
    struct jpeg_decompress_struct info;
    jpeg_errors errors;
    struct jpeg_source_mgr source;
    struct jpeg_progress_mgr progress;
    /// Whether `info` was created (jpeg_create_decompress ran).
    int created;
    /// CMYK output converted to BGRA here, and whether the ink values are stored inverted
    /// (Adobe's convention, told by its APP14 marker).
    int cmyk;
    int inverted;
    JSAMPLE *cmyk_row;
    JOCTET buffer[JPEG_BUFFER_SIZE];
};

/// libjpeg's error_exit: keep the message, jump back to the entry point (never returns).
static void jpeg_part_error_exit(j_common_ptr info) {
    jpeg_errors *errors = (jpeg_errors *)info->err;
    char text[JMSG_LENGTH_MAX];
    info->err->format_message(info, text);
    image_stream_fail(errors->stream, text);
    if (info->err->msg_code == JERR_NO_BACKING_STORE) errors->stream->over_memory = 1;
    longjmp(errors->jump, 1);
}

/// libjpeg's emit_message: warnings (level -1) mean the data is corrupt or cut short, and a
/// photo half gray is not shown, so they fail like errors; except extraneous bytes before a
/// marker, which many cameras write and which cost no pixels. Trace messages are dropped.
static void jpeg_part_emit_message(j_common_ptr info, int level) {
    if (level >= 0 || info->err->msg_code == JWRN_EXTRANEOUS_DATA) return;
    jpeg_part_error_exit(info);
}

static void jpeg_part_output_message(j_common_ptr info) { (void)info; }

/// libjpeg's progress monitor, called as it reads: a JPEG of more scans than
/// IMAGE_STREAM_MAX_SCANS fails before the scans cost minutes of work.
static void jpeg_part_progress(j_common_ptr info) {
    j_decompress_ptr decompress = (j_decompress_ptr)info;
    if (decompress->input_scan_number <= IMAGE_STREAM_MAX_SCANS) return;
    jpeg_errors *errors = (jpeg_errors *)info->err;
    char text[80];
    snprintf(text, sizeof text, "more than %d scans", IMAGE_STREAM_MAX_SCANS);
    image_stream_fail(errors->stream, text);
    longjmp(errors->jump, 1);
}

static void jpeg_source_init(j_decompress_ptr info) { (void)info; }

/// Refills the buffer from the fd. At the end of the file, libjpeg's own stdio source inserts
/// a fake EOI after a warning; here the warning fails the stream (a truncated photo).
static boolean jpeg_source_fill(j_decompress_ptr info) {
    jpeg_part *part = (jpeg_part *)((char *)info - offsetof(jpeg_part, info));
    long n = image_stream_read_fd(part->errors.stream, part->buffer, JPEG_BUFFER_SIZE);
    if (n < 0) ERREXIT(info, JERR_FILE_READ);
    if (n == 0) {
        WARNMS(info, JWRN_JPEG_EOF);
        part->buffer[0] = 0xFF;
        part->buffer[1] = JPEG_EOI;
        n = 2;
    }
    part->source.next_input_byte = part->buffer;
    part->source.bytes_in_buffer = (size_t)n;
    return TRUE;
}

static void jpeg_source_skip(j_decompress_ptr info, long count) {
    struct jpeg_source_mgr *source = info->src;
    while (count > (long)source->bytes_in_buffer) {
        count -= (long)source->bytes_in_buffer;
        jpeg_source_fill(info);
    }
    if (count > 0) {
        source->next_input_byte += count;
        source->bytes_in_buffer -= (size_t)count;
    }
}

static void jpeg_source_term(j_decompress_ptr info) { (void)info; }

/// The APP1 marker that starts with `Exif\0\0`, if the file has one.
static void jpeg_part_find_exif(image_stream *stream, j_decompress_ptr info) {
    static const JOCTET tag[6] = {'E', 'x', 'i', 'f', 0, 0};
    for (jpeg_saved_marker_ptr m = info->marker_list; m != NULL; m = m->next) {
        if (m->marker == JPEG_APP0 + 1 && m->data_length > sizeof tag
            && memcmp(m->data, tag, sizeof tag) == 0) {
            stream->exif = m->data + sizeof tag;
            stream->exif_length = m->data_length - sizeof tag;
            return;
        }
    }
}

int jpeg_part_open(image_stream *stream) {
    jpeg_part *part = calloc(1, sizeof(jpeg_part));
    if (part == NULL) {
        image_stream_fail(stream, "out of memory");
        return -1;
    }
    stream->jpeg = part;
    struct jpeg_decompress_struct *info = &part->info;
    info->err = jpeg_std_error(&part->errors.pub);
    part->errors.pub.error_exit = jpeg_part_error_exit;
    part->errors.pub.emit_message = jpeg_part_emit_message;
    part->errors.pub.output_message = jpeg_part_output_message;
    part->errors.stream = stream;
    if (setjmp(part->errors.jump)) return -1;
    jpeg_create_decompress(info);
    part->created = 1;
    // Only whole-image buffers (a progressive JPEG's coefficients) ask the memory manager
    // what is available; this bound makes them fail with JERR_NO_BACKING_STORE instead.
    info->mem->max_memory_to_use = (long)stream->max_memory;
    part->source.init_source = jpeg_source_init;
    part->source.fill_input_buffer = jpeg_source_fill;
    part->source.skip_input_data = jpeg_source_skip;
    part->source.resync_to_restart = jpeg_resync_to_restart;
    part->source.term_source = jpeg_source_term;
    info->src = &part->source;
    part->progress.progress_monitor = jpeg_part_progress;
    info->progress = &part->progress;
    jpeg_save_markers(info, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(info, TRUE);
    stream->width = info->image_width;
    stream->height = info->image_height;
    stream->has_alpha = 0;
    jpeg_part_find_exif(stream, info);
    return 0;
}

int jpeg_part_start(image_stream *stream, int eighths) {
    jpeg_part *part = stream->jpeg;
    struct jpeg_decompress_struct *info = &part->info;
    if (setjmp(part->errors.jump)) return -1;
    info->scale_num = (unsigned int)eighths;
    info->scale_denom = 8;
    part->cmyk = info->jpeg_color_space == JCS_CMYK || info->jpeg_color_space == JCS_YCCK;
    part->inverted = info->saw_Adobe_marker;
    info->out_color_space = part->cmyk ? JCS_CMYK : JCS_EXT_BGRA;
    jpeg_start_decompress(info);
    if (part->cmyk) {
        part->cmyk_row = malloc((size_t)info->output_width * 4);
        if (part->cmyk_row == NULL) ERREXIT1(info, JERR_OUT_OF_MEMORY, 0);
    }
    stream->output_width = info->output_width;
    stream->output_height = info->output_height;
    return 0;
}

/// Converts a row of CMYK to opaque B, G, R, A: each color is its ink times the black ink, as
/// browsers do (inverted values, the Adobe convention, store 255 for no ink).
static void jpeg_part_cmyk_to_bgra(const JSAMPLE *in, uint8_t *out, uint32_t width, int inverted) {
    for (uint32_t x = 0; x < width; x++) {
        unsigned c = in[4 * x], m = in[4 * x + 1], y = in[4 * x + 2], k = in[4 * x + 3];
        if (!inverted) {
            c = 255 - c;
            m = 255 - m;
            y = 255 - y;
            k = 255 - k;
        }
        out[4 * x] = (uint8_t)((y * k + 127) / 255);
        out[4 * x + 1] = (uint8_t)((m * k + 127) / 255);
        out[4 * x + 2] = (uint8_t)((c * k + 127) / 255);
        out[4 * x + 3] = 255;
    }
}

int jpeg_part_read_rows(image_stream *stream, uint8_t *rows, size_t stride, int count) {
    jpeg_part *part = stream->jpeg;
    struct jpeg_decompress_struct *info = &part->info;
    if (setjmp(part->errors.jump)) return -1;
    int n = 0;
    while (n < count && info->output_scanline < info->output_height) {
        uint8_t *out = rows + (size_t)n * stride;
        JSAMPROW row = part->cmyk ? part->cmyk_row : out;
        if (jpeg_read_scanlines(info, &row, 1) != 1) break;
        if (part->cmyk) jpeg_part_cmyk_to_bgra(part->cmyk_row, out, info->output_width,
                                               part->inverted);
        n++;
    }
    return n;
}

void jpeg_part_close(image_stream *stream) {
    jpeg_part *part = stream->jpeg;
    if (part->created) jpeg_destroy_decompress(&part->info);
    free(part->cmyk_row);
    free(part);
    stream->jpeg = NULL;
}
