#!/usr/bin/env bash
# Where a frame of the reference scene (docs/bench-scene.md) spends its time: the frame drawn
# part by part (`nightstand bench --parts`), each part's cost the time it adds to the frame.
#
#   Benchmarks/raster/breakdown.sh [SIZE] [ROUNDS]     # default 800x480, 7 rounds
#
# prints, in microseconds per frame (medians over the rounds, the partial frames interleaved),
#   clear     the clear and its settling alone (the empty frame)
#   tiles     what the two tiles add
#   ring      what the ring's track and arc add
#   text      what the four text runs add
#   frame     all of it, next to memset (the frame's bytes written once)
#
# Why not a profiler's samples: the tiles' stores are still draining to the cache when the
# ring and the text are drawn, and `perf record` (a timer on this VM, with no cycle counter)
# charges that to them; an earlier version of this script counted 19 µs of an 800x480 frame
# for the ring that adds 5. Uses .build/release/nightstand (`scripts/build-release` first).
set -euo pipefail
cd "$(dirname "$0")/../.."
size="${1:-800x480}"
rounds="${2:-7}"
parts=(none tiles tiles,ring tiles,ring,text)
for _ in $(seq "$rounds"); do
    for p in "${parts[@]}"; do
        .build/release/nightstand bench --size "$size" --repeats 2000 --parts "$p"
    done
done | awk -v size="$size" '
    {
        for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
        n[f["parts"]]++; t[f["parts"], n[f["parts"]]] = f["frame_ms"] * 1000
        m++; mem[m] = f["memset_ms"] * 1000
    }
    function median(key,   k, c, a, i, j, x) {
        c = n[key]; for (k = 1; k <= c; k++) a[k] = t[key, k]
        for (i = 2; i <= c; i++) { x = a[i]; for (j = i - 1; j > 0 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
        return c % 2 ? a[(c + 1) / 2] : (a[c / 2] + a[c / 2 + 1]) / 2
    }
    END {
        for (k = 1; k <= m; k++) t["memset", k] = mem[k]; n["memset"] = m
        clear = median("none"); tiles = median("tiles"); ring = median("tiles,ring")
        all = median("tiles,ring,text"); ms = median("memset")
        printf "clear %6.1f us\ntiles %6.1f us\nring  %6.1f us\ntext  %6.1f us\n", clear, tiles - clear, ring - tiles, all - ring
        printf "frame %6.1f us (%s), memset %.1f us: %.2fx\n", all, size, ms, all / ms
    }'
