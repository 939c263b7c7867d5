#include <string.h>

#include "CPixelFill.h"

// Products and sums stay separate operations (no fused multiply-add), as in Swift.
#pragma clang fp contract(off)

/// Four floats and four 32-bit integers: SSE2 on x86-64, NEON on ARM.
typedef float floats4 __attribute__((vector_size(16)));
typedef int32_t ints4 __attribute__((vector_size(16)));
typedef int32_t ints8 __attribute__((vector_size(32)));
typedef uint8_t bytes8 __attribute__((vector_size(8)));

/// The eight coverage bytes of the cells `acc[0..<8]` (clearing them), given the running sum
/// `*sum` of the cells before them; `*sum` becomes the sum through the eighth.
///
/// A prefix sum in two four-lane steps (shift by one lane and add, by two and add), then the
/// fill rule: nonzero `min(|sum|, 1)`, even-odd `|sum|` folded modulo 2 onto 0…1 (`min(m, 2 − m)`
/// with `m = |sum| mod 2`); then `⌊c·255 + 0.5⌋`, or with `antialias` 0 a hard 255 from
/// coverage ½ up.
static inline __attribute__((always_inline)) uint64_t
group_coverage(float *acc, float *sum, int even_odd, int antialias) {
    floats4 zero = {0, 0, 0, 0};
    floats4 lo, hi;
    memcpy(&lo, acc, sizeof lo);
    memcpy(&hi, acc + 4, sizeof hi);
    memset(acc, 0, 8 * sizeof(float));
    lo += __builtin_shufflevector(zero, lo, 0, 4, 5, 6);
    hi += __builtin_shufflevector(zero, hi, 0, 4, 5, 6);
    lo += __builtin_shufflevector(zero, lo, 0, 1, 4, 5);
    hi += __builtin_shufflevector(zero, hi, 0, 1, 4, 5);
    lo += *sum;
    hi += lo[3];
    *sum = hi[3];
    floats4 c[2] = {lo, hi};
    ints4 q[2];
    for (int h = 0; h < 2; h++) {
        floats4 v = __builtin_elementwise_abs(c[h]);
        if (even_odd) {
            // Truncation is the floor here (v ≥ 0); windings stay far below 2^31.
            floats4 whole = __builtin_convertvector(
                __builtin_convertvector(v * 0.5f, ints4), floats4);
            v -= 2.0f * whole;
            v = __builtin_elementwise_min(v, 2.0f - v);
        }
        v = __builtin_elementwise_min(v, (floats4){1, 1, 1, 1});
        if (antialias) {
            q[h] = __builtin_convertvector(v * 255.0f + 0.5f, ints4);
        } else {
            q[h] = (v >= 0.5f) & 255;
        }
    }
    ints8 all = __builtin_shufflevector(q[0], q[1], 0, 1, 2, 3, 4, 5, 6, 7);
    bytes8 b = __builtin_convertvector(all, bytes8);
    uint64_t out;
    memcpy(&out, &b, sizeof out);
    return out;
}

/// The spans being written for one row: the open run of constant coverage and the output.
typedef struct {
    pixel_span *spans;
    size_t count;
    int32_t width;
    /// Start of the open run, and its coverage (0: nothing to draw).
    int32_t run_start;
    uint32_t run_coverage;
} span_writer;

/// Ends the open run at `end` (clipped to the row), emitting it when it covers anything.
static inline __attribute__((always_inline)) void close_run(span_writer *w, int32_t end) {
    if (end > w->width) {
        end = w->width;
    }
    if (w->run_coverage != 0 && end > w->run_start) {
        w->spans[w->count++] = (pixel_span){
            .x = w->run_start,
            .count = end - w->run_start,
            .coverage = w->run_coverage,
            .kind = PIXEL_SPAN_RUN};
    }
}

/// Continues the row at `x` with coverage `c`: extends the open run, or ends it and opens one.
static inline __attribute__((always_inline)) void
run_to(span_writer *w, int32_t x, uint32_t c) {
    if (c != w->run_coverage) {
        close_run(w, x);
        w->run_start = x;
        w->run_coverage = c;
    }
}

size_t pixel_sweep_row(
    float *acc, uint64_t *bits, size_t words, size_t width, int even_odd, int antialias,
    uint8_t *coverage, pixel_span *spans) {
    uint64_t *summary = bits + words;
    float sum = 0;
    span_writer w = {.spans = spans, .width = (int32_t)width};
    for (size_t s = 0; s < (words + 63) / 64; s++) {
        uint64_t touched_words = summary[s];
        summary[s] = 0;
        while (touched_words != 0) {
            size_t word_index = s * 64 + (size_t)__builtin_ctzll(touched_words);
            touched_words &= touched_words - 1;
            uint64_t word = bits[word_index];
            bits[word_index] = 0;
            while (word != 0) {
                unsigned group = (unsigned)__builtin_ctzll(word) / 8;
                word &= ~(0xFFULL << (8 * group));
                int32_t x = (int32_t)(word_index * 64 + group * 8);
                uint64_t q = group_coverage(acc + x, &sum, even_odd, antialias);
                if (x >= w.width) {
                    continue;  // cells right of the row: cleared, nothing to draw
                }
                // One coverage throughout, or only 0 and 255 (every byte's bits equal): runs,
                // cut where a byte differs from the one before it. Anything else: a mask.
                if (q == (q & 0xFF) * 0x0101010101010101ULL ||
                    ((q ^ (q >> 1)) & 0x7F7F7F7F7F7F7F7FULL) == 0) {
                    uint64_t changes = q ^ ((q << 8) | w.run_coverage);
                    while (changes != 0) {
                        unsigned i = (unsigned)__builtin_ctzll(changes) / 8;
                        changes &= ~(0xFFULL << (8 * i));
                        run_to(&w, x + (int32_t)i, (uint32_t)(q >> (8 * i)) & 0xFF);
                    }
                    continue;
                }
                close_run(&w, x);
                memcpy(coverage + x, &q, sizeof q);
                int32_t end = x + 8 < w.width ? x + 8 : w.width;
                pixel_span *last = w.count > 0 ? &w.spans[w.count - 1] : NULL;
                if (last && last->kind == PIXEL_SPAN_MASK && last->x + last->count == x) {
                    last->count = end - last->x;
                } else {
                    w.spans[w.count++] = (pixel_span){
                        .x = x, .count = end - x, .coverage = (uint32_t)x, .kind = PIXEL_SPAN_MASK};
                }
                w.run_start = end;
                w.run_coverage = (uint32_t)(q >> 56);
            }
        }
    }
    close_run(&w, w.width);
    return w.count;
}
