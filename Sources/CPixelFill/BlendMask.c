#include <string.h>

#include "CPixelFill.h"
#include "CPUExtensions.h"
#include "FillVectors.h"

/// Eight pixels' bytes, the same widened to one 16-bit lane per channel (and to 32 bits, for a
/// product's high half), eight coverage bytes; eight pixels as 32-bit words. 64-byte vectors:
/// one AVX-512 register, two AVX2 ones, four of SSE2 or NEON, as the compiler splits them.
typedef uint8_t bytes32 __attribute__((vector_size(32)));
typedef uint16_t lanes16 __attribute__((vector_size(64)));
typedef uint32_t lanes32 __attribute__((vector_size(128)));
typedef uint8_t bytes8 __attribute__((vector_size(8)));
typedef uint32_t pixels8 __attribute__((vector_size(32)));

/// `(t + (t >> 8)) >> 8` for each lane t of a `lanes16` (every t up to 255 × 255 + 128, as
/// in `blend_halves`; `ScanKernelTests` checks each): the high half of t · 257, the same
/// integer for all those t, in one multiply-high (`vpmulhuw`, SSE2's too) instead of two
/// shifts and two adds. A macro: a vector passed by value would take a different ABI with and
/// without AVX.
#define div255(t) \
    __builtin_convertvector((__builtin_convertvector((t), lanes32) * 257) >> 16, lanes16)

/// Source over destination for eight pixels in place, four from `first` and four from
/// `second` (the next four, or a window of another row), each at its coverage (byte i of
/// `coverage` for pixel i, the first four's in bytes 0–3): per channel `sc = s·c/255`, then
/// `sc + d·(255 − sc_alpha)/255`, each division the exact rounding
/// `(t + 128 + ((t + 128) >> 8)) >> 8` of Raster's PixelMath. Every product fits a 16-bit lane
/// (255 × 255 + 128 + 254 < 65536), so the lanes compute what PixelMath's two-channels-per-
/// word arithmetic does, bit for bit. With an `opaque` source (alpha 255) `sc_alpha` is `c`
/// itself (the exact division of 255·c by 255), so the coverage lanes stand in for it. Both
/// halves are read before either is written: they must not overlap. By pointer: a 64-byte
/// vector passed by value would take a different ABI on each CPU path.
static inline __attribute__((always_inline)) void
blend_halves(uint32_t *first, uint32_t *second, const lanes16 *source, uint64_t coverage,
             int opaque) {
    bytes32 d;
    bytes8 c8;
    memcpy(&d, first, 16);
    memcpy((uint8_t *)&d + 16, second, 16);
    memcpy(&c8, &coverage, sizeof c8);
    bytes32 c32 = __builtin_shufflevector(c8, c8, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                          4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7);
    lanes16 c = __builtin_convertvector(c32, lanes16);
    lanes16 sc = div255(*source * c + 128);
    lanes16 a = opaque ? c
                       : __builtin_shufflevector(sc, sc, 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11,
                                                 15, 15, 15, 15, 19, 19, 19, 19, 23, 23, 23, 23,
                                                 27, 27, 27, 27, 31, 31, 31, 31);
    lanes16 u = __builtin_convertvector(d, lanes16) * (255 - a) + 128;
    bytes32 out = __builtin_convertvector(sc + div255(u), bytes32);
    memcpy(first, &out, 16);
    memcpy(second, (uint8_t *)&out + 16, 16);
}

/// The pixel `s` eight times, one 16-bit lane per channel: the source of `blend_halves`. By
/// pointer, as `blend_halves`'s.
static inline __attribute__((always_inline)) void eight_pixels(lanes16 *source, uint32_t s) {
    pixels8 p = (pixels8){0} + s;
    bytes32 b;
    memcpy(&b, &p, sizeof b);
    *source = __builtin_convertvector(b, lanes16);
}

/// `blend_halves` for eight pixels in a row (byte i of `coverage` for pixel i).
static inline __attribute__((always_inline)) void
blend8(uint32_t *dst, const lanes16 *source, uint64_t coverage, int opaque) {
    blend_halves(dst, dst + 4, source, coverage, opaque);
}

/// `blend8` for a run shorter than eight pixels (`coverage` byte i for pixel i < `count`),
/// through a padded copy: it never touches the pixels after the run.
static inline __attribute__((always_inline)) void
blend_short(uint32_t *dst, const lanes16 *source, uint64_t coverage, size_t count) {
    uint32_t run[8] = {0};
    for (size_t i = 0; i < count; i++) {
        run[i] = dst[i];
    }
    blend8(run, source, coverage & (~(uint64_t)0 >> (8 * (8 - count))), 0);
    for (size_t i = 0; i < count; i++) {
        dst[i] = run[i];
    }
}

