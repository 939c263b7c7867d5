#!/usr/bin/env bash
# Measures what the view layer costs per frame of `nightstand bench`, in figures that do not
# depend on the machine's load: instructions (valgrind's callgrind) and heap allocations
# (valgrind's DHAT) of one frame of the reference scene built from views
# (ReferenceSceneViews.draw) against one frame drawn with Raster directly (ReferenceScene.draw).
#
#   Benchmarks/viewcost/measure.sh [SIZE]      # default: 800x480
#
# prints, for example,
#   size=800x480 view_frame_ir=3015964 raw_frame_ir=2766197 view_layer_ir=249767 \
#       view_frame_allocs=428 raw_frame_allocs=263 view_layer_allocs=165
# (one line)
#
# Each figure is the difference between runs of 50 and of 10 repeats, divided by the frames
# between them, so start-up and the warm-up frames (glyph cache, type metadata) cancel out.
# A repeat draws the view frame once and the Raster frame twice (timed, and before the night
# pass); the bench runs with --no-uncached, so every Raster frame replays its shapes, as the
# view frames do. Uses .build/release/nightstand (build it with `scripts/build-release` first) and
# valgrind (`apt-get install valgrind`); the binary is copied without its DWARF 5 debug
# information, which valgrind 3.19 cannot read. Hashing is seeded the same in every run
# (SWIFT_DETERMINISTIC_HASHING): allocations repeat exactly, instructions within about 0.1 %.
set -euo pipefail
export SWIFT_DETERMINISTIC_HASHING=1
cd "$(dirname "$0")/../.."
size="${1:-800x480}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bin="$work/nightstand"
objcopy --strip-debug .build/release/nightstand "$bin"

symbol() {  # $1: the start of a mangled name, e.g. 13NightstandKit14ReferenceSceneV4draw2on
    # (the function itself, not a closure or specialization inside it: those end otherwise)
    nm "$bin" | awk -v p="\$s$1" 'index($3, p) == 1 && $3 ~ /(CanvasC_tF|PartsVtF)$/ && !n++ {print $3}'
}
views=$(symbol 13NightstandKit19ReferenceSceneViewsV4draw2on)
raw=$(symbol 13NightstandKit14ReferenceSceneV4draw2on)
[ -n "$views" ] && [ -n "$raw" ] || { echo "measure.sh: draw functions not found in $bin" >&2; exit 1; }

for repeats in 10 50; do
    for which in views raw; do
        valgrind --tool=callgrind --toggle-collect="${!which}" \
            --callgrind-out-file="$work/$which-$repeats.callgrind" \
            "$bin" bench --size "$size" --repeats "$repeats" --no-uncached >/dev/null 2>&1
    done
    valgrind --tool=dhat --num-callers=200 --dhat-out-file="$work/$repeats.dhat" \
        "$bin" bench --size "$size" --repeats "$repeats" --no-uncached >/dev/null 2>&1
done

python3 - "$work" "$size" <<'PYTHON'
import json, sys
work, size = sys.argv[1], sys.argv[2]

def instructions(path):
    """The instructions callgrind collected: those inside the toggled function."""
    with open(path) as f:
        for line in f:
            if line.startswith("totals:") or line.startswith("summary:"):
                return int(line.split()[1])
    raise SystemExit(f"measure.sh: no totals in {path}")

def allocations(path):
    """Heap blocks allocated under each draw function, by the frames of each stack."""
    d = json.load(open(path))
    counts = {"views": 0, "raw": 0}
    for pp in d["pps"]:
        for i in pp["fs"]:
            frame = d["ftbl"][i]
            if "ReferenceSceneViewsV4draw2on" in frame:
                counts["views"] += pp["tbk"]
                break
            if "ReferenceSceneV4draw2on" in frame:
                counts["raw"] += pp["tbk"]
                break
    return counts

frames = {"views": 40, "raw": 80}
ir = {w: (instructions(f"{work}/{w}-50.callgrind") - instructions(f"{work}/{w}-10.callgrind"))
      / frames[w] for w in frames}
a10, a50 = allocations(f"{work}/10.dhat"), allocations(f"{work}/50.dhat")
allocs = {w: (a50[w] - a10[w]) / frames[w] for w in frames}
print(f"size={size} view_frame_ir={ir['views']:.0f} raw_frame_ir={ir['raw']:.0f}"
      f" view_layer_ir={ir['views'] - ir['raw']:.0f}"
      f" view_frame_allocs={allocs['views']:.0f} raw_frame_allocs={allocs['raw']:.0f}"
      f" view_layer_allocs={allocs['views'] - allocs['raw']:.0f}")
PYTHON
