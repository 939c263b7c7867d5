#ifndef CPIXELFILL_CPU_EXTENSIONS_H
#define CPIXELFILL_CPU_EXTENSIONS_H

#include <stdatomic.h>

#include "CPixelFill.h"

/// How far the kernels may go in CPU extensions found at run time, a `PIXEL_CPU_` level (the
/// default: `PIXEL_CPU_ALL`); set by `pixel_fill_allow_cpu_extensions`. Read relaxed: every
/// path gives the same results, so a kernel that reads the old value is still right.
extern atomic_int pixel_fill_cpu_extensions;

/// Whether the kernels may go as far as `level` (see `pixel_fill_cpu_extensions`).
static inline int pixel_fill_allows(int level) {
    return atomic_load_explicit(&pixel_fill_cpu_extensions, memory_order_relaxed) >= level;
}

#if defined(__x86_64__)
/// Whether this CPU has AVX2 and the kernels may use it.
static inline int pixel_fill_use_avx2(void) {
    return pixel_fill_allows(PIXEL_CPU_AVX2) && __builtin_cpu_supports("avx2");
}

/// Whether this CPU has AVX-512 with 16-bit lanes (AVX512BW) and the kernels may use it.
static inline int pixel_fill_use_avx512(void) {
    return pixel_fill_allows(PIXEL_CPU_ALL) && __builtin_cpu_supports("avx512bw");
}
#endif

/// Defines the public kernel `name`, whose parameters are `params` (a parenthesized list), as
/// the always-inline `generic` called with `args`, compiled once for each path and run on the
/// best one the CPU and `pixel_fill_cpu_extensions` allow: AVX-512 (with 16-bit lanes,
/// AVX512BW), AVX2, or the baseline. The code is the same C vectors on every path; only the
/// registers the compiler splits them into differ, so every path gives the same results.
#if defined(__x86_64__)
#define PIXEL_KERNEL(name, generic, params, args)                                                \
    __attribute__((target("avx512bw"))) static void name##_avx512 params { generic args; }       \
    __attribute__((target("avx2"))) static void name##_avx2 params { generic args; }             \
    void name params {                                                                          \
        if (pixel_fill_use_avx512()) {                                                          \
            name##_avx512 args;                                                                 \
        } else if (pixel_fill_use_avx2()) {                                                     \
            name##_avx2 args;                                                                   \
        } else {                                                                                \
            generic args;                                                                       \
        }                                                                                       \
    }
#else
// AArch64: the generic code is NEON code (16-byte vectors, two or four per C vector), the
// same on every 64-bit ARM CPU; nothing to choose at run time.
#define PIXEL_KERNEL(name, generic, params, args) \
    void name params { generic args; }
#endif

#endif