/// The blend, eight pixels a step: a step whose coverage is all 0 is skipped, all 255 with
/// an opaque source is a plain store, anything else blends in 16-bit lanes. A last partial
/// step blends the final eight pixels again with the coverage of those already done set to 0,
/// which leaves them as they are; a run shorter than eight goes through a padded copy.
static inline __attribute__((always_inline)) void
blend_mask(uint32_t *dst, uint32_t s, const lanes16 *source, const uint8_t *coverage,
           size_t count) {
    pixels8 sp = (pixels8){0} + s;
    if (count < 8) {
        uint64_t group = 0;
        memcpy(&group, coverage, count);
        blend_short(dst, source, group, count);
        return;
    }
    int opaque = s >> 24 == 255;
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        uint64_t group;
        memcpy(&group, coverage + i, sizeof group);
        if (group == 0) {
            continue;
        }
        if (group == ~(uint64_t)0 && opaque) {
            memcpy(dst + i, &sp, sizeof sp);
            continue;
        }
        if (opaque) {
            blend8(dst + i, source, group, 1);
        } else {
            blend8(dst + i, source, group, 0);
        }
    }
    if (i < count) {
        uint64_t group;
        memcpy(&group, coverage + count - 8, sizeof group);
        group &= ~(uint64_t)0 << (8 * (8 - (count - i)));  // byte j is pixel count − 8 + j
        if (group != 0) {
            blend8(dst + count - 8, source, group, 0);
        }
    }
}

/// A run of `count` pixels all at coverage `c` (1…254, or 255 with a translucent source):
/// whole steps of eight, the last one overlapping the one before it with the pixels already
/// done masked off.
static inline __attribute__((always_inline)) void
blend_run(uint32_t *dst, const lanes16 *source, uint32_t c, size_t count) {
    uint64_t group = c * 0x0101010101010101ULL;
    if (count < 8) {
        blend_short(dst, source, group, count);
        return;
    }
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        blend8(dst + i, source, group, 0);
    }
    if (i < count) {
        blend8(dst + count - 8, source, group << (8 * (8 - (count - i))), 0);
    }
}

/// The step that starts at the covered pixel `x` of a row: the run of full coverage from `x`
/// when it is eight pixels or longer, else a window of four or eight pixels with their
/// coverage. The next step starts where this one ends. At the row's end a window moves left
/// to stay inside the row; the pixels it moves over belong to earlier steps and get coverage
/// 0 in it.
static pixel_mask_step
plan_step(const uint8_t *row, size_t width, size_t y, size_t x) {
    size_t full = x;
    while (full < width && row[full] == 255) {
        full++;
    }
    if (full - x >= 8) {
        return (pixel_mask_step){.x = x, .y = y, .count = full - x, .kind = PIXEL_MASK_FULL};
    }
    // Four pixels when the next four are uncovered or start a run of full coverage (its
    // own step), else eight.
    size_t count = 4;
    size_t rest = x + 4;
    while (rest < width && rest < x + 8 && row[rest] == 0) {
        rest++;
    }
    if (rest < width && rest < x + 8) {
        size_t run = x + 4;
        while (run < width && row[run] == 255) {
            run++;
        }
        count = run - (x + 4) >= 8 ? 4 : 8;
    }
    size_t start = x + count <= width ? x : width - count;
    uint64_t coverage = 0;
    for (size_t i = x; i < start + count; i++) {
        coverage |= (uint64_t)row[i] << (8 * (i - start));
    }
    return (pixel_mask_step){
        .x = start, .y = y, .count = count, .kind = PIXEL_MASK_PARTIAL, .coverage = coverage};
}

/// A step's place in a plan: runs of full coverage, then windows of four, then of eight, so
/// that the blend meets each kind in one stretch.
static int step_order(pixel_mask_step step) {
    return step.kind == PIXEL_MASK_FULL ? 0 : step.count == 4 ? 1 : 2;
}

/// Walks the steps of the mask row `row` (`width` bytes, row `y` of the plan) from column
/// `from` to `to` and stores those of `order` from `steps[next]` on (`steps` may be NULL to
/// count them), each repeated on the `rows` rows from `y`. Returns the next free index.
static size_t plan_row(const uint8_t *row, size_t width, size_t y, size_t rows, size_t from,
                       size_t to, int order, pixel_mask_step *steps, size_t next) {
    size_t x = from;
    while (x < to) {
        if (row[x] == 0) {
            x++;
            continue;
        }
        pixel_mask_step step = plan_step(row, width, y, x);
        if (step_order(step) == order) {
            for (size_t r = 0; r < rows; r++) {
                if (steps) {
                    steps[next] = step;
                    steps[next].y = (uint16_t)(y + r);
                }
                next++;
            }
        }
        x = step.x + step.count;
    }
    return next;
}

