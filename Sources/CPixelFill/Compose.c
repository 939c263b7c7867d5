#include <string.h>

#include "CPUExtensions.h"
#include "Compose.h"

/// 32 bytes: eight pixels' channels.
typedef uint8_t bytes32 __attribute__((vector_size(32)));
/// The same 32 channels widened to unsigned 16-bit lanes.
typedef uint16_t ulanes32 __attribute__((vector_size(64)));

/// The blend (see Compose.h), eight pixels a step, the rest one channel at a time with the
/// same arithmetic. Written as `(a·(128 − w) + b·w + 64) >> 7` in unsigned 16-bit lanes (each
/// product at most 255 × 128, the sum below 2¹⁶), which equals `a + ((b − a)·w + 64) >> 7`
/// since `128·a` is a multiple of 128: widening multiplies and a narrowing shift, one
/// instruction each on NEON (`umull`, `umlal`, `shrn`), a few on SSE2.
static inline __attribute__((always_inline)) void
cross_fade(uint32_t *dst, const uint32_t *a, const uint32_t *b, size_t count, uint32_t weight) {
    const uint16_t w = (uint16_t)(weight > 128 ? 128 : weight);
    const ulanes32 wb = (ulanes32){0} + w;
    const ulanes32 wa = (ulanes32){0} + (uint16_t)(128 - w);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        bytes32 va, vb;
        memcpy(&va, a + i, sizeof va);
        memcpy(&vb, b + i, sizeof vb);
        ulanes32 sum = __builtin_convertvector(va, ulanes32) * wa
                       + __builtin_convertvector(vb, ulanes32) * wb + 64;
        bytes32 out = __builtin_convertvector(sum >> 7, bytes32);
        memcpy(dst + i, &out, sizeof out);
    }
    const uint8_t *pa = (const uint8_t *)(a + i);
    const uint8_t *pb = (const uint8_t *)(b + i);
    uint8_t *pd = (uint8_t *)(dst + i);
    for (size_t k = 0; k < (count - i) * 4; k++) {
        pd[k] = (uint8_t)((pa[k] * (128u - w) + pb[k] * w + 64) >> 7);
    }
}

PIXEL_KERNEL(pixel_cross_fade, cross_fade,
             (uint32_t *dst, const uint32_t *a, const uint32_t *b, size_t count, uint32_t weight),
             (dst, a, b, count, weight))

/// `src` over `dst` (see Compose.h), eight pixels a step, the rest one pixel at a time with
/// the same arithmetic.
static inline __attribute__((always_inline)) void
source_over(uint32_t *dst, const uint32_t *src, size_t count) {
    typedef uint32_t pixel8 __attribute__((vector_size(32)));
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        pixel8 s;
        memcpy(&s, src + i, sizeof s);
        pixel8 alpha = s >> 24;
        if (__builtin_reduce_or(alpha) == 0) continue;
        if (__builtin_reduce_and(alpha) == 255) {
            memcpy(dst + i, &s, sizeof s);
            continue;
        }
        bytes32 sb, db;
        memcpy(&sb, &s, sizeof sb);
        memcpy(&db, dst + i, sizeof db);
        // Each pixel's alpha in all four of its channels, then 255 − alpha.
        bytes32 ab = __builtin_shufflevector(sb, sb, 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15,
                                             15, 15, 15, 19, 19, 19, 19, 23, 23, 23, 23, 27, 27,
                                             27, 27, 31, 31, 31, 31);
        ulanes32 k = 255 - __builtin_convertvector(ab, ulanes32);
        ulanes32 t = __builtin_convertvector(db, ulanes32) * k + 128;
        ulanes32 scaled = (t + (t >> 8)) >> 8;
        bytes32 out = sb + __builtin_convertvector(scaled, bytes32);
        memcpy(dst + i, &out, sizeof out);
    }
    for (; i < count; i++) {
        uint32_t s = src[i];
        uint32_t k = 255 - (s >> 24);
        if (k == 255) continue;
        uint32_t d = dst[i];
        uint32_t out = 0;
        for (int c = 0; c < 32; c += 8) {
            uint32_t t = ((d >> c) & 0xFF) * k + 128;
            out |= (((s >> c) & 0xFF) + ((t + (t >> 8)) >> 8)) << c;
        }
        dst[i] = out;
    }
}

PIXEL_KERNEL(pixel_source_over, source_over, (uint32_t *dst, const uint32_t *src, size_t count),
             (dst, src, count))
