#include <string.h>

#include "CPixelFill.h"
#include "CPUExtensions.h"

/// Eight pixels' bytes, and the same widened to one 16-bit lane per channel.
typedef uint8_t bytes32 __attribute__((vector_size(32)));
typedef uint16_t lanes32 __attribute__((vector_size(64)));
typedef uint8_t bytes8 __attribute__((vector_size(8)));
typedef uint32_t pixels8 __attribute__((vector_size(32)));

/// Source over destination for eight pixels in place, each at its coverage (byte i of
/// `coverage` for pixel i): per channel
/// `sc = s·c/255`, then `sc + d·(255 − sc_alpha)/255`, each division the exact rounding
/// `(t + 128 + ((t + 128) >> 8)) >> 8` of Raster's PixelMath. Every product fits a 16-bit lane
/// (255 × 255 + 128 + 254 < 65536), so the lanes compute what PixelMath's two-channels-per-
/// word arithmetic does, bit for bit. By pointer: a 64-byte vector passed by value would take
/// a different ABI with and without AVX.
static inline __attribute__((always_inline)) void
blend8(uint32_t *dst, const lanes32 *source, uint64_t coverage) {
    bytes32 d8;
    bytes8 c8;
    memcpy(&d8, dst, sizeof d8);
    memcpy(&c8, &coverage, sizeof c8);
    bytes32 c4 = __builtin_shufflevector(
        c8, c8, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6,
        6, 7, 7, 7, 7);
    lanes32 t = *source * __builtin_convertvector(c4, lanes32) + 128;
    lanes32 sc = (t + (t >> 8)) >> 8;
    lanes32 a = __builtin_shufflevector(
        sc, sc, 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15, 19, 19, 19, 19, 23, 23,
        23, 23, 27, 27, 27, 27, 31, 31, 31, 31);
    lanes32 u = __builtin_convertvector(d8, lanes32) * (255 - a) + 128;
    bytes32 out = __builtin_convertvector(sc + ((u + (u >> 8)) >> 8), bytes32);
    memcpy(dst, &out, sizeof out);
}

/// The blend, eight pixels a step: a step whose coverage is all 0 is skipped, all 255 with
/// an opaque source is a plain store, anything else blends in 16-bit lanes. A last partial
/// step blends the final eight pixels again with the coverage of those already done set to 0,
/// which leaves them as they are; a run shorter than eight goes through a padded copy.
static inline __attribute__((always_inline)) void
blend_mask(uint32_t *dst, uint32_t s, const uint8_t *coverage, size_t count) {
    pixels8 sp = (pixels8){0} + s;
    bytes32 sb;
    memcpy(&sb, &sp, sizeof sb);
    lanes32 source = __builtin_convertvector(sb, lanes32);
    if (count < 8) {
        uint32_t run[8] = {0};
        uint8_t runCoverage[8] = {0};
        for (size_t i = 0; i < count; i++) {
            run[i] = dst[i];
            runCoverage[i] = coverage[i];
        }
        uint64_t group;
        memcpy(&group, runCoverage, sizeof group);
        blend8(run, &source, group);
        for (size_t i = 0; i < count; i++) {
            dst[i] = run[i];
        }
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
        blend8(dst + i, &source, group);
    }
    if (i < count) {
        uint64_t group;
        memcpy(&group, coverage + count - 8, sizeof group);
        group &= ~(uint64_t)0 << (8 * (8 - (count - i)));  // byte j is pixel count − 8 + j
        if (group != 0) {
            blend8(dst + count - 8, &source, group);
        }
    }
}

#if defined(__x86_64__)
/// The blend compiled for AVX2: sixteen 16-bit lanes per multiply and byte shuffles.
__attribute__((target("avx2"))) static void
blend_mask_avx2(uint32_t *dst, uint32_t s, const uint8_t *coverage, size_t count) {
    blend_mask(dst, s, coverage, count);
}
#endif

void pixel_blend_mask(uint32_t *dst, uint32_t s, const uint8_t *coverage, size_t count) {
#if defined(__x86_64__)
    if (pixel_fill_use_avx2()) {
        blend_mask_avx2(dst, s, coverage, count);
        return;
    }
#endif
    blend_mask(dst, s, coverage, count);
}