/// Walks the mask's steps, row by row, left to right, and stores those of `order` from
/// `steps[next]` on (`steps` may be NULL to count them). Returns the next free index.
static size_t plan_mask(
    const uint8_t *mask, size_t width, size_t height, int order, pixel_mask_step *steps,
    size_t next) {
    for (size_t y = 0; y < height; y++) {
        next = plan_row(mask + y * width, width, y, 1, 0, width, order, steps, next);
    }
    return next;
}

size_t pixel_mask_plan(
    const uint8_t *mask, size_t width, size_t height, pixel_mask_step *steps) {
    if (width < 8 || width > UINT16_MAX || height > UINT16_MAX) {
        return 0;
    }
    size_t next = 0;
    for (int order = 0; order < 3; order++) {
        next = plan_mask(mask, width, height, order, steps, next);
    }
    return next;
}

size_t pixel_span_plan(
    const pixel_span_band *bands, size_t count, const pixel_span *spans, const uint8_t *coverage,
    int32_t left, int32_t top, size_t width, uint8_t *row, pixel_mask_step *steps) {
    size_t next = 0;
    for (int order = 0; order < 3; order++) {
        for (size_t b = 0; b < count; b++) {
            pixel_span_band band = bands[b];
            if (band.span_count <= 0 || band.count <= 0) {
                continue;
            }
            const pixel_span *first = spans + band.first_span;
            size_t from = width;
            size_t to = 0;
            for (int32_t k = 0; k < band.span_count; k++) {
                pixel_span span = first[k];
                size_t x = (size_t)(span.x - left);
                from = x < from ? x : from;
                to = x + (size_t)span.count > to ? x + (size_t)span.count : to;
                uint8_t *at = row + x;
                if (span.kind == PIXEL_SPAN_MASK) {
                    memcpy(at, coverage + span.coverage, (size_t)span.count);
                } else {
                    memset(at, (int)span.coverage, (size_t)span.count);
                }
            }
            next = plan_row(row, width, (size_t)(band.y - top), (size_t)band.count, from, to,
                            order, steps, next);
            memset(row + from, 0, to - from);
        }
    }
    return next;
}

/// The planned blend, each kind of step in a loop of its own (a plan lists them in this
/// order): runs of full coverage (stores when the source is opaque), then the windows of four
/// pixels two at a time (eight pixels, one AVX-512 register), then the windows of eight.
///
/// Two windows of four never share a pixel, so a pair can be read before either is written: a
/// window is four pixels only when the four after it are uncovered or start a full run, so
/// the next covered pixel of its row is at least eight columns on, and a window moved left at
/// the row's end moves at most three (`PixelKernelPathTests` checks plans for it).
static inline __attribute__((always_inline)) void
blend_plan(uint32_t *dst, size_t stride, uint32_t s, const pixel_mask_step *steps, size_t count,
           int opaque) {
    lanes16 source;
    eight_pixels(&source, s);
    size_t k = 0;
    for (; k < count && steps[k].kind == PIXEL_MASK_FULL; k++) {
        uint32_t *d = dst + steps[k].y * stride + steps[k].x;
        // A run of eight or more: stores, or whole blend steps of eight, the last one
        // overlapping the one before it with the pixels already done masked off.
        if (opaque) {
            fill_vectors(d, s, steps[k].count);
        } else {
            blend_run(d, &source, 255, steps[k].count);
        }
    }
    for (; k < count && steps[k].count == 4; k++) {
        pixel_mask_step a = steps[k];
        uint32_t *d = dst + a.y * stride + a.x;
        if (k + 1 < count && steps[k + 1].count == 4) {
            pixel_mask_step b = steps[++k];
            blend_halves(d, dst + b.y * stride + b.x, &source,
                         (a.coverage & 0xFFFFFFFF) | b.coverage << 32, opaque);
        } else {
            // Alone: the other half blends four scratch pixels at coverage 0.
            uint32_t none[4] = {0};
            blend_halves(d, none, &source, a.coverage & 0xFFFFFFFF, opaque);
        }
    }
    for (; k < count; k++) {
        blend8(dst + steps[k].y * stride + steps[k].x, &source, steps[k].coverage, opaque);
    }
}

/// `blend_plan` for both kinds of source, so `opaque` is a constant in each.
static inline __attribute__((always_inline)) void
blend_plan_any(uint32_t *dst, size_t stride, uint32_t s, const pixel_mask_step *steps,
               size_t count) {
    if (s >> 24 == 255) {
        blend_plan(dst, stride, s, steps, count, 1);
    } else {
        blend_plan(dst, stride, s, steps, count, 0);
    }
}

/// `blend_mask` with its source prepared.
static inline __attribute__((always_inline)) void
blend_mask_any(uint32_t *dst, uint32_t s, const uint8_t *coverage, size_t count) {
    lanes16 source;
    eight_pixels(&source, s);
    blend_mask(dst, s, &source, coverage, count);
}

