#ifndef CPIXELFILL_CPU_EXTENSIONS_H
#define CPIXELFILL_CPU_EXTENSIONS_H

#include <stdatomic.h>

/// Whether the kernels may take a path for a CPU extension found at run time (AVX2); set by
/// `pixel_fill_allow_cpu_extensions`. Read relaxed: every path gives the same results, so a
/// kernel that reads the old value is still right.
extern atomic_int pixel_fill_cpu_extensions;

/// Whether this CPU has AVX2 and the kernels may use it.
static inline int pixel_fill_use_avx2(void) {
#if defined(__x86_64__)
    return atomic_load_explicit(&pixel_fill_cpu_extensions, memory_order_relaxed) &&
           __builtin_cpu_supports("avx2");
#else
    return 0;
#endif
}

#endif
