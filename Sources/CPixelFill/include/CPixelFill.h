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
/// Flat runs (steps of eight equal pixels) reuse one result; on x86-64 CPUs with AVX2 (or
/// AVX-512) the vector multiplies run eight lanes at once. Results are identical on every CPU
/// and path.
void pixel_luma_red(uint32_t *px, size_t count, uint32_t wr, uint32_t wg, uint32_t wb);

/// Source-over of the premultiplied color `s` (`0xAARRGGBB`) onto `count` pixels from `dst`,
/// pixel i at coverage `coverage[i]` (0…255): `sc = s·c/255`, then `sc + d·(255 − sc_a)/255`
/// per channel, with Raster's exact rounding division by 255, so the result is bit for bit
/// PixelMath's `sourceOver(scale(s, c), d)`. Eight pixels a step: coverage all 0 is skipped,
/// all 255 with an opaque `s` is a store, the rest blends in 16-bit vector lanes (AVX-512 or
/// AVX2 on x86-64 CPUs that have them).
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
/// of coverage and few branches to mispredict, which is why glyphs blend faster this way than
/// row by row (docs/performance.md says how to measure it).
void pixel_blend_mask_plan(
    uint32_t *dst, size_t stride, uint32_t s, const pixel_mask_step *steps, size_t count);

/// One line segment for a scan converter, top to bottom (`y0` < `y1`), x relative to the
/// fill's left clip column: Raster's `Edge`.
typedef struct {
    float x0;
    float y0;
    float x1;
    float y1;
    /// +1 where the original segment ran downward, −1 upward: the winding contribution.
    float direction;
} pixel_edge;

/// Deposits the signed areas of the edges `edges[active[k]]` (k < `count`) for rows
/// `top..<end` into a band of cells starting at row `top`: `cols` cells a row in `acc`, and
/// `row_words` words a row in `bits` (`words` words of touched-cell bits, then the summary
/// bits; see `pixel_sweep_row`).
///
/// Each row an edge crosses gets the area right of the edge's piece in it: the part of a cell
/// the piece leaves uncovered goes to that cell, the rest to the cells after it, so that a
/// running sum along the row is each pixel's exact covered area (FreeType's `ftgrays.c`,
/// font-rs). Edges ending at or above `top` are skipped.
void pixel_accumulate(
    const pixel_edge *edges, const intptr_t *active, size_t count, int32_t top, int32_t end,
    size_t cols, size_t words, size_t row_words, float *acc, uint64_t *bits);

/// A stretch of one row from `pixel_sweep_row`: `count` pixels from column `x`.
typedef struct {
    int32_t x;
    int32_t count;
    /// For a run: the coverage (1…255) of every pixel. For a mask: where its bytes start in
    /// the coverage bytes that come with the spans (the sweep's: its column `x`; a recorded
    /// shape's: an offset in its packed bytes).
    uint32_t coverage;
    /// `PIXEL_SPAN_RUN` or `PIXEL_SPAN_MASK`.
    uint32_t kind;
} pixel_span;

/// Pixels of one coverage.
#define PIXEL_SPAN_RUN 0
/// Pixels of their own coverage: pixel `x + i` has byte `coverage + i` of the coverage bytes.
#define PIXEL_SPAN_MASK 1

/// Turns one row of a scan converter's accumulated areas into spans of coverage, clearing
/// what it reads.
///
/// `acc` holds the row's cells: cell x is the signed area change at column x, so the running
/// sum through x is column x's winding (see Raster's FillPath). `bits` has `words` words, bit x
/// set when cell x may be nonzero, then one summary bit per word (bit w: word w is not 0); only
/// the groups of eight cells that hold a set bit are read, and those cells, bits and summary
/// words are zeroed. `acc` must extend to the end of the last group a bit can mark (a multiple
/// of eight cells).
///
/// Coverage is `min(|sum|, 1)` (nonzero) or `|sum|` folded modulo 2 (`even_odd` ≠ 0), then
/// `⌊c·255 + 0.5⌋`; with `antialias` 0, 255 from ½ up and 0 below. Between groups coverage is
/// constant. Writes to `spans`, left to right and within `0..<width`, runs of constant nonzero
/// coverage and masks for the groups whose coverage varies (their bytes go to `coverage` at
/// the same columns, and a mask's `coverage` field is its column; adjacent masks are one
/// span); a group of only 0 and 255 becomes runs.
/// Returns how many spans; `spans` needs room for `width / 2 + 8` (a group of eight gives at
/// most four: runs of 255 between 0s).
size_t pixel_sweep_row(
    float *acc, uint64_t *bits, size_t words, size_t width, int even_odd, int antialias,
    uint8_t *coverage, pixel_span *spans);

/// What a deferred clear still owes in one row (Raster's `DeferredClear`): the pixels right
/// of the mark `*settled` owe the color `owed`.
typedef struct {
    /// The row's mark, in storage columns: left of it the pixels hold what was drawn.
    int32_t *settled;
    /// The storage column of the drawing's column 0.
    int32_t column;
    /// The color the unsettled pixels owe.
    uint32_t owed;
} pixel_debt;

