#!/usr/bin/env bash
# Where a frame of the reference scene (shared/bench/SCENE.md) spends its time, by the Canvas
# call of ReferenceScene.draw it is in: `perf record -g` of `nightstand bench`, each sample
# under ReferenceScene.draw counted for the Canvas method directly below it (fill: the tiles,
# with the clear's pixels beside them on their rows; stroke: the ring's track and progress arc;
# drawText: the four runs; settlePixels: the rest of the deferred clear, the rows and row ends
# nothing was drawn on).
#
#   Benchmarks/raster/breakdown.sh [SIZE]      # default 1920x1080; needs perf
#
# prints the share of each call, and its microseconds per frame from the bench's frame_ms.
# Uses .build/release/nightstand (build it with `scripts/build-release` first).
set -euo pipefail
cd "$(dirname "$0")/../.."
size="${1:-1920x1080}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
perf record -q -g -o "$work/perf.data" .build/release/nightstand bench --size "$size" \
    --repeats 2000 >"$work/bench.txt" 2>/dev/null
frame_ms=$(sed -n 's/.* frame_ms=\([0-9.]*\) .*/\1/p' "$work/bench.txt")
# perf script prints each sample's stack innermost first, one frame a line ("address symbol"),
# a blank line between samples. settlePixels is inlined into ReferenceScene.draw, so its
# samples sit in PixelStorage.settleAll.
perf script -i "$work/perf.data" --no-demangle -F ip,sym 2>/dev/null | awk -v ms="$frame_ms" '
    /^[[:space:]]*$/ {
        if (inside) { calls[below]++; total++ }
        below = ""; previous = ""; inside = 0; next
    }
    {
        sym = $2
        if (!inside && sym ~ /14ReferenceSceneV4draw2on/) { inside = 1; below = previous }
        if (!inside) previous = sym
    }
    END {
        for (c in calls) {
            name = c ~ /12PixelStorageC9settleAll/ ? "settlePixels" : c
            if (match(c, /6CanvasC[0-9]+[A-Za-z]+/)) {
                name = substr(c, RSTART + 8, RLENGTH - 8); sub(/^[0-9]+/, "", name)
            }
            if (name !~ /^(settlePixels|fill|stroke|drawText)$/) name = "other"   # paths, trig
            share[name] += calls[c]
        }
        for (n in share)
            printf "%-10s %5.1f %%  %6.0f us\n", n, 100 * share[n] / total, 1000 * ms * share[n] / total
    }' | sort -k2 -rn
echo "frame_ms=$frame_ms ($size)"
