#!/usr/bin/env bash
# Measures `nightstand run` idling on the headless backend with the default clock and date:
# time to the first frame, wake-ups per minute (voluntary context switches of all threads,
# from /proc/PID/task/*/status), CPU time extrapolated to an hour, and peak RSS (VmHWM).
#
#   Benchmarks/host/measure.sh [SIZE] [SECONDS]      # defaults: 1920x1080, 180
#
# Uses .build/release/nightstand (build it with `swift build -c release` first).
set -euo pipefail
cd "$(dirname "$0")/../.."
size="${1:-1920x1080}"
seconds="${2:-180}"
bin=.build/release/nightstand
work=$(mktemp -d)
trap 'kill $pid 2>/dev/null || true; rm -rf "$work"' EXIT
cat > "$work/config.toml" <<TOML
[display]
backend = "headless"
size = "$size"
output = "$work/screen.png"
[ambient]
sensor = "none"
TOML
start=$(date +%s%N)
"$bin" run --config "$work/config.toml" --socket "$work/control.sock" --log-level warning &
pid=$!
while [ ! -e "$work/screen.png" ]; do sleep 0.001; done
first=$(date +%s%N)
echo "first_frame_ms=$(( (first - start) / 1000000 ))"
switches() { cat /proc/$pid/task/*/status | awk '/^voluntary_ctxt_switches/ {s += $2} END {print s}'; }
cpu_ticks() { awk '{print $14 + $15}' /proc/$pid/stat; }
sleep 5   # let start-up settle: provider fetches, the first minute's frame
s0=$(switches); c0=$(cpu_ticks); t0=$(date +%s%N)
sleep "$seconds"
s1=$(switches); c1=$(cpu_ticks); t1=$(date +%s%N)
elapsed=$(( (t1 - t0) / 1000000 ))
hz=$(getconf CLK_TCK)
awk -v s=$((s1 - s0)) -v c=$((c1 - c0)) -v ms=$elapsed -v hz=$hz 'BEGIN {
    printf "wakeups_per_min=%.1f\n", s / (ms / 60000)
    printf "cpu_s_per_hour=%.2f\n", (c / hz) / (ms / 3600000)
}'
echo "peak_rss_mib=$(awk '/VmHWM/ {printf "%.1f", $2 / 1024}' /proc/$pid/status)"
echo "size=$size measured_s=$((elapsed / 1000))"
