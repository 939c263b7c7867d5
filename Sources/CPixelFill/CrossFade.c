#include <string.h>

#include "CPUExtensions.h"
#include "CrossFade.h"

/// 32 bytes: eight pixels' channels.
typedef uint8_t bytes32 __attribute__((vector_size(32)));
/// The same 32 channels widened to 16-bit lanes.
typedef int16_t lanes32 __attribute__((vector_size(64)));

/// The blend (see CrossFade.h), eight pixels a step, the rest one channel at a time with the
/// same arithmetic.
static inline __attribute__((always_inline)) void
cross_fade(uint32_t *dst, const uint32_t *a, const uint32_t *b, size_t count, uint32_t weight) {
    const int16_t w = (int16_t)(weight > 128 ? 128 : weight);
    const lanes32 wv = (lanes32){0} + w;
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        bytes32 va, vb;
        memcpy(&va, a + i, sizeof va);
        memcpy(&vb, b + i, sizeof vb);
        lanes32 la = __builtin_convertvector(va, lanes32);
        lanes32 lb = __builtin_convertvector(vb, lanes32);
        lanes32 d = la + (((lb - la) * wv + 64) >> 7);
        bytes32 out = __builtin_convertvector(d, bytes32);
        memcpy(dst + i, &out, sizeof out);
    }
    const uint8_t *pa = (const uint8_t *)(a + i);
    const uint8_t *pb = (const uint8_t *)(b + i);
    uint8_t *pd = (uint8_t *)(dst + i);
    for (size_t k = 0; k < (count - i) * 4; k++) {
        int d = pa[k] + (((pb[k] - pa[k]) * w + 64) >> 7);
        pd[k] = (uint8_t)d;
    }
}

PIXEL_KERNEL(pixel_cross_fade, cross_fade,
             (uint32_t *dst, const uint32_t *a, const uint32_t *b, size_t count, uint32_t weight),
             (dst, a, b, count, weight))
