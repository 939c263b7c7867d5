#!/usr/bin/env bash
# Builds and runs the Cairo version of the reference scene (docs/bench-scene.md), for
# comparison with `nightstand bench`. Usage: Benchmarks/cairo/run.sh [--size WxH] [--out scene.png]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if ! pkg-config --exists cairo freetype2; then
    sudo_cmd=""; [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get install -y libcairo2-dev libfreetype-dev fonts-dejavu-core >/dev/null
fi
out=${TMPDIR:-/tmp}/nightstand-cairo-bench
gcc -O2 -o "$out" "$here/standby_pair.c" $(pkg-config --cflags --libs cairo freetype2) -lm
exec "$out" "$@"
