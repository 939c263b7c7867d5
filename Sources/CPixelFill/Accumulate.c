#include "CPixelFill.h"

// Products and sums stay separate operations (no fused multiply-add), as in Swift: the cells
// are the same on every CPU.
#pragma clang fp contract(off)

/// ⌊x⌋ for values far inside `int32_t`, without a libm call (x86-64's baseline has no rounding
/// instruction): truncate, then step down below zero.
static inline int32_t floor_int(float x) {
    int32_t i = (int32_t)x;
    return (float)i > x ? i - 1 : i;
}

/// ⌈x⌉, likewise.
static inline int32_t ceil_int(float x) {
    int32_t i = (int32_t)x;
    return (float)i < x ? i + 1 : i;
}

/// Marks cells `from…to` of a row touched: their bits, and the summary bits of their words.
static inline void mark(uint64_t *bits, uint64_t *summary, int32_t from, int32_t to) {
    int32_t first = from >> 6;
    if (first == to >> 6) {
        // One word (nearly always: a piece spans a few cells): one mask, one summary bit.
        bits[first] |= (~0ULL << (from & 63)) & (~0ULL >> (63 - (to & 63)));
        summary[first >> 6] |= 1ULL << (first & 63);
        return;
    }
    for (int32_t x = from; x <= to; x++) {
        bits[x >> 6] |= 1ULL << (x & 63);
    }
    for (int32_t w = first; w <= to >> 6; w++) {
        summary[w >> 6] |= 1ULL << (w & 63);
    }
}

/// Adds the area right of the piece (xa → xb, height |d|) within one row to its cells.
static inline void deposit(
    float xa, float xb, float d, float *acc, uint64_t *bits, uint64_t *summary) {
    float x0 = xa < xb ? xa : xb;
    float x1 = xa < xb ? xb : xa;
    int32_t x0i = floor_int(x0);
    float x0f = (float)x0i;
    int32_t x1i = ceil_int(x1);
    float x1c = (float)x1i;
    if (x1i <= x0i + 1) {
        // Within one cell: the uncovered share is the mean distance from the cell's left.
        float xmf = 0.5f * (xa + xb) - x0f;
        acc[x0i] += d - d * xmf;
        acc[x0i + 1] += d * xmf;
        mark(bits, summary, x0i, x0i + 1);
        return;
    }
    // Across cells: a triangle in the first cell, trapezoids, a triangle in the last.
    float s = 1 / (x1 - x0);
    float x0frac = x0 - x0f;
    float a0 = 0.5f * s * (1 - x0frac) * (1 - x0frac);
    float x1frac = x1 - x1c + 1;
    float am = 0.5f * s * x1frac * x1frac;
    acc[x0i] += d * a0;
    if (x1i == x0i + 2) {
        acc[x0i + 1] += d * (1 - a0 - am);
    } else {
        float a1 = s * (1.5f - x0frac);
        acc[x0i + 1] += d * (a1 - a0);
        for (int32_t xi = x0i + 2; xi < x1i - 1; xi++) {
            acc[xi] += d * s;
        }
        float a2 = a1 + (float)(x1i - x0i - 3) * s;
        acc[x1i - 1] += d * (1 - a2 - am);
    }
    acc[x1i] += d * am;
    mark(bits, summary, x0i, x1i);
}

void pixel_accumulate(
    const pixel_edge *edges, const intptr_t *active, size_t count, int32_t top, int32_t end,
    size_t cols, size_t words, size_t row_words, float *acc, uint64_t *bits) {
    for (size_t k = 0; k < count; k++) {
        pixel_edge e = edges[active[k]];
        if (!(e.y1 > (float)top)) {
            continue;
        }
        float dxdy = (e.x1 - e.x0) / (e.y1 - e.y0);
        int32_t first = floor_int(e.y0);
        int32_t last = ceil_int(e.y1);
        if (first < top) {
            first = top;
        }
        if (last > end) {
            last = end;
        }
        // Rows first…last − 1 each hold a piece of height > 0 (the edge spans y0 < y1 and
        // crosses each of them). A piece starts where the one above it ended: the same
        // expression, so the same float.
        float ya = (float)first > e.y0 ? (float)first : e.y0;
        float xa = e.x0 + (ya - e.y0) * dxdy;
        float *row_acc = acc + (size_t)(first - top) * cols;
        uint64_t *row_bits = bits + (size_t)(first - top) * row_words;
        for (int32_t r = first; r < last; r++) {
            float yb = (float)(r + 1) < e.y1 ? (float)(r + 1) : e.y1;
            float xb = e.x0 + (yb - e.y0) * dxdy;
            // Interpolation can land a rounding error left of column 0 when an edge ends on
            // it; cell −1 is not there.
            deposit(
                xa > 0 ? xa : 0, xb > 0 ? xb : 0, (yb - ya) * e.direction, row_acc, row_bits,
                row_bits + words);
            ya = yb;
            xa = xb;
            row_acc += cols;
            row_bits += row_words;
        }
    }
}