PIXEL_KERNEL(pixel_blend_mask, blend_mask_any,
             (uint32_t *dst, uint32_t s, const uint8_t *coverage, size_t count),
             (dst, s, coverage, count))

/// A run of full coverage in an opaque color: stored inline (`fill_vectors`, compiled for the
/// blend's own target) when it is row-sized, else by `pixel_fill32`.
static inline __attribute__((always_inline)) void store_run(uint32_t *dst, uint32_t s,
                                                            size_t count) {
    if (count >= 8 && count < string_fill_min) {
        fill_vectors(dst, s, count);
    } else {
        pixel_fill32(dst, s, count);
    }
}

/// The spans of one row, in order: an opaque source at full coverage is stored, masks and
/// other runs blend. `opaque` is a constant in each copy.
static inline __attribute__((always_inline)) void
blend_row(uint32_t *dst, uint32_t s, const lanes16 *source, const pixel_span *spans, size_t count,
          const uint8_t *coverage, const pixel_debt *debt, int opaque) {
    for (size_t k = 0; k < count; k++) {
        pixel_span span = spans[k];
        int32_t end = span.x + span.count;
        if (span.kind == PIXEL_SPAN_RUN && span.coverage == 255 && opaque) {
            if (debt) {
                pixel_settle(dst, debt, span.x, end);
            }
            store_run(dst + span.x, s, (size_t)span.count);
            continue;
        }
        if (debt) {
            pixel_settle(dst, debt, end, end);
        }
        if (span.kind == PIXEL_SPAN_MASK) {
            blend_mask(dst + span.x, s, source, coverage + span.coverage, (size_t)span.count);
        } else {
            blend_run(dst + span.x, source, span.coverage, (size_t)span.count);
        }
    }
}

/// `blend_row` on each of `rows` rows, with each row's debt when there are `debts`.
static inline __attribute__((always_inline)) void
blend_spans(uint32_t *dst, size_t stride, size_t rows, uint32_t s, const pixel_span *spans,
            size_t count, const uint8_t *coverage, const pixel_debts *debts, int opaque) {
    lanes16 source;
    eight_pixels(&source, s);
    for (size_t r = 0; r < rows; r++) {
        uint32_t *row = dst + r * stride;
        if (debts) {
            pixel_debt debt = {debts->settled + r, debts->column, debts->owed[r]};
            blend_row(row, s, &source, spans, count, coverage, &debt, opaque);
        } else {
            blend_row(row, s, &source, spans, count, coverage, NULL, opaque);
        }
    }
}

/// `blend_spans` for both kinds of source.
static inline __attribute__((always_inline)) void
blend_spans_any(uint32_t *dst, size_t stride, size_t rows, uint32_t s, const pixel_span *spans,
                size_t count, const uint8_t *coverage, const pixel_debts *debts) {
    if (s >> 24 == 255) {
        blend_spans(dst, stride, rows, s, spans, count, coverage, debts, 1);
    } else {
        blend_spans(dst, stride, rows, s, spans, count, coverage, debts, 0);
    }
}

PIXEL_KERNEL(pixel_blend_spans, blend_spans_any,
             (uint32_t *dst, size_t stride, size_t rows, uint32_t s, const pixel_span *spans,
              size_t count, const uint8_t *coverage, const pixel_debts *debts),
             (dst, stride, rows, s, spans, count, coverage, debts))

/// `blend_spans` for each band of a recorded shape.
static inline __attribute__((always_inline)) void
blend_bands(uint32_t *dst, size_t stride, uint32_t s, const pixel_span_band *bands, size_t count,
            const pixel_span *spans, const uint8_t *coverage, const pixel_debts *debts) {
    for (size_t b = 0; b < count; b++) {
        pixel_span_band band = bands[b];
        pixel_debts from = {0};
        if (debts) {
            from = (pixel_debts){debts->settled + band.y, debts->owed + band.y, debts->column};
        }
        blend_spans_any(dst + (size_t)band.y * stride, stride, (size_t)band.count, s,
                        spans + band.first_span, (size_t)band.span_count, coverage,
                        debts ? &from : NULL);
    }
}

PIXEL_KERNEL(pixel_blend_span_bands, blend_bands,
             (uint32_t *dst, size_t stride, uint32_t s, const pixel_span_band *bands,
              size_t count, const pixel_span *spans, const uint8_t *coverage,
              const pixel_debts *debts),
             (dst, stride, s, bands, count, spans, coverage, debts))

PIXEL_KERNEL(pixel_blend_mask_plan, blend_plan_any,
             (uint32_t *dst, size_t stride, uint32_t s, const pixel_mask_step *steps,
              size_t count),
             (dst, stride, s, steps, count))
