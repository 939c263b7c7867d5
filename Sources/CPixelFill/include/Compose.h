#ifndef CPIXELFILL_COMPOSE_H
#define CPIXELFILL_COMPOSE_H

#include <stddef.h>
#include <stdint.h>

/// Blends `count` pixels of `a` and `b` into `dst` at `weight`/128 (0…128): each byte
/// `(a·(128 − weight) + b·weight + 64) >> 7` (that is `a + ((b − a)·weight + 64) >> 7`, an
/// arithmetic shift), so 0 gives `a` and 128 gives `b` exactly and every result lies between
/// its two inputs. 32 bytes a step in unsigned 16-bit lanes (the sum stays below 2¹⁶): SSE2 on
/// any x86-64, AVX2 or AVX-512 where the CPU has them, NEON on ARM; the same results on every
/// path. `dst` may be `a` or `b`.
void pixel_cross_fade(uint32_t *dst, const uint32_t *a, const uint32_t *b, size_t count,
                      uint32_t weight);

/// Lays `count` premultiplied pixels of `src` over `dst`, source over:
/// `s + d·(255 − sₐ)/255` per channel with Raster's exact rounding division
/// (`(t + 128 + ((t + 128) >> 8)) >> 8`), bit for bit PixelMath's `sourceOver`. Eight pixels a
/// step: all transparent is skipped, all opaque stored, the rest blended in 16-bit lanes
/// (a channel times 255 − alpha, plus the rounding, stays below 2¹⁶). A layer of text, mostly
/// empty, costs little more than its glyphs.
void pixel_source_over(uint32_t *dst, const uint32_t *src, size_t count);

#endif
