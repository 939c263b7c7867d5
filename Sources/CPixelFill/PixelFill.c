#include "CPixelFill.h"
#include "CPUExtensions.h"

/// Pixels from which one `rep stosd` beats vector stores: a frame-sized fill, where the
/// CPU's fast-string path writes whole cache lines without reading them first.
enum { string_fill_min = 1 << 16 };

#if defined(__x86_64__)
typedef uint32_t pixels8 __attribute__((vector_size(32)));

/// Row-sized fills in 32-byte stores: one unaligned store for the first eight pixels, aligned
/// stores four at a time from the next 32-byte boundary, then one unaligned store for the last
/// eight (stores may overlap; the pixels are the same). A row of a tile is a few KiB, where
/// `rep stosd`'s start-up and its read of each line cost more than the stores themselves.
__attribute__((target("avx2"))) static void fill_avx2(uint32_t *dst, uint32_t value, size_t count) {
    pixels8 v = (pixels8){0} + value;
    if (count < 8) {
        for (size_t i = 0; i < count; i++) {
            dst[i] = value;
        }
        return;
    }
    __builtin_memcpy(dst, &v, sizeof v);
    size_t i = (32 - ((uintptr_t)dst & 31)) / 4;  // 1…8: the first pixel on a boundary
    for (; i + 32 <= count; i += 32) {
        *(pixels8 *)(dst + i) = v;
        *(pixels8 *)(dst + i + 8) = v;
        *(pixels8 *)(dst + i + 16) = v;
        *(pixels8 *)(dst + i + 24) = v;
    }
    for (; i + 8 <= count; i += 8) {
        *(pixels8 *)(dst + i) = v;
    }
    if (i < count) {
        __builtin_memcpy(dst + count - 8, &v, sizeof v);
    }
}
#endif

void pixel_fill32(uint32_t *dst, uint32_t value, size_t count) {
#if defined(__x86_64__)
    if (count < string_fill_min && pixel_fill_use_avx2()) {
        fill_avx2(dst, value, count);
        return;
    }
    // The System V ABI guarantees the direction flag is clear on entry: stores go upward.
    __asm__ volatile("rep stosl" : "+D"(dst), "+c"(count) : "a"(value) : "memory");
#else
    for (size_t i = 0; i < count; i++) {
        dst[i] = value;
    }
#endif
}

void pixel_settle_rows(uint32_t *dst, size_t stride, size_t rows, const pixel_debts *debts,
                       int32_t end) {
    for (size_t r = 0; r < rows; r++) {
        pixel_debt debt = {debts->settled + r, debts->column, debts->owed[r]};
        pixel_settle(dst + r * stride, &debt, end, end);
    }
}

int pixel_rows_settled(const pixel_debts *debts, size_t rows, int32_t end) {
    int32_t column = debts->column + end;
    for (size_t r = 0; r < rows; r++) {
        if (debts->settled[r] < column) {
            return 0;
        }
    }
    return 1;
}

void pixel_settle_all(uint32_t *base, size_t width, size_t stride, size_t height,
                      int32_t *settled, const uint32_t *owed) {
    size_t y = 0;
    while (y < height) {
        size_t from = (size_t)settled[y];
        if (from >= width) {
            y++;
            continue;
        }
        size_t end = y + 1;
        if (from == 0 && stride == width) {
            while (end < height && settled[end] == 0 && owed[end] == owed[y]) {
                end++;
            }
        }
        pixel_fill32(base + y * stride + from, owed[y], (end - y) * width - from);
        for (size_t r = y; r < end; r++) {
            settled[r] = (int32_t)width;
        }
        y = end;
    }
}

atomic_int pixel_fill_cpu_extensions = 1;

void pixel_fill_allow_cpu_extensions(int allowed) {
    atomic_store_explicit(&pixel_fill_cpu_extensions, allowed != 0, memory_order_relaxed);
}
