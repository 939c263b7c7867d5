#ifndef CPIXELFILL_FILL_VECTORS_H
#define CPIXELFILL_FILL_VECTORS_H

#include <stddef.h>
#include <stdint.h>

/// Pixels from which one `rep stosd` beats vector stores on x86-64: a frame-sized fill, where
/// the CPU's fast-string path writes whole cache lines without reading them first.
enum { string_fill_min = 1 << 16 };

/// Eight pixels, one 32-byte vector (two 16-byte halves without AVX).
typedef uint32_t fill_pixels8 __attribute__((vector_size(32)));

/// Row-sized fills of eight pixels or more in 32-byte stores: one unaligned store for the
/// first eight pixels, aligned stores four at a time from the next 32-byte boundary, then one
/// unaligned store for the last eight (stores may overlap; the pixels are the same). A row of
/// a tile is a few KiB, where `rep stosd`'s start-up and its read of each line cost more than
/// the stores themselves. Inline: `pixel_fill32` and the span blends (for the runs of a
/// shape, with no call and no CPU check per run) compile it for their own target.
static inline __attribute__((always_inline)) void
fill_vectors(uint32_t *dst, uint32_t value, size_t count) {
    fill_pixels8 v = (fill_pixels8){0} + value;
    __builtin_memcpy(dst, &v, sizeof v);
    size_t i = (32 - ((uintptr_t)dst & 31)) / 4;  // 1…8: the first pixel on a boundary
    for (; i + 32 <= count; i += 32) {
        *(fill_pixels8 *)(dst + i) = v;
        *(fill_pixels8 *)(dst + i + 8) = v;
        *(fill_pixels8 *)(dst + i + 16) = v;
        *(fill_pixels8 *)(dst + i + 24) = v;
    }
    for (; i + 8 <= count; i += 8) {
        *(fill_pixels8 *)(dst + i) = v;
    }
    if (i < count) {
        __builtin_memcpy(dst + count - 8, &v, sizeof v);
    }
}

#endif
