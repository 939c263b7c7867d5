#include <limits.h>

#include "CPixelFill.h"
#include "CPUExtensions.h"
#include "FillVectors.h"

#if defined(__x86_64__)
/// `fill_vectors` compiled for AVX2 (32-byte stores), for fills of eight pixels or more.
__attribute__((target("avx2"))) static void fill_avx2(uint32_t *dst, uint32_t value, size_t count) {
    fill_vectors(dst, value, count);
}
#endif

void pixel_fill32(uint32_t *dst, uint32_t value, size_t count) {
#if defined(__x86_64__)
    if (count < 8) {
        for (size_t i = 0; i < count; i++) {
            dst[i] = value;
        }
        return;
    }
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

/// The lowest of `rows` marks: a reduction the compiler vectorizes, where a loop that stops at
/// the first unsettled row would not be.
static int32_t lowest_mark(const int32_t *settled, size_t rows) {
    int32_t lowest = INT32_MAX;
    for (size_t r = 0; r < rows; r++) {
        lowest = settled[r] < lowest ? settled[r] : lowest;
    }
    return lowest;
}

int pixel_rows_settled(const pixel_debts *debts, size_t rows, int32_t end) {
    return lowest_mark(debts->settled, rows) >= debts->column + end;
}

void pixel_settle_rows(uint32_t *dst, size_t stride, size_t rows, const pixel_debts *debts,
                       int32_t end) {
    if (pixel_rows_settled(debts, rows, end)) {
        return;  // the usual case: a glyph on a tile drawn before it
    }
    for (size_t r = 0; r < rows; r++) {
        pixel_debt debt = {debts->settled + r, debts->column, debts->owed[r]};
        pixel_settle(dst + r * stride, &debt, end, end);
    }
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

atomic_int pixel_fill_cpu_extensions = PIXEL_CPU_ALL;

void pixel_fill_allow_cpu_extensions(int level) {
    atomic_store_explicit(&pixel_fill_cpu_extensions, level, memory_order_relaxed);
}
