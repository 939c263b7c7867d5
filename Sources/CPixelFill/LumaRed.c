#include <string.h>

#include "CPixelFill.h"
#include "CPUExtensions.h"

/// Eight pixels in one vector: clang lowers it to two SSE2 registers, one AVX2 (or AVX-512)
/// register, or two NEON registers.
typedef uint32_t pixel8 __attribute__((vector_size(32)));

/// Eight pixels of the pass, in place (see CPixelFill.h for the formula). By pointer: a
/// 32-byte vector passed by value would take a different ABI with and without AVX.
static inline __attribute__((always_inline)) void
luma_red8(pixel8 *p, uint32_t wr, uint32_t wg, uint32_t wb) {
    pixel8 v = *p;
    pixel8 l = (((v >> 16) & 0xFF) * wr + ((v >> 8) & 0xFF) * wg + (v & 0xFF) * wb + 32768) >> 16;
    *p = (v & 0xFF000000u) | (l << 16);
}

/// One pixel of the pass: the same arithmetic in lane 0.
static inline __attribute__((always_inline)) uint32_t
luma_red1(uint32_t v, uint32_t wr, uint32_t wg, uint32_t wb) {
    pixel8 p = (pixel8){0} + v;
    luma_red8(&p, wr, wg, wb);
    return p[0];
}

/// The pass, eight pixels a step. Where a step's eight pixels are equal (a flat area: a
/// frame's background, a tile), the mapped pixel is stored over the following steps for as
/// long as they stay equal to it, with no multiplies: the multiplies are the cost of this
/// pass wherever the CPU lacks a 32-bit vector multiply (x86-64 below SSE4.1), and flat areas
/// are most of a widget frame.
static inline __attribute__((always_inline)) void
luma_red(uint32_t *px, size_t count, uint32_t wr, uint32_t wg, uint32_t wb) {
    uint32_t flatIn = 0, flatOut = 0;  // transparent black maps to itself
    size_t i = 0;
    while (i + 8 <= count) {
        pixel8 v;
        memcpy(&v, px + i, sizeof v);
        uint32_t first = px[i];
        if (__builtin_reduce_or(v ^ first) != 0) {
            luma_red8(&v, wr, wg, wb);
            memcpy(px + i, &v, sizeof v);
            i += 8;
            continue;
        }
        if (first != flatIn) {
            flatIn = first;
            flatOut = luma_red1(first, wr, wg, wb);
        }
        pixel8 out = (pixel8){0} + flatOut;
        do {
            memcpy(px + i, &out, sizeof out);
            i += 8;
            if (i + 8 > count) {
                break;
            }
            memcpy(&v, px + i, sizeof v);
        } while (__builtin_reduce_or(v ^ first) == 0);
    }
    for (; i < count; i++) {
        px[i] = luma_red1(px[i], wr, wg, wb);
    }
}

PIXEL_KERNEL(pixel_luma_red, luma_red,
             (uint32_t *px, size_t count, uint32_t wr, uint32_t wg, uint32_t wb),
             (px, count, wr, wg, wb))