/// Before pixels `x..<end` of a row are drawn (`dst` is its column 0 of the drawing): writes
/// the owed color from the mark up to `store_from` (`x` for pixels stored unread, `end` for
/// pixels blended), and moves the mark to `end`. Nothing when the mark is at `end` or beyond.
/// Inline (here, not in a .c file): Swift's `DeferredClear` and the span blend both call it
/// once per span, and nearly always it only compares.
static inline void
pixel_settle(uint32_t *dst, const pixel_debt *debt, int32_t store_from, int32_t end) {
    int32_t from = *debt->settled - debt->column;
    if (from >= end) {
        return;
    }
    if (from < store_from) {
        pixel_fill32(dst + from, debt->owed, (size_t)(store_from - from));
    }
    *debt->settled = end + debt->column;
}

/// What a deferred clear still owes in consecutive rows: row k's mark is `settled[k]`, its
/// color `owed[k]`, both counted from the first row (see `pixel_debt`).
typedef struct {
    int32_t *settled;
    const uint32_t *owed;
    /// The storage column of the drawing's column 0.
    int32_t column;
} pixel_debts;

/// Settles `rows` rows up to column `end` (`pixel_settle(row, debt, end, end)` on each): before
/// pixels left of `end` in each are read or blended. `dst` is the first row's column 0.
void pixel_settle_rows(uint32_t *dst, size_t stride, size_t rows, const pixel_debts *debts,
                       int32_t end);

/// Whether each of `rows` rows holds what was drawn up to column `end` (owes nothing left of it).
int pixel_rows_settled(const pixel_debts *debts, size_t rows, int32_t end);

/// Settles a whole storage of `height` rows of `width` pixels (`stride` apart), whose row y
/// owes `owed[y]` from column `settled[y]` on, and marks every row settled. Consecutive rows
/// owing the same color from their first pixel, back to back in memory, go out as one fill, so
/// a cleared screen with nothing drawn on it is one `memset`-speed store.
void pixel_settle_all(uint32_t *base, size_t width, size_t stride, size_t height,
                      int32_t *settled, const uint32_t *owed);

/// Draws one row's spans from `pixel_sweep_row` on each of `rows` rows, in the premultiplied
/// color `s`, source-over: `dst` is the first row's column 0, `stride` the pixels from one
/// row to the next, `coverage` the bytes the masks' `coverage` fields index. A run of coverage
/// 255 with an opaque `s` is a store; everything else blends with `pixel_blend_mask`'s
/// arithmetic, bit for bit. `debts` (NULL: none owed) holds the rows' deferred clear, settled
/// before each span, and not under a store. One call for a band of rows a shape repeats (the
/// middle rows of a tile), with no call per row.
void pixel_blend_spans(
    uint32_t *dst, size_t stride, size_t rows, uint32_t s, const pixel_span *spans, size_t count,
    const uint8_t *coverage, const pixel_debts *debts);

/// A band of a recorded shape (Raster's `ShapeCache`): rows `y..<y + count` all have the spans
/// `first_span..<first_span + span_count` of the shape's spans.
typedef struct {
    int32_t y;
    int32_t count;
    int32_t first_span;
    int32_t span_count;
} pixel_span_band;

/// `pixel_blend_spans` for each of a recorded shape's `count` bands, in one call: `dst` is
/// row 0, column 0 of the drawing (the spans' column 0), `debts` (NULL: none owed) the
/// deferred clear from row 0.
void pixel_blend_span_bands(
    uint32_t *dst, size_t stride, uint32_t s, const pixel_span_band *bands, size_t count,
    const pixel_span *spans, const uint8_t *coverage, const pixel_debts *debts);

/// Prepares a recorded shape for `pixel_blend_mask_plan`, as `pixel_mask_plan` would from a mask
/// of its box: the box's column `left` and row `top` are step (0, 0), and it is `width` pixels
/// wide (8 ≤ `width` ≤ 65535; every span inside it, and the rows within 65535 of `top`).
/// `row` is scratch for `width` bytes, all 0 (they are 0 again on return). Writes the steps
/// to `steps` (NULL counts them) and returns how many. Works band by band, a band's rows
/// sharing one row's steps, so the work grows with the spans, not with the box's area.
size_t pixel_span_plan(
    const pixel_span_band *bands, size_t count, const pixel_span *spans, const uint8_t *coverage,
    int32_t left, int32_t top, size_t width, uint8_t *row, pixel_mask_step *steps);

/// The CPU paths the kernels may take, for `pixel_fill_allow_cpu_extensions`: the baseline
/// every CPU of the architecture runs (what an x86-64 CPU without AVX2 computes), AVX2 at
/// most, or everything found at run time (AVX-512 too; the default). On AArch64 (a 64-bit
/// Raspberry Pi) there is one path at every level: the kernels' vectors compile to NEON,
/// which ARMv8-A requires of every CPU, and no wider extension is found on those boards.
#define PIXEL_CPU_BASELINE 0
#define PIXEL_CPU_AVX2 1
#define PIXEL_CPU_ALL 2

/// Lets the kernels use the CPU extensions found at run time up to `level` (one of the
/// `PIXEL_CPU_` values). The tests step through the levels to check every path agrees.
void pixel_fill_allow_cpu_extensions(int level);

/// One turn of a spin-wait loop: tells the CPU that this core waits on memory another core
/// writes (x86 `pause`, ARM `yield`), so the wait yields pipeline resources and wakes quickly.
static inline void pixel_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
    __asm__ __volatile__("yield");
#endif
}

// Frames made from finished pictures (motion, the photos view): the cross-fade of two frames
// and a layer laid over one, in a header of their own.
#include "Compose.h"

#endif
