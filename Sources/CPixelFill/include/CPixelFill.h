#ifndef CPIXELFILL_H
#define CPIXELFILL_H

#include <stddef.h>
#include <stdint.h>

/// Stores `value` into `count` 32-bit pixels from `dst`, as fast as `memset`. On x86-64, a
/// frame-sized fill (64 Ki pixels and up) is one `rep stosd` (the CPU's fast-string path
/// writes whole cache lines without reading them); shorter ones, a tile's rows, use 32-byte
/// AVX2 stores where the CPU has them, else `rep stosd` too. Elsewhere a loop the C compiler
/// vectorizes.
void pixel_fill32(uint32_t *dst, uint32_t value, size_t count);

/// Maps `count` premultiplied pixels (`0xAARRGGBB`) in place to red-only luma:
/// R = (wr·r + wg·g + wb·b + 2^15) >> 16, G = B = 0, alpha kept. The weights are 16.16 fixed
/// point and must sum to at most 65536 (then R never exceeds alpha and no sum overflows).
/// Flat runs (steps of eight equal pixels) reuse one result; on x86-64 CPUs with AVX2 the vector
/// multiplies run eight lanes at once. Results are identical on every CPU and path.
void pixel_luma_red(uint32_t *px, size_t count, uint32_t wr, uint32_t wg, uint32_t wb);

/// Source-over of the premultiplied color `s` (`0xAARRGGBB`) onto `count` pixels from `dst`,
/// pixel i at coverage `coverage[i]` (0…255): `sc = s·c/255`, then `sc + d·(255 − sc_a)/255`
/// per channel, with Raster's exact rounding division by 255, so the result is bit for bit
/// PixelMath's `sourceOver(scale(s, c), d)`. Eight pixels a step: coverage all 0 is skipped,
/// all 255 with an opaque `s` is a store, the rest blends in 16-bit vector lanes (AVX2 on
/// x86-64 CPUs that have it).
void pixel_blend_mask(uint32_t *dst, uint32_t s, const uint8_t *coverage, size_t count);

/// One step of a coverage mask prepared by `pixel_mask_plan`: `count` pixels of row `y` from
/// column `x`.
typedef struct {
    /// The first column.
    uint16_t x;
    /// The row.
    uint16_t y;
    /// Pixels: a run of full coverage (8 or more), or a window of 4 or 8.
    uint16_t count;
    /// `PIXEL_MASK_FULL` or `PIXEL_MASK_PARTIAL`.
    uint16_t kind;
    /// For a window: byte i is the coverage of pixel `x + i`, 0 where another step covers it.
    uint64_t coverage;
} pixel_mask_step;

/// A step whose pixels all have coverage 255.
#define PIXEL_MASK_FULL 0
/// A window of partial coverage (zeros, 255s and anything between).
#define PIXEL_MASK_PARTIAL 1

/// Prepares a `width` × `height` coverage mask (rows packed) for `pixel_blend_mask_plan`: writes
/// its steps to `steps` (NULL counts them) and returns how many. Every pixel of coverage 1…255
/// is in exactly one step; uncovered stretches have none. Runs of eight or more full pixels
/// come first, then the windows of four pixels, then those of eight; a window is a covered
/// pixel and the three or seven after it (four when the rest of eight are uncovered or start a
/// full run). Needs 8 ≤ `width` ≤ 65535 and `height` ≤ 65535; otherwise returns 0.
size_t pixel_mask_plan(
    const uint8_t *mask, size_t width, size_t height, pixel_mask_step *steps);

/// `pixel_blend_mask` over a whole prepared mask: its pixel (x, y) onto `dst[y·stride + x]`, with
/// the same arithmetic, bit for bit. Runs of full coverage are stores when `s` is opaque; the
/// windows blend four or eight pixels at once. Each kind of step goes in one loop, with no test
/// of coverage and few branches to mispredict: the reference scene's text (glyphs 80 to 240 px
/// tall) blends in 60 % of the time `pixel_blend_mask` takes row by row (17 µs, not 29, per
/// 1920x1080 frame).
void pixel_blend_mask_plan(
    uint32_t *dst, size_t stride, uint32_t s, const pixel_mask_step *steps, size_t count);

/// Lets the kernels use CPU extensions found at run time (`allowed` ≠ 0, the default) or keeps
/// them on the baseline path every CPU of the architecture runs (0): what a Raspberry Pi or an
/// x86-64 CPU without AVX2 computes. The tests turn it off to check both paths agree.
void pixel_fill_allow_cpu_extensions(int allowed);

#endif
