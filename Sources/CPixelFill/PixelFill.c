#include "CPixelFill.h"
#include "CPUExtensions.h"

void pixel_fill32(uint32_t *dst, uint32_t value, size_t count) {
#if defined(__x86_64__)
    // The System V ABI guarantees the direction flag is clear on entry: stores go upward.
    __asm__ volatile("rep stosl" : "+D"(dst), "+c"(count) : "a"(value) : "memory");
#else
    for (size_t i = 0; i < count; i++) {
        dst[i] = value;
    }
#endif
}

atomic_int pixel_fill_cpu_extensions = 1;

void pixel_fill_allow_cpu_extensions(int allowed) {
    atomic_store_explicit(&pixel_fill_cpu_extensions, allowed != 0, memory_order_relaxed);
}
